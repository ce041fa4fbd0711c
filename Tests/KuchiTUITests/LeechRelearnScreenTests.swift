import Foundation
import GRDB
@testable import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// Issue 29 on screen: a leech sent to Learn (`l`) is the card Learn opens on — the word's
/// flash card, whichever of its cards lapsed, even one remembered in Learn before.
@MainActor
@Suite("Leech relearn screen")
struct LeechRelearnScreenTests {
    @Test("l on a leech (an en-jp card, the word remembered in Learn) opens Learn on that word, not remembered")
    func relearnOpensOnTheWord() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let user = UserManager(store: nil, clock: { now })
        user.signIn(Profile(name: "さくら"))
        user.teachNewWords = false
        user.studyDirection = .englishToJapanese
        let database = LearnerDatabase.open(directory: folder.url)
        let learner = try #require(user.profileID)
        let deck = TestDecks.small
        let word = deck.challenges[deck.challenges.count - 1]
        // Its jp-en flash card was remembered in Learn; its en-jp card lapsed 7 times and is due.
        let learnCards = try database.cards(learner: learner, deck: deck, now: now)
        let position = try #require(deck.challenges.firstIndex(of: word))
        try database.setLearned(cardID: learnCards.cards[position].id, true)
        _ = try database.cards(learner: learner, deck: deck, direction: .englishToJapanese, now: now)
        let ms = Int64(now.timeIntervalSince1970 * 1000)
        try database.writer.write { db in
            try db.execute(sql: """
                UPDATE card SET state = 2, step = NULL, stability = 3, difficulty = 8, due = ?, last_review = ?, reps = 20, lapses = 7,
                introduced = ? WHERE question = ? AND direction = 'en-jp'
                """, arguments: [ms - 1000, ms - 86_400_000 * 3, ms - 86_400_000 * 30, word.question])
        }
        let session = LearnerSession(user: user, bundled: deck, database: database, overrides: StudyOverrides(questions: 5), seed: 1,
                                     clock: { now })
        session.startSession()
        let app = AppComposition(session: session, route: .challenge, backend: terminal, log: RenderLog(path: nil), services: nil).app
        app.render()
        let test = try #require(session.quiz.currentTest)
        #expect(test.challenge == word, "the due card is asked first")
        let wrong = try #require(test.answers.first { $0 != test.rightAnswer })
        #expect(session.quiz.check(wrong) == .wrong)
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("Relearn") }, "\(terminal.screen.lines.joined(separator: "\n"))")
        app.handle(.keyPressed(.character("l")))
        app.render()
        #expect(app.state.route == .learn)
        #expect(session.flashCards.current == word, "Learn opens on the leech: \(String(describing: session.flashCards.current))")
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains(word.question), "\(screen)")
        let learned = try database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT learned FROM card WHERE question = ? AND direction = 'jp-en'", arguments: [word.question])
        }
        #expect(learned == 0, "its flash card is no longer remembered")
    }
}
