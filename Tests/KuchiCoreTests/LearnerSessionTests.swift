import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// CountingScheduler: SimpleScheduler that counts its review calls (FSRS must run once per answer).
final class CountingScheduler: CardScheduler, @unchecked Sendable {
    private(set) var reviews = 0
    private let base = SimpleScheduler()

    func review(_ card: FSRSCard, rating: Rating, at time: Date) -> FSRSCard {
        reviews += 1
        return base.review(card, rating: rating, at: time)
    }

    func retrievability(of card: FSRSCard, at time: Date) -> Double {
        base.retrievability(of: card, at: time)
    }
}

/// The learner's study as one owner: the queue built when a session starts, due first, the
/// daily limit, undo, teaching and Forget me.
@MainActor
@Suite("Learner session")
struct LearnerSessionTests {
    let fixture: StudyFixture
    let clock = TestClock()

    init() throws {
        fixture = try StudyFixture(words: 12)
    }

    /// learnerUser: the fixture's learner signed in, with a daily new-word limit.
    func learnerUser(limit: Int) -> UserManager {
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: fixture.learner, name: "さくら"))
        user.newWordsPerDay = limit
        return user
    }

    /// session: a signed-in learner's session over the fixture's deck and a database.
    func session(_ database: LearnerDatabase, limit: Int = 10, direction: QuizDirection = .japaneseToEnglish, teach: Bool = false,
                 categories: [String] = []) -> LearnerSession {
        let user = learnerUser(limit: limit)
        user.studyDirection = direction
        user.teachNewWords = teach
        user.categories = categories
        user.numberOfQuestions = 3
        return LearnerSession(user: user, bundled: fixture.deck, database: database, seed: 3, clock: clock.read)
    }

    /// answerAll: answers right until the session ends (or nothing is asked).
    func answerAll(_ quiz: ChallengesViewModel) {
        while !quiz.isComplete, let test = quiz.currentTest {
            clock.advance(5)
            quiz.finishTeaching()
            quiz.check(test.rightAnswer)
        }
    }

    func introduced(_ database: LearnerDatabase) throws -> Int {
        try count(database, "SELECT COUNT(*) FROM card WHERE introduced IS NOT NULL")
    }

    @Test("FSRS runs once per answer, and the card the queue holds is the card stored")
    func oneSchedulerCallPerAnswer() throws {
        let database = fixture.open()
        let scheduler = CountingScheduler()
        let context = StudyContext(database: database, learner: fixture.learner, scheduler: scheduler)
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 4, study: context, random: SeededGenerator(seed: 1),
                                       clock: clock.read)
        var answers = 0
        for right in [true, false, true, true] {
            guard let test = quiz.currentTest else { break }
            clock.advance(5)
            let slot = try #require(quiz.currentSlot)
            if right {
                quiz.check(test.rightAnswer)
            } else {
                quiz.check(try #require(test.answers.first { $0 != test.rightAnswer }))
            }
            answers += 1
            // The retry after a miss is not graded: one call per review row, never two.
            #expect(scheduler.reviews == (try count(database, "SELECT COUNT(*) FROM review")), "after answer \(answers)")
            let stored = try #require(try database.card(id: quiz.memory?.cardID(at: slot) ?? 0))
            #expect(stored.hasSameMemory(as: try #require(quiz.memory?.record(at: slot).card)))
        }
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 3, "right, wrong (its retry ungraded), right")
    }

    @Test("the queue is built when the session starts: a card another window reviewed meanwhile is not asked")
    func queueBuiltAtStart() throws {
        let database = fixture.open()
        let first = session(database, limit: 2)
        first.startSession()
        answerAll(first.quiz)
        // Two words learned; the next day both are due.
        clock.advance(2 * 86_400)
        let left = session(fixture.open(), limit: 0)
        let other = session(fixture.open(), limit: 0)
        other.startSession()
        let taken = try #require(other.quiz.currentTest?.challenge.question)
        other.quiz.check(try #require(other.quiz.currentTest?.rightAnswer))
        left.startSession()
        #expect(left.quiz.currentTest?.challenge.question != taken, "the word the other window just reviewed is not due any more")
    }

    @Test("a word missed yesterday comes first the next day, before any new word")
    func missedWordFirstNextDay() throws {
        let database = fixture.open()
        let day1 = session(database, limit: 3)
        day1.startSession()
        let missed = try #require(day1.quiz.currentTest)
        day1.quiz.check(try #require(missed.answers.first { $0 != missed.rightAnswer }))
        answerAll(day1.quiz)
        clock.advance(86_400)
        let day2 = session(fixture.open(), limit: 3)
        day2.startSession()
        var asked: [String] = []
        while let test = day2.quiz.currentTest, !day2.quiz.isComplete {
            asked.append(test.challenge.question)
            clock.advance(5)
            day2.quiz.check(test.rightAnswer)
        }
        #expect(asked.contains(missed.challenge.question), "\(asked)")
        let reviewed = Set(try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT question FROM card WHERE introduced < ?", arguments: [Milliseconds.from(clock.now) - 86_000_000])
        })
        #expect(asked.prefix(reviewed.count).allSatisfy(reviewed.contains), "every due word before a new one: \(asked)")
    }

    @Test("the daily new-word limit holds across Play again")
    func limitAcrossPlayAgain() throws {
        let database = fixture.open()
        let learner = session(database, limit: 4)
        for _ in 0..<4 {
            learner.startSession()
            answerAll(learner.quiz)
        }
        #expect(try introduced(database) == 4)
        #expect(learner.quiz.isExtraPractice || learner.quiz.isComplete || learner.quiz.nothingToStudy)
        learner.refreshStatus(force: true)
        #expect(learner.status?.newAvailable == 0)
        // A second window the same day finds the limit spent too.
        let window = session(fixture.open(), limit: 4)
        window.startSession()
        answerAll(window.quiz)
        #expect(try introduced(database) == 4)
        // Raising the limit lets more in, as in Anki.
        window.user.newWordsPerDay = 6
        window.settle()
        window.startSession()
        answerAll(window.quiz)
        #expect(try introduced(database) == 6)
    }

    @Test("with nothing due, no new word allowed and none seen, nothing is asked")
    func nothingToStudy() throws {
        let learner = session(fixture.open(), limit: 0)
        learner.startSession()
        #expect(learner.quiz.currentTest == nil && learner.quiz.nothingToStudy)
    }

    @Test("mixed directions: every due card of the selection is asked before a new word, and Welcome counts them all")
    func mixedDirectionsDueFirst() throws {
        let database = fixture.open()
        let day1 = session(database, limit: 10, direction: .mixed)
        day1.user.numberOfQuestions = 8
        day1.startSession()
        answerAll(day1.quiz)
        day1.startSession()
        answerAll(day1.quiz)
        let reviewed = try count(database, "SELECT COUNT(*) FROM card WHERE state != 0")
        #expect(reviewed == 10)
        clock.advance(3 * 86_400)
        let day2 = session(fixture.open(), limit: 10, direction: .mixed)
        day2.refreshStatus(force: true)
        #expect(day2.status?.dueNow == reviewed, "Welcome counts every due (word, direction) card")
        #expect(day2.status?.newAvailable == 10)
        day2.user.numberOfQuestions = 20
        day2.startSession()
        var sources: [Bool] = []
        while let test = day2.quiz.currentTest, sources.count < reviewed + 2 {
            let slot = try #require(day2.quiz.currentSlot)
            sources.append(day2.quiz.memory?.record(at: slot).card.state == .new)
            clock.advance(5)
            day2.quiz.check(test.rightAnswer)
        }
        #expect(sources.prefix(reviewed).allSatisfy { !$0 }, "no new card while a due card waits: \(sources)")
    }

    @Test("Welcome's counts are the chosen categories' and directions'")
    func countsAreTheSelection() throws {
        let deck = try makeDeck(DeckJSON.words(6, prefix: "a", category: "A") + DeckJSON.words(6, prefix: "b", category: "B"))
        let database = fixture.open()
        let user = learnerUser(limit: 20)
        let learner = LearnerSession(user: user, bundled: deck, database: database, seed: 1, clock: clock.read)
        learner.refreshStatus(force: true)
        #expect(learner.status?.newAvailable == 12)
        user.categories = ["A"]
        learner.settle()
        learner.refreshStatus(force: true)
        #expect(learner.status?.newAvailable == 6)
        user.studyDirection = .mixed
        learner.settle()
        learner.refreshStatus(force: true)
        #expect(learner.status?.newAvailable == 12, "two directions of six words")
    }

    @Test("undo of a miss: the review is deleted, the card row restored, the score steps back, the word is asked again")
    func undoAMiss() throws {
        let database = fixture.open()
        let learner = session(database)
        learner.startSession()
        let quiz = learner.quiz
        let test = try #require(quiz.currentTest)
        let slot = try #require(quiz.currentSlot)
        let id = try #require(quiz.memory?.cardID(at: slot))
        let before = try #require(try database.card(id: id))
        clock.advance(3)
        quiz.check(try #require(test.answers.first { $0 != test.rightAnswer }))
        #expect(quiz.score.wrong == 1 && quiz.canUndo)
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 1)
        #expect(quiz.undoLastAnswer())
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 0)
        let restored = try #require(try database.card(id: id))
        #expect(restored.card.state == .new && restored.introduced == nil && restored.hasSameMemory(as: before.card))
        #expect(quiz.score.wrong == 0 && quiz.triedAnswers.isEmpty && quiz.currentTest == test && !quiz.canUndo)
        clock.advance(3)
        quiz.check(test.rightAnswer)
        let graded = try database.writer.read { db in try Int.fetchAll(db, sql: "SELECT rating FROM review") }
        #expect(graded == [Rating.good.rawValue], "the retry after undo is the word's first grade")
    }

    @Test("undo of a right answer brings the word back and the next word waits its turn")
    func undoARightAnswer() throws {
        let database = fixture.open()
        let learner = session(database)
        learner.startSession()
        let quiz = learner.quiz
        let first = try #require(quiz.currentTest)
        clock.advance(3)
        quiz.check(first.rightAnswer)
        let next = try #require(quiz.currentTest)
        #expect(quiz.numberOfAnswered == 1)
        #expect(quiz.undoLastAnswer())
        #expect(quiz.numberOfAnswered == 0 && quiz.currentTest == first)
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 0)
        clock.advance(3)
        quiz.check(first.rightAnswer)
        #expect(quiz.currentTest?.challenge == next.challenge, "the abandoned word is the next again")
    }

    @Test("a word met for the first time is taught before it is asked; the first answer after is graded")
    func teachesNewWords() throws {
        let database = fixture.open()
        let learner = session(database, teach: true)
        learner.startSession()
        let quiz = learner.quiz
        #expect(quiz.teaching)
        quiz.finishTeaching()
        #expect(!quiz.teaching)
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 0, "teaching is not graded")
        clock.advance(3)
        quiz.check(try #require(quiz.currentTest?.rightAnswer))
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 3") == 1)
    }

    @Test("Forget me deletes the learner's reviews, cards and sessions")
    func forgetDeletesProgress() throws {
        let database = fixture.open()
        let learner = session(database)
        learner.startSession()
        answerAll(learner.quiz)
        learner.startSession()
        clock.advance(3)
        learner.quiz.check(try #require(learner.quiz.currentTest?.rightAnswer))
        #expect(learner.reviewCount == 4)
        learner.forget()
        for table in ["review", "card", "session", "learner_deck", "review_slot"] {
            #expect(try count(database, "SELECT COUNT(*) FROM \(table)") == 0, "\(table)")
        }
    }

    @Test("an answer adjusts the open statistics at once; another window's answer is read when the tab opens again")
    func statisticsFollowAnswers() throws {
        let database = fixture.open()
        let learner = session(database)
        learner.openStats()
        #expect(learner.statsModel.today.reviews == 0)
        learner.startSession()
        clock.advance(3)
        learner.quiz.check(try #require(learner.quiz.currentTest?.rightAnswer))
        #expect(learner.statsModel.today.reviews == 1, "recorded without a query")
        let other = session(fixture.open())
        other.startSession()
        clock.advance(3)
        other.quiz.check(try #require(other.quiz.currentTest?.rightAnswer))
        #expect(learner.statsModel.today.reviews == 1)
        learner.openStats()
        #expect(learner.statsModel.today.reviews == 2, "another connection's commit changes data_version: read whole")
    }

    @Test("a new Next day starts at reaches the open Stats tab at once: today's count is by the new hour")
    func rolloverReachesStats() throws {
        let database = fixture.open()
        let cards = try database.cards(learner: fixture.learner, deck: fixture.deck, now: clock.now).cards
        for hoursAgo in stride(from: 29, through: 0, by: -1) {
            try database.record(ReviewInput(cardID: cards[hoursAgo % cards.count].id, rating: .good,
                                            time: clock.now.addingTimeInterval(-Double(hoursAgo) * 3600 - 60), duration: 900),
                                scheduler: SimpleScheduler())
        }
        let learner = session(database)
        learner.openStats()
        /// today: today's reviews as a fresh load counts them with rollover `hour`.
        func today(hour: Int) throws -> Int {
            try database.statsSource.snapshot(learner: fixture.learner, calendar: StudyCalendar(rolloverHour: hour),
                                              categories: StatsCategoryIndex(decks: [fixture.deck]), now: clock.now).today.reviews
        }
        let old = learner.user.dayRolloverHour
        #expect(learner.statsModel.today.reviews == (try today(hour: old)))
        let new = (old + 6) % 24
        #expect(try today(hour: new) != (try today(hour: old)), "the test's reviews count differently by the two hours")
        learner.user.dayRolloverHour = new
        learner.settle()
        #expect(learner.statsModel.today.reviews == (try today(hour: new)), "the open tab follows the setting at once")
        learner.openStats()
        #expect(learner.statsModel.today.reviews == (try today(hour: new)), "and opening the tab again keeps it")
    }

    @Test("Learn deals the day's next new words first, and a word remembered there is not taught again")
    func learnDealsTheNextNewWords() throws {
        let database = fixture.open()
        let learner = session(database, limit: 3, teach: true)
        let cards = learner.flashCards
        #expect(cards.total == 3 && cards.cardsLeft == 3, "the day's three new words, no unseen word past the limit")
        let first = try #require(cards.current)
        #expect(first.question == fixture.deck.challenges[0].question, "the queue's first new word")
        cards.remember()
        #expect(cards.current?.question == fixture.deck.challenges[1].question)
        learner.startSession()
        #expect(learner.quiz.currentTest?.challenge.question == first.question)
        #expect(!learner.quiz.teaching, "remembered in Learn: already taught")
    }

    @Test("a typed miss resumed after a restart still shows the answer it asks to be typed; Japanese for a meaning is not graded")
    func resumedRetryShowsTheAnswer() throws {
        let database = fixture.open()
        let first = session(database)
        first.user.answerKind = .type
        first.startSession()
        #expect(first.quiz.submit("ねこ") == .notCounted, "kana typed for an English meaning")
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 0)
        #expect(first.quiz.submit("zzz") == .wrong)
        let word = try #require(first.quiz.currentTest)
        let again = session(fixture.open())
        again.user.answerKind = .type
        again.settle()
        #expect(again.isInProgress && again.quiz.currentTest?.challenge == word.challenge)
        #expect(again.quiz.feedback == .revealed(word.challenge), "the answer to type shows again")
    }

    @Test("a level filter narrows the quiz and the counts to those JLPT levels")
    func levelFilter() throws {
        var entries = DeckJSON.words(4, prefix: "n5")
        for index in entries.indices { entries[index]["level"] = 5 }
        var harder = DeckJSON.words(3, prefix: "n4")
        for index in harder.indices { harder[index]["level"] = 4 }
        let deck = try makeDeck(entries + harder)
        let user = learnerUser(limit: 20)
        #expect(user.levels == [5], "N5 is a new learner's level (issue 38)")
        user.levels = []
        let learner = LearnerSession(user: user, bundled: deck, database: fixture.open(), seed: 1, clock: clock.read)
        learner.refreshStatus(force: true)
        #expect(learner.status?.newAvailable == 7)
        user.levels = [5]
        learner.settle()
        learner.refreshStatus(force: true)
        #expect(learner.deck.challenges.count == 4 && learner.status?.newAvailable == 4)
        learner.startSession()
        #expect(learner.quiz.currentTest?.challenge.level == 5)
    }

    @Test("a second window's new words skip the ones the first introduced, without spending the limit on them")
    func secondWindowKeepsTheLimit() throws {
        let database = fixture.open()
        let a = session(database, limit: 6)
        let b = session(fixture.open(), limit: 6)
        a.user.numberOfQuestions = 3
        b.user.numberOfQuestions = 6
        a.startSession()
        b.startSession()
        answerAll(a.quiz)
        #expect(try introduced(database) == 3)
        var extra = 0
        for _ in 0..<12 where try introduced(database) < 6 {
            // The two windows shared the saved session: B plays it out, then plays again.
            if b.quiz.isComplete { b.startSession() }
            guard let test = b.quiz.currentTest else { break }
            if b.quiz.isExtraPractice { extra += 1 }
            clock.advance(5)
            b.quiz.check(test.rightAnswer)
        }
        #expect(extra == 0, "no extra practice while new words are left for the day")
        #expect(try introduced(database) == 6)
    }

    @Test("after Forget me in another window, an answer here says the progress is gone")
    func forgottenElsewhere() throws {
        let a = session(fixture.open())
        a.startSession()
        let b = session(fixture.open())
        b.forget()
        clock.advance(3)
        a.quiz.check(try #require(a.quiz.currentTest?.rightAnswer))
        #expect(a.quiz.problem?.contains("deleted in another Kuchi window") == true)
    }

    @Test("a resumed session asks no new word once the day's limit is spent; undo with nothing to undo says so")
    func resumeRespectsTheLimit() throws {
        let database = fixture.open()
        let first = session(database, limit: 3)
        first.user.numberOfQuestions = 5
        first.startSession()
        for _ in 0..<3 {
            clock.advance(5)
            first.quiz.check(try #require(first.quiz.currentTest?.rightAnswer))
        }
        // The limit is spent and the three words' learning step is not due: nothing to ask
        // (a card is never asked before its step, issue 29).
        #expect(first.quiz.ranOut && first.quiz.currentSlot == nil, "the session ends")
        clock.advance(700)
        let again = session(fixture.open(), limit: 3)
        again.startSession()
        let slot = try #require(again.quiz.currentSlot)
        #expect(again.quiz.memory?.record(at: slot).card.state != .new, "no new word past the spent limit: a step that fell due")
        #expect(!again.quiz.undoLastAnswer() && again.quiz.feedback == .nothingToUndo)
    }
}
