import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiData

/// WelcomeWordTableTests: Welcome's counts read through the deck cache's word table
/// (`LearnerSession.tableStatus`) are the counts the whole deck's path gives — due, new, the
/// next review and "N more due in other directions" — for every direction and several levels,
/// categories and suspended words; the table is used only while it stands for the deck studied.
@MainActor
@Suite("Welcome counts over the word table")
struct WelcomeWordTableTests {
    let clock = TestClock()

    /// Setting: what the learner chooses to study.
    struct Setting: CustomStringConvertible {
        var direction: QuizDirection
        var levels: [Int]
        var categories: [String]
        var description: String { "\(direction) \(levels) \(categories)" }
    }

    typealias Copy = BundledDeckCopy

    /// session: a learner studying the copy (as `--deck FILE` gives it) with a history: two days
    /// of answers in every direction, some wrong, six days on, then two words suspended.
    func session(_ copy: Copy, database: LearnerDatabase) throws -> LearnerSession {
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: UUID(), name: "さくら"))
        user.newWordsPerDay = 40
        user.numberOfQuestions = 60
        user.teachNewWords = false
        user.studyDirection = .mixed
        let session = LearnerSession(user: user, bundled: copy.deck, library: copy.library, database: database,
                                     overrides: StudyOverrides(deck: copy.source()), seed: 5, clock: clock.read)
        for _ in 0..<2 {
            session.startSession()
            var right = false
            while !session.quiz.isComplete, let test = session.quiz.currentTest {
                clock.advance(7)
                right.toggle()
                session.quiz.check(right ? test.rightAnswer : "まちがい")
            }
            clock.advance(26 * 3600)
        }
        // Long enough for the first intervals to fall due.
        clock.advance(6 * 86400)
        let answered = try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT DISTINCT question FROM card WHERE state != 0 ORDER BY question LIMIT 2")
        }
        #expect(answered.count == 2, "the history has reviewed words")
        for question in answered {
            let word = try #require(copy.deck.challenges.first { $0.question == question })
            #expect(session.setSuspended(true, question: word.question, reading: word.reading ?? ""))
        }
        return session
    }

    @Test("the table's figures equal the whole deck's for every direction, level, category and suspended word")
    func sameFigures() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        let session = try session(copy, database: database)
        let learner = try #require(session.user.profileID)
        var settings: [Setting] = []
        for direction in QuizDirection.allCases {
            for (levels, categories) in [([5], []), ([], []), ([4], ["Food & drink"]), ([1], []), ([], ["Food & drink", "Greetings & phrases"]),
                                         ([5], ["No such category"])] as [([Int], [String])] {
                settings.append(Setting(direction: direction, levels: levels, categories: categories))
            }
        }
        var sawDue = false, sawElsewhere = false
        for setting in settings {
            session.user.studyDirection = setting.direction
            session.user.levels = setting.levels
            session.user.categories = setting.categories
            session.settle()
            let selection = session.selection
            let table = try #require(session.tableStatus(selection: selection, now: clock.now), "\(setting)")
            let whole = LearnerSession.status(database: database, learner: learner, deck: session.deck, selection: selection, now: clock.now)
            #expect(table == whole, "\(setting)")
            session.refreshStatus(force: true)
            #expect(session.status == whole, "Welcome shows the table's figures: \(setting)")
            sawDue = sawDue || table.dueNow > 0
            sawElsewhere = sawElsewhere || table.dueElsewhere > 0
        }
        #expect(sawDue && sawElsewhere, "the settings cover due cards here and in other directions")
    }

    @Test("a deck file changed since it was cached is counted the whole deck's way")
    func staleTable() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: UUID(), name: "けん"))
        let source = copy.source()
        let session = LearnerSession(user: user, bundled: copy.deck, library: copy.library, database: database,
                                     overrides: StudyOverrides(deck: source), seed: 5, clock: clock.read)
        #expect(source.wordTable != nil && !source.isDecoded, "the table stands for the file: nothing decoded")
        // The file rewritten: the cache no longer matches it, whatever it holds.
        try Data(contentsOf: copy.url).write(to: copy.url)
        let stale = copy.source()
        let again = LearnerSession(user: user, bundled: copy.deck, library: copy.library, database: database,
                                   overrides: StudyOverrides(deck: stale), seed: 5, clock: clock.read)
        #expect(stale.wordTable == nil && stale.isDecoded, "no table stands for the changed file: decoded instead")
        again.refreshStatus(force: true)
        session.refreshStatus(force: true)
        #expect(again.status?.newAvailable == min(user.newWordsPerDay, again.deck.challenges.count), "counted the whole deck's way")
        #expect(again.status == session.status)
    }
}
