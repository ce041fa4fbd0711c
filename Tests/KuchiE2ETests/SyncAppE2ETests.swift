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
}
