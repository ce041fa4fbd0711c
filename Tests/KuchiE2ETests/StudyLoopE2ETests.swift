import Foundation
import GRDB
@testable import KuchiCore
import Testing
@testable import KuchiDeck
@testable import KuchiData

/// StudyLoopE2ETests: the learning loop asks the right word, in a real terminal — a word missed
/// yesterday comes first, the daily new-word limit holds across Play again, Welcome and
/// `kuchi due` count the learner's own selection, a new word is taught before it is tested,
/// undo takes a miss back, and Forget me leaves no review behind.
@Suite(.requiresTmux)
struct StudyLoopE2ETests {
    /// finishSession: answers right until Congratulations, returning the words asked.
    func finishSession(_ app: KuchiApp) throws -> [String] {
        var asked: [String] = []
        while true {
            let screen = try app.session.waitFor("a word or the end of the session") { screen in
                joinedScreen(screen).contains("Congratulations, ") || ChallengeView(screen: screen) != nil
                    || screen.contains { $0.contains("─ New word · ") || $0.contains("─ Right · ") }
            }
            if joinedScreen(screen).contains("Congratulations, ") { return asked }
            let (before, _) = try app.answer(right: true)
            asked.append(before.word.question)
        }
    }

    /// quit: Congratulations or a challenge → Welcome → quit, waiting for the process to end.
    func quit(_ app: KuchiApp) throws {
        try app.session.sendKeys("q")
        try app.session.waitForText("Hi, さくら")
        try app.session.sendKeys("q")
        _ = try app.session.waitForExit()
    }

    /// reviewedCards: how many of the learner's cards have been reviewed, read from the database.
    func reviewedCards(_ directory: TemporaryDirectory) throws -> Int {
        guard let database = try LearnerDatabase.openReadOnly(directory: directory.file("data/kuchi")) else { return 0 }
        return try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card WHERE state != 0") ?? -1 }
    }

    @Test func theWordMissedYesterdayIsAskedTheNextDayBeforeAnyNewWord() throws {
        let first = try KuchiApp(["--questions", "3", "--teach", "off"])
        try first.registerAndStart()
        let (missed, _) = try first.answer(right: false)
        var day1 = try finishSession(first)
        day1.append(missed.word.question)
        try quit(first)

        let later = try KuchiApp(["--questions", "3", "--teach", "off"], directory: first.directory, launcher: ["faketime", "-f", "+1d"])
        try later.session.waitForText("3 due now")
        try later.session.sendKeys("Enter")
        let day2 = try finishSession(later)
        #expect(Set(day2) == Set(day1), "yesterday's three words, the missed one among them: \(day2) vs \(day1)")
        #expect(day2.contains(missed.word.question))
        try quit(later)
        let due = try runKuchiThrough(["faketime", "-f", "+1d"], ["due"], directory: first.directory)
        #expect(due.standardOutput.hasPrefix("0 due now"), "\(due.standardOutput)")
    }

    @Test func playAgainThreeTimesIntroducesExactlyTheDailyLimit() throws {
        let app = try KuchiApp(["--questions", "5", "--teach", "off"])
        try app.registerAndStart()
        var sessions: [[String]] = []
        for round in 0..<2 {
            sessions.append(try finishSession(app))
            try app.session.sendKeys("p")
            if round == 0 { try app.waitForChallenge("session \(round + 2)") { $0.answered == 0 } }
        }
        // The third Play again: the ten new words are in their learning steps, none due yet, and
        // extra practice never asks a card before its step (issue 29): nothing to study now.
        try app.session.waitForText("Nothing to study now")
        let database = try #require(try LearnerDatabase.openReadOnly(directory: app.directory.file("data/kuchi")))
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card WHERE state = 2") } == 0,
                "no card advanced past a step that was not due")
        let introduced = try reviewedCards(app.directory)
        #expect(introduced == 10, "limit 10: \(introduced) cards reviewed")
        let firstTen = Set(sessions.joined().prefix(10))
        #expect(Set(sessions.joined()).isSubset(of: firstTen), "no new word past the limit")
        try app.session.sendKeys("q")
        let welcome = try app.session.waitForText("Hi, さくら")
        #expect(joinedScreen(welcome).contains("0 new today") || joinedScreen(welcome).contains("All caught up"))
        let due = try runKuchiThrough([], ["due"], directory: app.directory)
        #expect(due.standardOutput.contains(" 0 new available"), "\(due.standardOutput)")
    }

    @Test func nothingToStudyAsksTheWordWhoseStepFellDue() throws {
        // One new word a day, and a clock forty times as fast: the 10-minute step is 15 s away.
        let directory = try TemporaryDirectory()
        try ProfileStore(directory: directory.file("config/kuchi")).save(Profile(name: "さくら", settings: Settings(newWordsPerDay: 1)))
        let app = try KuchiApp(["--questions", "3", "--teach", "off"], directory: directory, launcher: ["faketime", "-f", "+0 x40"])
        try app.session.waitForText("new today")
        try app.session.sendKeys("Enter")
        let (asked, _) = try app.answer(right: true)
        try app.session.sendKeys("Enter")
        let waiting = joinedScreen(try app.session.waitForText("Nothing to study now"))
        #expect(waiting.contains("The next word is due in"), "\(waiting)")
        let again = try app.waitForChallenge("the word whose step fell due", timeout: .seconds(90)) { _ in true }
        #expect(again.word == asked.word)
        try app.session.sendKeys("q")
        try app.session.waitForText("new today")
        try app.session.sendKeys("q")
        _ = try app.session.waitForExit()
    }

    @Test func welcomeAndKuchiDueCountTheSelectionWithTheLearnersSettings() throws {
        let directory = try TemporaryDirectory()
        let category = "Greetings & phrases"
        var settings = Settings(newWordsPerDay: 100, categories: [category], studyDirection: .mixed)
        settings.dayRolloverHour = 6
        try ProfileStore(directory: directory.file("config/kuchi")).save(Profile(name: "さくら", settings: settings))
        let deck = try Deck.bundled()
        // A new learner studies N5 (issue 38: the deck's N4 words are one setting away).
        let words = deck.challenges.filter { $0.category == category && $0.level == 5 }
        let expected = min(100, words.reduce(0) { $0 + QuizDirection.mixed.directions(for: $1).count })
        #expect(expected > words.count, "mixed directions count each word's cards")

        let due = try runKuchiThrough([], ["due"], directory: directory)
        #expect(due.standardOutput == "0 due now, \(expected) new available, no review scheduled\n")
        let app = try KuchiApp(directory: directory)
        let welcome = try app.session.waitForText("new today")
        #expect(joinedScreen(welcome).contains("0 due now · \(expected) new today"), "\(joinedScreen(welcome))")
        try app.session.sendKeys("q")
        _ = try app.session.waitForExit()
    }

    @Test func aTypedSessionTeachesANewWordBeforeAskingIt() throws {
        let app = try KuchiApp(["--answer", "type", "--direction", "jp-en"])
        try app.register(name: "さくら")
        try app.session.sendKeys("Enter")
        let card = try app.session.waitForText("─ New word · ")
        let taught = try #require(BundledDeck.shared.words(on: card).first)
        let text = joinedScreen(card)
        #expect(text.contains(taught.answer) && text.contains(taught.pronunciation), "word, reading, romaji and meaning: \(text)")
        #expect(try reviewedCards(app.directory) == 0, "teaching is not graded")
        try app.session.sendKeys("Enter")
        try app.session.waitForText("Your answer")
        try app.session.type(taught.answer)
        try app.session.sendKeys("Enter")
        try app.session.waitForText("Answered 1/")
        let reviews = try runKuchiThrough([], ["export", "reviews"], directory: app.directory)
        let rows = reviews.standardOutput.split(separator: "\n").dropFirst()
        #expect(rows.count == 1 && rows.first?.split(separator: ",")[2] == "3", "the first answer after teaching is graded Good")
    }

    @Test func undoTakesAMissBack() throws {
        let app = try KuchiApp(["--teach", "off"])
        try app.registerAndStart()
        let (missed, _) = try app.answer(right: false)
        #expect(try runKuchiThrough([], ["export", "reviews"], directory: app.directory).standardOutput.split(separator: "\n").count == 2)
        try app.session.sendKeys("u")
        let back = try app.waitForChallenge("the miss taken back") { $0.wrong == 0 && !$0.choices.contains(where: \.tried) }
        #expect(back.word == missed.word, "the same word is asked again")
        let reviews = try runKuchiThrough([], ["export", "reviews"], directory: app.directory)
        #expect(reviews.standardOutput.split(separator: "\n").count == 1, "the review row is gone: \(reviews.standardOutput)")
        try app.answer(right: true)
        let after = try runKuchiThrough([], ["export", "reviews"], directory: app.directory).standardOutput.split(separator: "\n")
        #expect(after.count == 2 && after[1].split(separator: ",")[2] == "3", "the word's first grade is the right answer")
    }

    @Test func forgetMeLeavesNoReviewBehind() throws {
        let app = try KuchiApp(["--teach", "off"])
        try app.registerAndStart()
        try app.answer(right: true)
        try app.answer(right: true)
        try app.session.sendKeys("s")
        try app.session.waitForText("Settings for さくら")
        try app.session.sendKeys("End")
        try app.session.sendKeys("Enter")
        let confirm = try app.session.waitForText("Are you sure?")
        let message = joinedScreen(confirm).replacingOccurrences(of: "│", with: " ").split(separator: " ").joined(separator: " ")
        // The question wraps inside its box, over the Settings rows: each part on its own.
        #expect(message.contains("Deletes your profile and all your") && message.contains("progress: 2 reviews"), "\(message)")
        try app.session.sendKeys("y")
        try app.waitForRegister()
        let database = try #require(try LearnerDatabase.openReadOnly(directory: app.directory.file("data/kuchi")))
        let left = try database.writer.read { db in
            try ["review", "card", "session", "learner_deck"].map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1 }
        }
        #expect(left == [0, 0, 0, 0])
        let due = try runKuchiThrough([], ["due", "--profile", "さくら"], directory: app.directory)
        #expect(due.status == 2 && due.standardError.contains("no saved profile named"), "\(due.standardError)")
    }
}
