import Foundation
import KuchiTestSupport
import Testing

/// SayE2ETests: `kuchi say` — a deck word said with its reading and accent into a WAV, played through the
/// player on the PATH, and a clear message (exit 1) when Open JTalk is missing.
@Suite("kuchi say")
struct SayE2ETests {
    /// hasEngine: Open JTalk is installed (scripts/install-deps installs it); under CI a
    /// missing engine is a failure.
    static var hasEngine: Bool {
        let found = FileManager.default.isExecutableFile(atPath: "/usr/bin/open_jtalk")
        if !found, ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI needs open_jtalk (scripts/install-deps)") }
        return found
    }

    @Test("--out writes a WAV of the word (with the deck's reading) and plays nothing")
    func writesWAV() throws {
        guard Self.hasEngine else { return }
        let folder = try TemporaryDirectory()
        let out = folder.file("hashi.wav")
        let result = try runKuchi(["say", "橋", "--out", out.path, "--data-dir", folder.path("data").path])
        #expect(result.status == 0, "\(result.standardError)")
        let data = try Data(contentsOf: out)
        #expect(data.count > 20_000 && String(decoding: data.prefix(4), as: UTF8.self) == "RIFF")
        // 辛い is said からい, as the deck reads it: the same WAV as the reading itself.
        let spicy = folder.file("karai.wav"), reading = folder.file("karai-kana.wav")
        _ = try runKuchi(["say", "辛い", "--out", spicy.path, "--data-dir", folder.path("data").path])
        _ = try runKuchi(["say", "からい", "--out", reading.path, "--data-dir", folder.path("data").path])
        #expect(try Data(contentsOf: spicy) == Data(contentsOf: reading))
    }

    @Test("--json prints what Open JTalk said, from its trace: 橋 and 箸 with their own accents, 母 as はは")
    func printsWhatWasSaid() throws {
        guard Self.hasEngine else { return }
        let folder = try TemporaryDirectory()
        /// said: the JSON `kuchi say WORD --json` prints (the WAV written aside).
        func said(_ word: String) throws -> [String: Any] {
            let result = try runKuchi(["say", word, "--json", "--out", folder.file("\(word).wav").path, "--data-dir", folder.path("data").path])
            #expect(result.status == 0, "\(result.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            return try #require(object, "one JSON object: \(result.standardOutput)")
        }
        let bridge = try said("橋"), chopsticks = try said("箸"), mother = try said("母")
        #expect(bridge["reading"] as? String == "はしが" && bridge["accent"] as? Int == 2, "\(bridge)")
        #expect(chopsticks["reading"] as? String == "はし" && chopsticks["accent"] as? Int == 1, "\(chopsticks)")
        #expect(mother["reading"] as? String == "はは" && mother["text"] as? String == "母", "\(mother)")
        #expect(try Data(contentsOf: folder.file("橋.wav")) != Data(contentsOf: folder.file("箸.wav")))
    }

    @Test("the player on the PATH is called with the cached file")
    func plays() throws {
        guard Self.hasEngine else { return }
        let folder = try TemporaryDirectory()
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.file("played")
        let player = bin.appendingPathComponent("pw-play")
        try "#!/bin/sh\necho \"$*\" > '\(log.path)'\n".write(to: player, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: player.path)
        let result = try runKuchi(["say", "ねこ", "--data-dir", folder.path("data").path],
                                  environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
        let played = try String(contentsOf: log, encoding: .utf8)
        #expect(played.hasPrefix(folder.path("data", "audio").path) && played.hasSuffix(".wav\n"), "\(played)")
    }

    @Test("under faketime's frozen clock (the suite's own), a word not yet cached is still written: nothing waits on a clock")
    func frozenClock() throws {
        guard Self.hasEngine else { return }
        let home = try TemporaryDirectory()
        let out = home.file("inu.wav")
        let result = try runKuchiThrough(["faketime", "2026-12-02 05:00:00"], ["say", "犬", "--out", out.path], directory: home)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(String(decoding: try Data(contentsOf: out).prefix(4), as: UTF8.self) == "RIFF")
    }

    @Test("--direction listen with no player (or no Open JTalk): exit 2 with the audio notice's sentence, before any screen")
    func listenNeedsSound() throws {
        let folder = try TemporaryDirectory()
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/open_jtalk") {
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("open_jtalk").path, withDestinationPath: "/usr/bin/open_jtalk")
        }
        let result = try runKuchi(["--direction", "listen", "--config-dir", folder.path("config").path, "--data-dir", folder.path("data").path],
                                  environment: ["PATH": bin.path, "KUCHI_AUDIO_PLAYER": ""])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("kuchi: the listening direction cannot run: "), "\(result.standardError)")
        let missing = Self.hasEngine ? "Audio needs a player" : "open-jtalk"
        #expect(result.standardError.contains(missing), "\(result.standardError)")
    }

    @Test("no Open JTalk: one line naming the packages, exit 1")
    func noEngine() throws {
        let folder = try TemporaryDirectory()
        let result = try runKuchi(["say", "猫", "--data-dir", folder.url.path], environment: ["PATH": folder.url.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("open-jtalk") && result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
    }
}
