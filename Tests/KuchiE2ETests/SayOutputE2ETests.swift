import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KuchiTestSupport
import Testing

/// SayOutputE2ETests: `kuchi say --out PATH` follows `export -o`'s rule — a FIFO is written
/// into, a symlink followed, a folder refused — a reader leaving `--out -` ends it quietly, and
/// the audio cache keeps only whole WAV files.
@Suite("kuchi say --out and the audio cache")
struct SayOutputE2ETests {
    /// sentence: a word long enough that its WAV overflows a pipe's 64 KiB buffer.
    static let sentence = "ねこがすきです、いぬもすきです、とりもすきです"

    /// bash: runs `script` in bash with `$1` the kuchi binary, `$2` a data folder and `$3` the
    /// folder holding it.
    func bash(_ script: String, data: URL, environment: [String: String] = [:]) throws -> ProcessResult {
        var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        variables.merge(environment) { _, explicit in explicit }
        return try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", try kuchiExecutable().path, data.path,
                                                                      data.deletingLastPathComponent().path],
                                     environment: variables, timeout: .seconds(60))
    }

    /// isWhole: a RIFF/WAVE whose RIFF size is its length.
    func isWhole(_ data: Data) -> Bool {
        guard data.count > 44, data.prefix(4) == Data("RIFF".utf8) else { return false }
        let size = data[4..<8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        return size + 8 == data.count
    }

    @Test("--out - into a reader that leaves after 4 bytes ends quietly by SIGPIPE, no trap")
    func brokenPipeIsQuiet() throws {
        guard SayE2ETests.hasEngine else { return }
        let folder = try TemporaryDirectory()
        let result = try bash(#""$1" say "\#(Self.sentence)" --data-dir "$2" --out - 2>"$2.err" | head -c 4 | od -c | head -1; echo "status ${PIPESTATUS[0]}"; cat "$2.err""#,
                              data: folder.file("data"))
        #expect(result.standardOutput.contains("R   I   F   F"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("status 141") || result.standardOutput.contains("status 0"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("Fatal") && !result.standardOutput.contains("error"), "\(result.standardOutput)")
    }

    @Test("--out FIFO is opened and written into (it stays a FIFO); a symlink is followed (it stays a link)")
    func fifoAndSymlink() throws {
        guard SayE2ETests.hasEngine else { return }
        let folder = try TemporaryDirectory()
        let fifo = folder.file("pipe.wav")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let result = try bash(#"timeout 30 cat "$3/pipe.wav" > "$3/caught.wav" & "$1" say 猫 --data-dir "$2" --out "$3/pipe.wav"; echo "status $?"; wait"#,
                              data: folder.file("data"))
        #expect(result.standardOutput.contains("status 0"), "\(result.standardOutput) \(result.standardError)")
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        #expect(isWhole(try Data(contentsOf: folder.file("caught.wav"))))
        let target = folder.file("target.wav"), link = folder.file("link.wav")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let linked = try bash(#""$1" say 猫 --data-dir "$2" --out "$3/link.wav""#, data: folder.file("data"))
        #expect(linked.status == 0, "\(linked.standardError)")
        #expect(lstat(link.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "still a link")
        #expect(isWhole(try Data(contentsOf: target)))
    }

    @Test("--out FOLDER is refused with a sentence, exit 1, before anything is said")
    func folderRefused() throws {
        let folder = try TemporaryDirectory()
        let result = try bash(#""$1" say 猫 --data-dir "$2" --out "$3""#, data: folder.file("data"))
        #expect(result.status == 1)
        #expect(result.standardError.contains("it is a folder; name a file inside it."), "\(result.standardError)")
    }

    @Test("a cached WAV cut short is made again, never copied out")
    func truncatedCacheIsRemade() throws {
        guard SayE2ETests.hasEngine else { return }
        let folder = try TemporaryDirectory()
        let data = folder.file("data")
        #expect(try bash(#""$1" say 猫 --data-dir "$2" --out "$3/first.wav""#, data: data).status == 0)
        let first = try Data(contentsOf: folder.file("first.wav"))
        let cached = try #require(try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("audio").path)
            .first { $0.hasSuffix(".wav") })
        let url = data.appendingPathComponent("audio").appendingPathComponent(cached)
        try first.prefix(first.count / 2).write(to: url)
        #expect(try bash(#""$1" say 猫 --data-dir "$2" --out "$3/second.wav""#, data: data).status == 0)
        #expect(try Data(contentsOf: folder.file("second.wav")) == first)
        #expect(try Data(contentsOf: url) == first, "the cache holds the whole file again")
    }

    @Test("an engine that stops short (a full disk) and exits 0 leaves nothing in the cache")
    func shortEngineOutputIsNotCached() throws {
        let folder = try TemporaryDirectory()
        let data = folder.file("data")
        // A WAV header promising 100,000 bytes of samples, followed by 1,000.
        let engine = folder.file("open_jtalk")
        try """
            #!/bin/sh
            while [ "$1" != "-ow" ]; do shift; done
            { printf 'RIFF\\240\\206\\001\\000WAVEfmt \\020\\000\\000\\000\\001\\000\\001\\000\\200\\273\\000\\000\\000\\167\\001\\000\\002\\000\\020\\000data\\240\\206\\001\\000'; head -c 1000 /dev/urandom; } > "$2"
            """.write(to: engine, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: engine.path)
        let voice = folder.file("voice.htsvoice")
        try Data("voice".utf8).write(to: voice)
        let dic = folder.file("dic")
        try FileManager.default.createDirectory(at: dic, withIntermediateDirectories: true)
        try Data().write(to: dic.appendingPathComponent("sys.dic"))
        let result = try bash(#""$1" say 猫 --data-dir "$2" --out "$3/out.wav""#, data: data,
                              environment: ["KUCHI_OPEN_JTALK": engine.path, "KUCHI_OPEN_JTALK_DIC": dic.path, "KUCHI_VOICE": voice.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("incomplete WAV"), "\(result.standardError)")
        let cached = (try? FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("audio").path)) ?? []
        #expect(cached.isEmpty, "\(cached)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.wav").path))
    }
}
