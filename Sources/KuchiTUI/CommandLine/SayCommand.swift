import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck

/// SayCommand: `kuchi say WORD [--out FILE]` — says a word with Open JTalk, or writes its WAV.
///
/// A word of the bundled deck (its written form or its reading) is said as the app says it: from
/// the text `VoiceTexts` holds for it, so the engine says the deck's reading and accent (辛い is
/// からい, not つらい; 橋 and 箸 differ); any other text is said as written. `--json` prints what
/// the engine said, from its own trace: the text given, the reading and the accent.
struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Say a word with Open JTalk, or write its WAV file.",
        discussion: """
            A word of the bundled deck (written form or reading) is said with the deck's reading and accent; other text as written. \
            --json prints {"word", "text", "reading", "accent", "phrases"}: what Open JTalk said, read from its trace. \
            The player is KUCHI_AUDIO_PLAYER, else the first of pw-play, paplay, aplay, ffplay, afplay. \
            Exit status: 0 when said or written, 1 when Open JTalk, a voice or a player is missing or fails, 2 for usage errors.
            """
    )

    @Argument(help: ArgumentHelp("The word: kanji, kana, or a deck word's reading.", valueName: "word"))
    var word: String

    @Option(help: ArgumentHelp("Write the WAV here instead of playing it (- for standard output).", valueName: "file"),
            completion: .file(extensions: ["wav"]))
    var out: String?

    @Flag(help: "Print what was said as JSON: the text given to Open JTalk, the reading and the accent it spoke.")
    var json = false

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Kuchi's data folder (where the audio cache is).", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

    /// root: the parsed `kuchi` options (ArgumentParser gives `--data-dir` to the root when both
    /// declare it, so the root's value counts too).
    @ParentCommand var root: KuchiCommand

    /// kana: what is said for `word`: a deck word's reading, or the word itself.
    static func kana(for word: String, deck: Deck?) -> String {
        let trimmed = word.trimmingSpacesAndNewlines()
        if let entry = deck?.challenges.first(where: { $0.question == trimmed })
            ?? deck?.challenges.first(where: { $0.reading == trimmed }) {
            return Speaker.text(of: entry)
        }
        return trimmed
    }

    /// execute: says or writes the word; problems go to stderr with what to install.
    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard !word.trimmingSpacesAndNewlines().isEmpty else {
            StandardError.write("kuchi: say needs a word")
            return 2
        }
        // `--out` follows `export -o`'s rule (`ExportDestination`): a file is replaced whole, a
        // FIFO, device or process substitution is written into, a symlink is followed, a folder
        // is refused; a reader that leaves `-` (`| head -c 4`) ends Kuchi quietly, as `cat` ends.
        let destination: ExportDestination?
        do throws(ExportDestination.Failure) {
            destination = try out.map { path throws(ExportDestination.Failure) in try ExportDestination.choose(path, option: "--out") }
        } catch {
            StandardError.write("kuchi: \(error.message)")
            return 1
        }
        let dataDirectory = KuchiPaths(dataDir: dataDir ?? root.dataDir, environment: environment).dataDirectory
        let kana = Self.kana(for: word, deck: try? Deck.bundled(cache: DeckCache(dataDirectory: dataDirectory)))
        do throws(SpeechProblem) {
            let speaker = try Speaker.find(dataDirectory: dataDirectory, environment: environment).get()
            let wav = try speaker.wav(for: kana)
            if let destination {
                do throws(ExportDestination.Failure) {
                    try write(wav, to: destination)
                } catch {
                    StandardError.write("kuchi: \(error.message)")
                    return 1
                }
            } else {
                try speaker.say(kana)
            }
            if json {
                let spoken = try speaker.engine.analyse(kana)
                let said = Said(word: word.trimmingSpacesAndNewlines(), text: kana, reading: spoken.reading,
                                accent: spoken.accent, phrases: spoken.phrases)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                guard destination != .standardOutput, let data = try? encoder.encode(said) else { return StandardOutput.finish(0) }
                StandardOutput.write(String(decoding: data, as: UTF8.self))
            }
            return StandardOutput.finish(0)
        } catch {
            StandardError.write("kuchi: \(error.message)")
            return 1
        }
    }

    /// write: copies the cached WAV to `destination`; a failure is the sentence to print.
    private func write(_ wav: URL, to destination: ExportDestination) throws(ExportDestination.Failure) {
        guard let data = try? Data(contentsOf: wav) else { throw ExportDestination.Failure(message: "could not read \(wav.path).") }
        try destination.write(binary: data, what: "a WAV file")
    }

    /// run: ArgumentParser's entry; main.swift calls `execute()` directly.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}

/// Said: one `kuchi say --json` line: the word asked, the text Open JTalk was given, and the
/// reading and accent (the mora after which the pitch first falls, 0 if never; each phrase as
/// morae and accent) it spoke, read from its trace.
struct Said: Encodable {
    let word: String
    let text: String
    let reading: String
    let accent: Int
    let phrases: [[Int]]
}
