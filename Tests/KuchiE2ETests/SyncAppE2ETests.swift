import Foundation
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport

/// SyncAppE2ETests: the app with `--sync-dir` syncs in the background when a session ends,
/// and another machine then has the answers.
@Suite(.requiresTmux)
struct SyncAppE2ETests {
    @Test("a session ended in the app reaches the folder, and another machine gets its answers")
    func sessionEndSyncs() throws {
        let (folder, app, _) = try Self.sessionSynced()
        let written = try allFiles(folder.url).keys.filter { $0.hasSuffix(".jsonl") }
        #expect(written.count == 1, "one batch from the app's sync: \(written)")

        let other = try SyncMachine(seed: 7)
        let now = Date()
        let arrived = try other.sync(folder.url, ["--profile", "さくら"], at: now)
        #expect(arrived.status == 0, "\(arrived.standardError)")
        #expect(arrived.standardOutput.hasPrefix("sent 0 reviews · received 3 from 1 other machine"), "\(arrived.standardOutput)")
        let here = try runKuchiThrough([], ["export", "cards"], directory: app.directory)
        let lines = Set(here.standardOutput.split(separator: "\n").map { String($0.drop { $0 != "," }) })
        let received = try other.kuchi(["export", "cards", "--profile", "さくら"], at: now).standardOutput
            .split(separator: "\n").dropFirst().map { String($0.drop { $0 != "," }) }
        #expect(received.count == 3)
        #expect(Set(received).isSubset(of: lines), "the same three cards, in the same state")
    }

    @Test("quitting while the start-up sync reads a large batch: Kuchi stops at once, keeps how far it read, and the next sync reads on")
    func quittingMidSyncKeepsTheProgress() throws {
        let (folder, first, learner) = try Self.sessionSynced()
        // Another machine's history, far more than a debug build reads in the seconds before the quit
        // (ids on a zero prefix: a hex number never starts with 0, so no two are the same).
        let moment = Int64(Date().timeIntervalSince1970 * 1000) - 86_400_000
        let count = 120_000
        let lines = (0..<count).map { Batch.review(uid($0 + 1, "00"), question: "q\($0 % 500)", time: moment + Int64($0)) }
        let batch = try Batch(learner: learner, machine: String(repeating: "cd", count: 16)).write(lines, in: folder.url)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: batch.path)[.size] as? Int)

        let app = try KuchiApp(["--sync-dir", folder.url.path], directory: first.directory)
        try app.session.waitForText("Hi, さくら")
        let pid = try app.pid()
        // Quit once the sync is reading the batch (its file open in kuchi, read past the start).
        try waitUntil("the start-up sync to read into the batch", timeout: .seconds(120)) { Self.readPosition(of: batch, in: pid) ?? 0 > 4096 }
        try app.session.sendKeys("q")
        #expect(try app.session.waitForExit(timeout: .seconds(120)) == 0)
        #expect(!app.standardError().contains("still running when Kuchi quit"), "\(app.standardError())")
        let data = app.directory.file("data/kuchi/kuchi.sqlite")
        let (offset, taken) = try DatabaseQueue(path: data.path).read { db in
            (try Int.fetchOne(db, sql: "SELECT \"offset\" FROM sync_file WHERE name = ?", arguments: [batch.lastPathComponent]),
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") ?? 0)
        }
        let kept = try #require(offset, "the ledger keeps how far the quitting sync read")
        #expect(kept > 0 && kept <= size)
        // The next sync reads on from there: every review once, none twice.
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CONFIG_HOME": app.directory.file("config").path,
                           "XDG_DATA_HOME": app.directory.file("data").path]
        let next = try ProcessRunner.run(try kuchiExecutable(), ["sync", folder.url.path], environment: environment, timeout: .seconds(600))
        #expect(next.status == 0, "\(next.standardError)")
        #expect(next.standardOutput.contains("received \(count + 3 - taken) from 1 other machine"), "\(next.standardOutput) (had \(taken))")
        let total = try DatabaseQueue(path: data.path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") }
        #expect(total == count + 3)
    }

    /// readPosition: how far process `pid` has read into `file` (from its open descriptors).
    static func readPosition(of file: URL, in pid: pid_t) -> Int? {
        let descriptors = "/proc/\(pid)/fd"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(name)")) == file.path,
                  let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(name)", encoding: .utf8) else { continue }
            return info.split(separator: "\n").first { $0.hasPrefix("pos:") }.flatMap { Int($0.dropFirst(4).trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    @Test("odd files in the folder: the app's notice says how many more there are and where to see them all")
    func noticeSaysWhereTheRestAre() throws {
        let (folder, first, learner) = try Self.sessionSynced()
        let machine = folder.file("kuchi/\(learner.uuidString.lowercased())/\(String(repeating: "ee", count: 16))")
        for name in ["a.jsonl", "b.jsonl", "c.jsonl"] {
            try FileManager.default.createDirectory(at: machine.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let again = try KuchiApp(["--sync-dir", folder.url.path], columns: 120, directory: first.directory)
        let screen = try again.session.waitForText("2 more")
        let text = screen.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(text.contains("a.jsonl is a folder, not a batch file") && text.contains("--status"), "\(screen.joined(separator: "\n"))")
        try again.session.sendKeys("q")
    }

    /// sessionSynced: さくら registered in the app with a sync folder, one session of three right
    /// answers synced there when it ended; the folder, that app (its directory) and the learner.
    static func sessionSynced() throws -> (TemporaryDirectory, KuchiApp, UUID) {
        let folder = try TemporaryDirectory()
        let first = try KuchiApp(["--questions", "3", "--sync-dir", folder.url.path])
        try first.registerAndStart()
        #expect(try first.answerThreeRightAndQuit() == 0)
        let learner = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.file("kuchi").path).compactMap(UUID.init).first)
        return (folder, first, learner)
    }
}
