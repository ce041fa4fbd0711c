import Foundation
import Testing
@testable import KuchiCore

/// SettingsE2ETests: `kuchi config` and `kuchi forget` on the real binary, and the running app
/// taking the settings its own start-up sync received.
@Suite(.requiresTmux)
struct SettingsE2ETests {
    let now = Date()

    @Test("kuchi config prints, sets and refuses exactly")
    func configCommand() throws {
        let machine = try SyncMachine(seed: 3)
        _ = try machine.register("Hana")
        let all = try machine.kuchi(["config"], at: now)
        #expect(all.status == 0)
        let lines = all.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("questions = 6") && lines.contains("direction = jp-en") && lines.contains("teach = on"))
        #expect(lines.map { String($0.prefix { $0 != " " }) } == ConfigKey.allCases.map(\.rawValue))
        let set = try machine.kuchi(["config", "questions", "12"], at: now)
        #expect(set.status == 0 && set.standardOutput.isEmpty && set.standardError.isEmpty)
        #expect(try machine.kuchi(["config", "questions"], at: now).standardOutput == "12\n")
        #expect(try machine.kuchi(["config", "retention", "85%"], at: now).status == 0)
        #expect(try machine.kuchi(["config", "retention"], at: now).standardOutput == "0.85\n")
        let out = try machine.kuchi(["config", "questions", "30"], at: now)
        #expect(out.status == 2 && out.standardError.contains("3 to 20") && out.standardOutput.isEmpty)
        #expect(try machine.kuchi(["config", "questions"], at: now).standardOutput == "12\n", "nothing changed")
        let unknown = try machine.kuchi(["config", "colour", "red"], at: now)
        #expect(unknown.status == 2 && unknown.standardError.contains("card-color"))
        let direction = try machine.kuchi(["config", "direction", "sideways"], at: now)
        #expect(direction.status == 2 && direction.standardError.contains("jp-en, en-jp, reading, mixed"))
        #expect(try machine.kuchi(["config", "sync-dir", "~/shared"], at: now).status == 0)
        #expect(try machine.kuchi(["config", "sync-dir"], at: now).standardOutput == machine.home.url.path + "/shared\n"
                || (try machine.kuchi(["config", "sync-dir"], at: now)).standardOutput.hasSuffix("/shared\n"))
        let json = try machine.kuchi(["config", "--json"], at: now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["questions"] as? Int == 12 && object["retention"] as? Double == 0.85 && object["direction"] as? String == "jp-en")
        let empty = try SyncMachine(seed: 4)
        let none = try empty.kuchi(["config"], at: now)
        #expect(none.status == 2 && !none.standardError.isEmpty)
    }

    @Test("kuchi forget refuses without --yes and forgets with it")
    func forgetCommand() throws {
        let machine = try SyncMachine(seed: 5)
        let hana = try machine.register("Hana")
        let refused = try machine.kuchi(["forget", "--profile", "Hana"], at: now)
        #expect(refused.status == 2 && refused.standardError.contains("--yes"))
        #expect(try machine.store.profile(hana.id) != nil)
        let done = try machine.kuchi(["forget", "--profile", "Hana", "--yes"], at: now)
        #expect(done.status == 0, "\(done.standardError)")
        #expect(try machine.store.profile(hana.id) == nil)
        let nobody = try machine.kuchi(["config"], at: now)
        #expect(nobody.status == 2)
    }

    @Test("the running app takes the settings its start-up sync received, and Welcome its counts")
    func appTakesStartUpSyncSettings() throws {
        let folder = try TemporaryDirectory()
        let other = try SyncMachine(seed: 8)
        _ = try other.register("さくら")
        #expect(try other.sync(folder.url, at: now).status == 0)
        let here = try SyncMachine(seed: 9)
        #expect(try here.sync(folder.url, ["--profile", "さくら"], at: now).status == 0)
        // Another machine changes the direction after this one last synced.
        #expect(try other.kuchi(["config", "direction", "en-jp"], at: now).status == 0)
        #expect(try other.kuchi(["config", "questions", "9"], at: now).status == 0)
        #expect(try other.sync(folder.url, at: now).status == 0)
        let app = try KuchiApp(["--sync-dir", folder.url.path], directory: here.home)
        try app.session.waitForText("Hi, さくら")
        try app.session.waitForText("Settings changed on another machine")
        try app.session.sendKeys("s")
        try app.session.waitForText("English → Japanese")
        try app.session.sendKeys("q")
        try app.session.sendKeys("q")
        #expect(try app.session.waitForExit() == 0)
        #expect(try here.kuchi(["config", "questions"], at: now).standardOutput == "9\n")
    }
}

/// SyncKillE2ETests: a first sync killed at several points, then synced again, loses nothing: a
/// fresh machine brings the learner in with every review and every setting.
@Suite
struct SyncKillE2ETests {
    @Test("a first sync killed (SIGKILL) at several points is repaired by the next; a new machine gets the learner whole")
    func killedFirstSync() throws {
        let (a, c, folder) = (try SyncMachine(seed: 11), try SyncMachine(seed: 12), try TemporaryDirectory())
        let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "make-history", "--data-dir", a.dataDirectory.path, "--config-dir", a.home.file("config/kuchi").path, "--profile", "Hana",
            "--cards", "300", "--reviews", "20000", "--deck-out", a.home.file("deck.json").path, "--seed", "5",
        ], timeout: .seconds(120))
        #expect(made.status == 0, "\(made.standardError)")
        let now = Date()
        #expect(try a.kuchi(["config", "direction", "mixed"], at: now).status == 0)
        #expect(try a.kuchi(["config", "questions", "11"], at: now).status == 0)
        let kuchi = try kuchiExecutable()
        // Killed after growing delays: before the folder is touched, while it is written, after.
        for delay in [0.02, 0.08, 0.2, 0.4, 0.8] {
            let process = Process()
            process.executableURL = kuchi
            process.arguments = ["sync", folder.url.path]
            process.environment = a.environment.merging(["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]) { _, new in new }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)  // the kill point, not a wait for anything
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let repaired = try a.sync(folder.url, at: now.addingTimeInterval(60))
        #expect(repaired.status == 0, "\(repaired.standardError)")
        let arrived = try c.sync(folder.url, ["--profile", "Hana"], at: now.addingTimeInterval(120))
        #expect(arrived.status == 0, "\(arrived.standardError)")
        /// settings: `kuchi config` on a machine, less its own Sync folder.
        func settings(_ machine: SyncMachine) throws -> [String] {
            try machine.kuchi(["config", "--profile", "Hana"], at: now.addingTimeInterval(180)).standardOutput
                .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("sync-dir") }
        }
        #expect(try settings(c) == settings(a))
        #expect(try settings(c).contains("direction = mixed") && settings(c).contains("questions = 11"))
        let reviewsA = try a.kuchi(["export", "reviews", "--profile", "Hana"], at: now).standardOutput.split(separator: "\n").count
        let reviewsC = try c.kuchi(["export", "reviews", "--profile", "Hana"], at: now).standardOutput.split(separator: "\n").count
        #expect(reviewsA == 20_001 && reviewsC == reviewsA, "every review, once (with the header line)")
    }
}
