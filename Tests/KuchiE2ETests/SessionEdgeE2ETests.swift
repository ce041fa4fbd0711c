import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiData

/// SessionEdgeE2ETests: issue 40 in a real terminal — a session whose cards run out ends with
/// its summary and its sync, quitting from any screen sends what was answered, and the running
/// app hears a change `kuchi config` makes.
@Suite(.requiresTmux)
struct SessionEdgeE2ETests {
    /// batches: the sync folder's batch files.
    static func batches(_ folder: TemporaryDirectory) throws -> [String] {
        try allFiles(folder.url).keys.filter { $0.hasSuffix(".jsonl") }
    }

    /// otherMachineReviews: a fresh machine syncs the folder and counts さくら's reviews there.
    static func otherMachineReviews(_ folder: TemporaryDirectory, seed: UInt64) throws -> Int {
        let other = try SyncMachine(seed: seed)
        let synced = try other.sync(folder.url, ["--profile", "さくら"], at: Date())
        #expect(synced.status == 0, "\(synced.standardError)")
        return try other.reviewLog("さくら").count
    }

    @Test("cards run out before N: the summary and the sync as after N; Welcome offers extra practice; quitting from Nothing to study now leaves nothing behind")
    func sessionEndsWhenCardsRunOut() throws {
        let folder = try TemporaryDirectory()
        let here = try SyncMachine(seed: 41)
        _ = try here.register("さくら", settings: Settings(numberOfQuestions: 5, newWordsPerDay: 2))
        let app = try KuchiApp(["--sync-dir", folder.url.path], directory: here.home)
        try app.session.waitForText("Hi, さくら")
        try app.start()
        try app.answer(right: true)
        try app.answer(right: true)
        // Two new words a day, both in their learning steps: nothing is left to ask.
        let summary = joinedScreen(try app.session.waitForText("Congratulations, さくら!"))
        #expect(summary.contains("Nothing more to ask now: 2 of 5 answered"), "\(summary)")
        #expect(summary.contains("All caught up — next review in"), "\(summary)")
        #expect(summary.contains("Accuracy") && summary.contains("100%"), "\(summary)")
        try waitUntil("the session-end sync to write its batch", timeout: .seconds(60)) { try !Self.batches(folder).isEmpty }
        try app.session.sendKeys("q")
        let welcome = joinedScreen(try app.session.waitForText("Hi, さくら"))
        #expect(!welcome.contains("Continue"), "an ended session is not continued: \(welcome)")
        #expect(welcome.contains("Extra practice"), "\(welcome)")
        try app.session.sendKeys("Enter")
        try app.session.waitForText("Nothing to study now")
        try app.session.sendKeys("C-c")
        _ = try app.session.waitForExit(timeout: .seconds(60))
        #expect(try Self.otherMachineReviews(folder, seed: 42) == 2)
    }

    @Test("quitting from a question, then from Welcome: another machine that syncs has every answer")
    func quitSendsEveryAnswer() throws {
        let folder = try TemporaryDirectory()
        let here = try SyncMachine(seed: 43)
        _ = try here.register("さくら", settings: Settings(numberOfQuestions: 5))
        let first = try KuchiApp(["--sync-dir", folder.url.path], directory: here.home)
        try first.session.waitForText("Hi, さくら")
        try first.start()
        try first.answer(right: true)
        try first.answer(right: true)
        try first.waitForChallenge("the third question") { $0.answered == 2 }
        try first.session.sendKeys("C-c")
        _ = try first.session.waitForExit(timeout: .seconds(60))
        #expect(try Self.otherMachineReviews(folder, seed: 44) == 2, "the quit from a question sent its two answers")

        let second = try KuchiApp(["--sync-dir", folder.url.path], directory: here.home)
        try second.session.waitForText("Continue 2/5")
        try second.session.sendKeys("Enter")
        try second.answer(right: true)
        try second.waitForChallenge("the fourth question") { $0.answered == 3 }
        try second.session.sendKeys("q")
        try second.session.waitForText("Continue 3/5")
        try second.session.sendKeys("q")
        #expect(try second.session.waitForExit(timeout: .seconds(60)) == 0)
        #expect(try Self.otherMachineReviews(folder, seed: 45) == 3, "the quit from Welcome sent the third answer")
    }

    @Test("`kuchi config questions 8` while the app runs: Settings and the next session follow")
    func appHearsKuchiConfig() throws {
        let here = try SyncMachine(seed: 46)
        _ = try here.register("さくら")
        let app = try KuchiApp([], directory: here.home)
        try app.session.waitForText("Hi, さくら")
        try app.session.sendKeys("s")
        try app.session.waitFor("Settings with 6 questions") { screen in
            screen.contains { $0.contains("▸ Number of questions") && $0.contains("◂ 6 ▸") }
        }
        let changed = try runKuchiThrough([], ["config", "questions", "8"], directory: here.home)
        #expect(changed.status == 0, "\(changed.standardError)")
        // No key is pressed: the change wakes the app (a file watch, no polling).
        let heard = joinedScreen(try app.session.waitFor("Settings with 8 questions") { screen in
            screen.contains { $0.contains("Number of questions") && $0.contains("◂ 8 ▸") }
        })
        #expect(heard.contains("Settings changed elsewhere: questions"), "\(heard)")
        try app.session.sendKeys("Escape", "c")
        try app.session.waitForText("Hi, さくら")
        try app.start()
        try app.session.waitForText("Answered 0/8")
        try app.session.sendKeys("C-c")
        _ = try app.session.waitForExit()
    }
}
