import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#endif

/// SpeechProblem: why a word cannot be said, as one sentence that names what to install.
public enum SpeechProblem: Error, Equatable, Sendable {
    /// noEngine: `open_jtalk` is not on the PATH.
    case noEngine
    /// noDictionary: Open JTalk's dictionary is missing.
    case noDictionary
    /// noVoice: no HTS voice file was found.
    case noVoice
    /// noPlayer: no audio player was found.
    case noPlayer
    /// failed: the engine or the player ran and failed (its own words, shortened).
    case failed(String)

    /// message: what the learner reads (a notice in the app, a line from `kuchi say`).
    public var message: String {
        switch self {
        case .noEngine:
            "Audio needs Open JTalk: install the Debian packages open-jtalk and open-jtalk-mecab-naist-jdic (scripts/install-deps does)."
        case .noDictionary:
            "Audio needs Open JTalk's dictionary: install the Debian package open-jtalk-mecab-naist-jdic."
        case .noVoice:
            "Audio needs a voice: reinstall Kuchi (scripts/install keeps the Mei voice beside the deck) or set KUCHI_VOICE to an .htsvoice file."
        case .noPlayer:
            "Audio needs a player: install pipewire (pw-play), pulseaudio-utils (paplay), alsa-utils (aplay) or ffmpeg (ffplay), or set KUCHI_AUDIO_PLAYER."
        case .failed(let reason):
            "Audio failed: \(reason)"
        }
    }
}

/// SpeechEngine: Open JTalk, found on this machine — the `open_jtalk` program, its naist-jdic
/// dictionary and an HTS voice — turning a word's kana into a WAV file.
///
/// Kuchi gives it the text `VoiceTexts` holds for a word (its written form where the engine reads
/// it as the deck does, else its reading in katakana), never bare hiragana, which the engine
/// reads as particles (はは as ワワ). The voice is Mei (CC BY 3.0, kept
/// beside the bundled deck) unless `KUCHI_VOICE` names another, or Debian's nitech voice.
public struct SpeechEngine: Sendable, Equatable {
    public let program: String
    public let dictionary: String
    public let voice: String

    /// dictionaryFolders: where Debian's open-jtalk-mecab-naist-jdic puts the dictionary.
    package static let dictionaryFolders = ["/var/lib/mecab/dic/open-jtalk/naist-jdic", "/usr/share/open-jtalk/dic"]
    /// systemVoices: voices Debian packages install (contrib's nitech voice).
    package static let systemVoices = ["/usr/share/hts-voice/nitech-jp-atr503-m001/nitech_jp_atr503_m001.htsvoice",
                               "/usr/share/hts-voice/mei/mei_normal.htsvoice"]

    /// init: an engine from its three parts (tests use a fake program).
    public init(program: String, dictionary: String, voice: String) {
        self.program = program
        self.dictionary = dictionary
        self.voice = voice
    }

    /// find: the engine on this machine, or the first thing missing. `KUCHI_OPEN_JTALK`,
    /// `KUCHI_OPEN_JTALK_DIC` and `KUCHI_VOICE` override each part.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                            bundledVoice: URL? = BundledDeckLocation.url()?.deletingLastPathComponent()
                                .appendingPathComponent("voice/mei_normal.htsvoice")) -> Result<SpeechEngine, SpeechProblem> {
        guard let program = environment["KUCHI_OPEN_JTALK"].flatMap({ $0.isEmpty ? nil : $0 })
                ?? Executables.find("open_jtalk", path: environment["PATH"]) else { return .failure(.noEngine) }
        let dictionaries = [environment["KUCHI_OPEN_JTALK_DIC"]].compactMap { $0 } + dictionaryFolders
        guard let dictionary = dictionaries.first(where: { FileManager.default.fileExists(atPath: $0 + "/sys.dic") }) else {
            return .failure(.noDictionary)
        }
        let voices = [environment["KUCHI_VOICE"], bundledVoice?.path].compactMap { $0 } + systemVoices
        guard let voice = voices.first(where: { !$0.isEmpty && FileManager.default.isReadableFile(atPath: $0) }) else {
            return .failure(.noVoice)
        }
        return .success(SpeechEngine(program: program, dictionary: dictionary, voice: voice))
    }

    /// volume: the engine's volume in dB: headroom, so it never clips; `WAVLoudness` then brings
    /// every file to the same peak.
    package static let volume = "-6"
    /// loudness: the loudness rule, part of a cached file's name (a change re-synthesises).
    public static let loudness = "g\(volume)-peak\(Int(WAVLoudness.peak))"

    /// analyse: what the engine says for `text` — its spoken reading and accent phrases, from
    /// its own trace (no WAV is kept).
    public func analyse(_ text: String) throws(SpeechProblem) -> SpokenAnalysis {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-say-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.txt")
        let trace = folder.appendingPathComponent("out.trace")
        guard (try? Data((text + "\n").utf8).write(to: input)) != nil else { throw .failed("could not write in \(folder.path)") }
        let result = Executables.run(program, arguments: ["-x", dictionary, "-m", voice, "-ot", trace.path, input.path])
        guard result.status == 0, let written = try? String(contentsOf: trace, encoding: .utf8), let analysis = SpokenAnalysis(trace: written) else {
            throw .failed("open_jtalk could not analyse \(text)")
        }
        return analysis
    }

    /// synthesize: says `kana` into a WAV file at `output` (checked whole, then written beside it,
    /// flushed and renamed, so a cached file is never half written). Runs the engine as a process and waits for it: call
    /// it off the input loop.
    public func synthesize(_ kana: String, to output: URL) throws(SpeechProblem) {
        let folder = output.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(output.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        // The text goes in a file, not a pipe: an engine that exits without reading it must not
        // leave Kuchi writing into a closed pipe (SIGPIPE would end the app).
        let text = temporary.appendingPathExtension("txt")
        defer {
            try? FileManager.default.removeItem(at: temporary)
            try? FileManager.default.removeItem(at: text)
        }
        guard (try? Data((kana + "\n").utf8).write(to: text)) != nil else { throw .failed("could not write in \(folder.path)") }
        let result = Executables.run(program, arguments: ["-x", dictionary, "-m", voice, "-g", Self.volume, "-ow", temporary.path, text.path])
        guard result.status == 0, let size = try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int, size > 44 else {
            let reason = result.error.split(separator: "\n").first.map(String.init) ?? "exit status \(result.status)"
            throw .failed("open_jtalk could not say \(kana) (\(reason.prefix(80)))")
        }
        // An engine stopped by a full disk may still exit 0 with a file cut short: never cached.
        guard let data = try? BoundedFile.contents(of: temporary, limit: WAVIntegrity.maximumBytes), WAVIntegrity.isWhole(data) else {
            throw .failed("open_jtalk wrote an incomplete WAV for \(kana) (is the disk full?)")
        }
        // Written whole, flushed and renamed: the cache holds only complete files.
        do throws(PersistenceError) {
            try AtomicFile.write(WAVLoudness.normalized(data) ?? data, to: output)
        } catch {
            throw .failed("could not keep \(kana) in the audio cache: \(error.message)")
        }
    }
}
