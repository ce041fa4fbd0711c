import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiDeck
@testable import KuchiData

/// SyncFolderE2ETests: the real `kuchi sync` against a hostile folder's shapes (memory bounded by
/// the record, not the file) and the README's git recipe, run as written.
@Suite("kuchi sync folder")
struct SyncFolderE2ETests {
    @Test("1 MiB of empty lines and a 12 MiB line cost no more memory than a small batch; the records around them are used")
    func boundedMemory() throws {
        let (a, folder) = (try SyncMachine(seed: 1), try TemporaryDirectory())
        let hana = try a.register("Hana")
        let batch = Batch(learner: hana.id, machine: String(repeating: "ee", count: 16))
        let moment = Milliseconds.from(Date()) - 3_600_000
        let url = try batch.write([Batch.review(uid(1), time: moment)], in: folder.url, end: false)
        let file = try FileHandle(forWritingTo: url)
        try file.seekToEnd()
        try file.write(contentsOf: Data(repeating: UInt8(ascii: "\n"), count: 1024 * 1024))
        try file.write(contentsOf: Data((Batch.review(uid(2), question: "いぬ", time: moment) + "\n").utf8))
        try file.write(contentsOf: Data(repeating: UInt8(ascii: "a"), count: 12 * 1024 * 1024))
        try file.write(contentsOf: Data(("\n" + Batch.review(uid(3), question: "とり", time: moment) + "\n").utf8))
        try file.close()
        // A debug build spends seconds on a million lines; the deadline is for a loaded machine.
        let time = try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? URL(fileURLWithPath: "/usr/bin/time") : nil,
                                "/usr/bin/time is not installed: run scripts/install-deps --tests")
        let result = try ProcessRunner.run(time, ["-f", "peak-kib %M", try kuchiExecutable().path, "sync", folder.url.path],
                                           environment: a.environment.merging(["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]) { $1 },
                                           timeout: .seconds(180))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("received 3 from 1 other machine"), "\(result.standardOutput)")
        let peak = try #require(result.standardError.split(separator: "\n").last { $0.hasPrefix("peak-kib ") }.flatMap { Int($0.dropFirst(9)) })
        #expect(peak < 80 * 1024, "peak RSS \(peak / 1024) MiB")
    }

    @Test("the README's git recipe as written: an empty bare repository, divergent clones merged, nothing to commit")
    func gitRecipe() throws {
        let (a, b, root) = (try SyncMachine(seed: 1), try SyncMachine(seed: 2), try TemporaryDirectory())
        let bare = root.file("shared.git")
        let recipe = try Self.recipe()
        // The server side as the README makes it (without `ssh me@server`).
        try Self.shell(recipe.server.replacingOccurrences(of: "kuchi-progress.git", with: bare.path), on: a)
        let deck = try Deck.decode(Data(syncDeckJSON.utf8))
        _ = try a.register("Hana", settings: Settings(desiredRetention: 0.85))
        let now = Date()
        /// answers: positions graded Good a minute apart from `start`.
        func answers(_ positions: [Int], _ start: Date) -> [SyncMachine.Answer] {
            positions.enumerated().map { SyncMachine.Answer(position: $1, rating: .good, time: start.addingTimeInterval(Double($0) * 60)) }
        }
        try a.study("Hana", deck: deck, answers: answers([0, 1, 2], now.addingTimeInterval(-7200)))
        let clone = recipe.clone.replacingOccurrences(of: "me@server:kuchi-progress.git", with: bare.path)
        try Self.shell(clone, on: a)
        try Self.shell(recipe.function + "\nkuchi_git_sync", on: a)  // the first pull: an empty repository
        // A second machine clones once `main` exists: no warning, and it is on `main`.
        let cloned = try Self.shell(clone + " && cd ~/kuchi-progress && git symbolic-ref --short HEAD", on: b)
        #expect(!cloned.standardError.contains("warning") && cloned.standardOutput.contains("main"), "\(cloned.standardError)")
        try Self.shell(recipe.function + "\nkuchi_git_sync --profile Hana", on: b)
        // B commits without pushing (offline), A pushes: B's next sync meets divergent branches.
        try b.study("Hana", deck: deck, answers: answers([3, 4], now.addingTimeInterval(-3000)))
        try Self.shell("cd ~/kuchi-progress && kuchi sync . && git add -A && git commit -qm offline", on: b)
        try a.study("Hana", deck: deck, answers: answers([5], now.addingTimeInterval(-2000)))
        try Self.shell(recipe.function + "\nkuchi_git_sync", on: a)
        try Self.shell(recipe.function + "\nkuchi_git_sync", on: b)
        try Self.shell(recipe.function + "\nkuchi_git_sync", on: a)
        try Self.shell(recipe.function + "\nkuchi_git_sync", on: a)  // nothing to commit
        #expect(try a.cards("Hana", at: now) == b.cards("Hana", at: now))
        #expect(try a.reviewLog("Hana").count == 6 && b.reviewLog("Hana").count == 6)
    }

    /// recipe: the README's server line (after `ssh me@server`, without its comment), clone
    /// line and function, as printed there.
    static func recipe() throws -> (server: String, clone: String, function: String) {
        var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let server = try #require(lines.first { $0.hasPrefix("    ssh me@server git init") })
        let clone = try #require(lines.first { $0.hasPrefix("    git clone me@server:kuchi-progress.git") })
        let first = try #require(lines.firstIndex { $0.hasPrefix("    kuchi_git_sync() (") })
        let last = try #require(lines[first...].firstIndex { $0 == "    )" })
        let serverCommand = server.dropFirst("    ssh me@server ".count).split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        return (serverCommand, String(clone.dropFirst(4)), lines[first...last].map { String($0.dropFirst(4)) }.joined(separator: "\n"))
    }

    /// shell: `script` in sh on `machine` (its HOME, its folders, kuchi on the PATH), failing the test on a non-zero exit.
    @discardableResult
    static func shell(_ script: String, on machine: SyncMachine) throws -> ProcessResult {
        let bin = machine.home.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: bin.appendingPathComponent("kuchi").path) {
            try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("kuchi"), withDestinationURL: try kuchiExecutable())
        }
        var environment = machine.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["HOME"] = machine.home.url.path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Kuchi"
            environment["GIT_\(role)_EMAIL"] = "kuchi@example.invalid"
        }
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: environment, timeout: .seconds(60))
        #expect(result.status == 0, "\(script)\n\(result.standardError)")
        return result
    }
}
