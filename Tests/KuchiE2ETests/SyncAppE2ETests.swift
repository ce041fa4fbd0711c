import Foundation
import Testing
@testable import KuchiCore

/// SyncAppE2ETests: the app with `--sync-dir` syncs in the background when a session ends,
/// and another machine then has the answers.
@Suite(.requiresTmux)
struct SyncAppE2ETests {
    @Test("a session ended in the app reaches the folder, and another machine gets its answers")
    func sessionEndSyncs() throws {
        let folder = try TemporaryDirectory()
        let app = try KuchiApp(["--questions", "3", "--sync-dir", folder.url.path])
        try app.registerAndStart()
        for _ in 0..<3 { try app.answer(right: true) }
        try app.session.waitForText("Congratulations, さくら!")
        try app.session.sendKeys("q")
        try app.session.waitForText("Hi, さくら")
        try app.session.sendKeys("q")
        #expect(try app.session.waitForExit() == 0)
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

    @Test("odd files in the folder: the app's notice says how many more there are and where to see them all")
    func noticeSaysWhereTheRestAre() throws {
        let folder = try TemporaryDirectory()
        let first = try KuchiApp(["--questions", "3", "--sync-dir", folder.url.path])
        try first.registerAndStart()
        for _ in 0..<3 { try first.answer(right: true) }
        try first.session.waitForText("Congratulations, さくら!")
        try first.session.sendKeys("q")
        try first.session.waitForText("Hi, さくら")
        try first.session.sendKeys("q")
        #expect(try first.session.waitForExit() == 0)
        let learner = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.file("kuchi").path).first)
        let machine = folder.file("kuchi/\(learner)/\(String(repeating: "ee", count: 16))")
        for name in ["a.jsonl", "b.jsonl", "c.jsonl"] {
            try FileManager.default.createDirectory(at: machine.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let again = try KuchiApp(["--sync-dir", folder.url.path], columns: 120, directory: first.directory)
        let screen = try again.session.waitForText("2 more")
        let text = screen.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(text.contains("a.jsonl is a folder, not a batch file") && text.contains("--status"), "\(screen.joined(separator: "\n"))")
        try again.session.sendKeys("q")
    }
}
