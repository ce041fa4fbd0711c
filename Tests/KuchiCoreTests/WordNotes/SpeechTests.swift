import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
import KuchiDeck

/// SpeechTests: Open JTalk says a word into a WAV file, the player found on the PATH plays it,
/// and a machine without them gets a message naming what to install.
@Suite("Speech: Open JTalk, the audio cache and the player")
struct SpeechTests {
    /// engine: the machine's engine; under CI a missing engine fails the test instead of skipping it.
    static func engine() throws -> SpeechEngine? {
        switch SpeechEngine.find() {
        case .success(let engine): return engine
        case .failure(let problem):
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI needs Open JTalk: \(problem.message)") }
            return nil
        }
    }

    /// samples: a 16-bit PCM WAV's sample rate and samples (the data chunk found by its tag).
    static func samples(_ data: Data) throws -> (rate: Int, samples: [Int16]) {
        let bytes = [UInt8](data)
        try #require(bytes.count > 44 && String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        let rate = Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16 | Int(bytes[27]) << 24
        var offset = 12
        while offset + 8 <= bytes.count {
            let tag = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if tag == "data" {
                let body = bytes[(offset + 8)..<min(offset + 8 + size, bytes.count)]
                let samples = stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map { Int16(bitPattern: UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8) }
                return (rate, samples)
            }
            offset += 8 + size
        }
        Issue.record("no data chunk")
        return (rate, [])
    }

    @Test("a word's WAV is non-silent and plausibly long (0.4–3 s), and cached for the next time")
    func wavIsSpeech() throws {
        guard let engine = try Self.engine() else { return }
        let folder = try TemporaryDirectory()
        let speaker = Speaker(engine: engine, player: nil, dataDirectory: folder.url)
        let wav = try speaker.wav(for: "ねこ")
        #expect(wav.path.hasPrefix(folder.url.appendingPathComponent("audio").path))
        let (rate, samples) = try Self.samples(try Data(contentsOf: wav))
        let seconds = Double(samples.count) / Double(rate)
        #expect(seconds > 0.4 && seconds < 3, "\(seconds) s")
        let loud = samples.filter { abs(Int($0)) > 1000 }.count
        #expect(loud > samples.count / 20, "\(loud) of \(samples.count) samples are loud")
        let made = try FileManager.default.attributesOfItem(atPath: wav.path)[.modificationDate] as? Date
        #expect(try speaker.wav(for: "ねこ") == wav)
        #expect(try FileManager.default.attributesOfItem(atPath: wav.path)[.modificationDate] as? Date == made, "read from the cache")
    }

    @Test("the player found on the PATH is called with the word's file; KUCHI_AUDIO_PLAYER wins")
    func fakePlayer() throws {
        guard let engine = try Self.engine() else { return }
        let folder = try TemporaryDirectory()
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.file("played")
        for name in ["paplay", "my-player"] {
            let script = bin.appendingPathComponent(name)
            try "#!/bin/sh\necho \"\(name) $*\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
        let player = try #require(AudioPlayer.find(environment: ["PATH": bin.path]))
        #expect(player.command == [bin.appendingPathComponent("paplay").path])
        let speaker = Speaker(engine: engine, player: player, dataDirectory: folder.url)
        try speaker.say("はし")
        let played = try String(contentsOf: log, encoding: .utf8)
        #expect(played == "paplay \(speaker.cachedFile(for: "はし").path)\n")
        let chosen = try #require(AudioPlayer.find(environment: ["PATH": bin.path, "KUCHI_AUDIO_PLAYER": "my-player --quiet"]))
        #expect(chosen.command == [bin.appendingPathComponent("my-player").path, "--quiet"])
    }

    @Test("no engine, no voice, no player: a message naming what to install")
    func missingParts() throws {
        let folder = try TemporaryDirectory()
        #expect(SpeechEngine.find(environment: ["PATH": folder.url.path]) == .failure(.noEngine))
        #expect(SpeechProblem.noEngine.message.contains("open-jtalk"))
        #expect(AudioPlayer.find(environment: ["PATH": folder.url.path]) == nil)
        #expect(SpeechProblem.noPlayer.message.contains("aplay"))
        let fake = folder.file("open_jtalk")
        try "#!/bin/sh\nexit 1\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let voiceless = SpeechEngine.find(environment: ["PATH": folder.url.path, "KUCHI_OPEN_JTALK_DIC": folder.url.path],
                                          bundledVoice: folder.file("none.htsvoice"))
        if case .success = voiceless { Issue.record("an engine without a dictionary or voice is not usable") }
        // An engine that fails says so; nothing is cached.
        let broken = SpeechEngine(program: fake.path, dictionary: folder.url.path, voice: folder.url.path)
        #expect(throws: SpeechProblem.self) { try broken.synthesize("ねこ", to: folder.file("x.wav")) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.wav").path))
    }
}
