import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiRecall
@testable import KuchiData
@testable import KuchiSync

/// OwnAnswerTests: "I was right" (F5) — the Again replaced by Good through undo and the answer
/// path, the learner's own answer kept, accepted next session, listed, removed, and carried
/// to another machine by sync (its removal too).
@MainActor
@Suite("I was right: own answers")
struct OwnAnswerTests {
    let fixture: StudyFixture
    let clock = TestClock()

    init() throws {
        fixture = try StudyFixture(words: 12)
    }

    /// typedQuiz: a typed Japanese → English quiz of the fixture remembering in `database`.
    func typedQuiz(_ database: LearnerDatabase) -> ChallengesViewModel {
        ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 3, study: fixture.context(database), answerKind: .type,
                            random: SeededGenerator(seed: 5), clock: clock.read)
    }

    @Test("F5 after a typed miss: the log has one Good and no Again; the Again is a tombstone; y keeps the answer")
    func overruleThenKeep() throws {
        let database = fixture.open()
        let quiz = typedQuiz(database)
        quiz.finishTeaching()
        let asked = try #require(quiz.currentTest).challenge
        clock.advance(3)
        #expect(quiz.submit("my own words") == .wrong)
        #expect(quiz.canOverrule)
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 1") == 1)
        #expect(quiz.overrule())
        #expect(!quiz.canOverrule)
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 1") == 0, "no Again left")
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 3") == 1, "one Good")
        #expect(try count(database, "SELECT COUNT(*) FROM review_tombstone") == 1, "the undone Again travels as an undo")
        #expect(quiz.score.correct == 1 && quiz.score.wrong == 0)
        #expect(quiz.isOfferingOwnAnswer)
        quiz.keepOwnAnswer()
        // Issue 37: an answer Kuchi knows as no meaning of the word is asked about once more.
        #expect(quiz.feedback == .confirmingOwnAnswer(asked, typed: "my own words", direction: .japaneseToEnglish))
        #expect(quiz.isOfferingOwnAnswer)
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty, "nothing is kept before the second y")
        quiz.keepOwnAnswer()
        #expect(quiz.feedback == .ownAnswerKept(asked, typed: "my own words"))
        let kept = try database.ownAnswers(learner: fixture.learner)
        #expect(kept == [OwnAnswer(deck: fixture.deck.title, word: asked.question, direction: .japaneseToEnglish, answer: "my own words")])
        // The next session accepts it.
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: fixture.learner, name: "さくら"))
        user.answerKind = .type
        let session = LearnerSession(user: user, bundled: fixture.deck, database: database, seed: 3, clock: clock.read)
        session.startSession()
        let next = session.quiz
        let own = next.ownAnswers[OwnAnswers.key(word: asked.question, direction: .japaneseToEnglish)]
        #expect(own == ["my own words"])
        #expect(next.judge.judge("my own words", for: asked, direction: .japaneseToEnglish, own: own ?? []) == .right)
    }

    /// Commits: counts the transactions committed on a database.
    final class Commits: TransactionObserver, @unchecked Sendable {
        var count = 0
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { count += 1 }
        func databaseDidRollback(_ db: Database) {}
    }

    @Test("F5 replaces the Again by the Good in one transaction")
    func overruleIsOneTransaction() throws {
        let database = fixture.open()
        let quiz = typedQuiz(database)
        quiz.finishTeaching()
        clock.advance(3)
        #expect(quiz.submit("my own words") == .wrong)
        let commits = Commits()
        database.writer.add(transactionObserver: commits, extent: .observerLifetime)
        #expect(quiz.overrule())
        #expect(commits.count == 1, "the undo and the Good are one commit, not \(commits.count)")
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 1") == 0)
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 3") == 1)
    }

    @Test("F5 then any other key: counted right, not kept; F5 does nothing without a graded miss")
    func overruleDecline() throws {
        let database = fixture.open()
        let quiz = typedQuiz(database)
        quiz.finishTeaching()
        #expect(!quiz.overrule(), "nothing to overrule before a miss")
        #expect(quiz.submit("nonsense") == .wrong)
        #expect(quiz.overrule())
        quiz.declineOwnAnswer()
        #expect(quiz.feedback == nil)
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty)
        #expect(!quiz.overrule(), "once only")
    }

    @Test("F5 on the session's last word completes it and still asks; the answer is kept")
    func overruleLastWord() throws {
        let database = fixture.open()
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 1, study: fixture.context(database), answerKind: .type,
                                       random: SeededGenerator(seed: 5), clock: clock.read)
        quiz.finishTeaching()
        #expect(quiz.submit("nonsense") == .wrong)
        #expect(quiz.overrule())
        #expect(quiz.isComplete && quiz.isOfferingOwnAnswer)
        quiz.keepOwnAnswer()
        quiz.keepOwnAnswer()
        #expect(try database.ownAnswers(learner: fixture.learner).map(\.answer) == ["nonsense"])
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 1)
    }

    @Test("an ungraded try-again cannot be overruled")
    func ungradedIsNotOverruled() throws {
        let database = fixture.open()
        let quiz = typedQuiz(database)
        quiz.finishTeaching()
        let other = try #require(fixture.deck.challenges.first { $0.question != quiz.currentTest?.challenge.question })
        #expect(quiz.submit(other.answer) == .notCounted)
        #expect(!quiz.canOverrule)
    }

    @Test("keep, list, remove: one row per answer, stamped; removal kept as a change")
    func keepListRemove() throws {
        let database = fixture.open()
        let answer = OwnAnswer(deck: "D", word: "貸す", direction: .japaneseToEnglish, answer: "to loan out")
        try database.keepOwnAnswer(answer, learner: fixture.learner, now: clock.read())
        try database.keepOwnAnswer(answer, learner: fixture.learner, now: clock.read())
        #expect(try database.ownAnswers(learner: fixture.learner) == [answer])
        #expect(try database.removeOwnAnswers(word: "貸す", answer: "To Loan  Out", learner: fixture.learner, now: clock.read()) == [answer])
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty)
        #expect(try count(database, "SELECT COUNT(*) FROM own_answer WHERE kept = 0") == 1)
        #expect(try database.removeOwnAnswers(word: "貸す", answer: "to loan out", learner: fixture.learner, now: clock.read()).isEmpty)
    }
}

/// OwnAnswerSyncTests: own answers travel, their removal too, whatever order the files arrive in.
@Suite("I was right: own answers through sync")
struct OwnAnswerSyncTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Side: one machine's folders.
    struct Side {
        let home: TemporaryDirectory
        var config: URL { home.file("config") }
        var data: URL { home.file("data") }
        init() throws { home = try TemporaryDirectory() }
        func sync(_ folder: URL, name: String? = nil, now: Date) throws -> SyncReport {
            try SyncService.run(SyncRequest(folder: folder, profileName: name, configDirectory: config, dataDirectory: data, now: now)).get()
        }
        func answers(_ learner: UUID) throws -> [OwnAnswer] {
            try LearnerDatabase.open(directory: data).ownAnswers(learner: learner)
        }
    }

    @Test("kept on one machine, accepted on the other; removed there, gone here")
    func travels() throws {
        let (a, b, folder) = (try Side(), try Side(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try ProfileStore(directory: a.config).create(hana)
        let answer = OwnAnswer(deck: "Kuchi", word: "元気", direction: .japaneseToEnglish, answer: "peppy")
        try LearnerDatabase.open(directory: a.data).keepOwnAnswer(answer, learner: hana.id, now: start)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(10)).ownAnswersSent == 1)
        #expect(try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(20)).ownAnswersReceived == 1)
        #expect(try b.answers(hana.id) == [answer])
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(30)).ownAnswersSent == 0, "sent once")
        _ = try LearnerDatabase.open(directory: b.data).removeOwnAnswers(word: "元気", answer: "peppy", learner: hana.id,
                                                                          now: start.addingTimeInterval(40))
        #expect(try b.sync(folder.url, now: start.addingTimeInterval(50)).ownAnswersSent == 1)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(60)).ownAnswersReceived == 1)
        #expect(try a.answers(hana.id).isEmpty)
        // Kept again on A later: the later stamp wins on both.
        try LearnerDatabase.open(directory: a.data).keepOwnAnswer(answer, learner: hana.id, now: start.addingTimeInterval(70))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(80))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(90))
        #expect(try b.answers(hana.id) == [answer])
    }

    @Test("a synonym line is decoded with every field checked")
    func recordDecoding() throws {
        let change = SyncOwnAnswer(answer: OwnAnswer(deck: "D", word: "口", direction: .reading, answer: "くち"), kept: true,
                                   time: 1_800_000_000_000, machine: "")
        let line = try SyncRecordCoding.encode(.ownAnswer(change))
        #expect(try SyncRecordCoding.decode(line).get() == .ownAnswer(change))
        for bad in [#"{"type":"synonym","deck":"D","question":"口","direction":"sideways","answer":"x","value":"kept","time":1800000000000}"#,
                    #"{"type":"synonym","deck":"D","question":"口","direction":"reading","answer":"x","value":"maybe","time":1800000000000}"#,
                    #"{"type":"synonym","deck":"D","question":"口","direction":"reading","answer":"","value":"kept","time":1800000000000}"#,
                    #"{"type":"synonym","deck":"D","question":"口","direction":"reading","answer":"x","value":"kept","time":-5}"#] {
            guard case .failure = SyncRecordCoding.decode(Data(bad.utf8)) else {
                Issue.record("accepted: \(bad)")
                continue
            }
        }
    }
}

/// JudgeSelectionTests: the judge is the whole deck's, whatever categories are studied (class 5).
@MainActor
@Suite("The judge is built from the whole deck")
struct JudgeSelectionTests {
    @Test("a category filter does not change a grade: another word's meaning is still said, not graded")
    func filterKeepsTheJudge() throws {
        let deck = try makeDeck(DeckJSON.words(12, prefix: "a", category: "A") + DeckJSON.words(12, prefix: "b", category: "B"))
        let user = UserManager(store: nil)
        user.categories = ["A"]
        user.answerKind = .type
        let session = LearnerSession(user: user, bundled: deck, database: nil, seed: 1)
        session.startSession()
        let quiz = session.quiz
        #expect(quiz.deck.challenges.count == 12)
        #expect(quiz.judgeDeck?.challenges.count == 24)
        quiz.finishTeaching()
        #expect(quiz.submit("b meaning 3") == .notCounted, "b3's meaning is another word's, with or without the filter")
    }
}
