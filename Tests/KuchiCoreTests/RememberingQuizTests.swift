import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// The quiz with a store: grades, the review log, resuming a session, missed words, Learn.
@MainActor
@Suite("Remembering quiz")
struct RememberingQuizTests {
    let fixture: StudyFixture

    init() throws {
        fixture = try StudyFixture(words: 12)
    }

    func quiz(_ database: LearnerDatabase, clock: TestClock, questions: Int = 5, limit: Int = 10, seed: UInt64 = 7) -> ChallengesViewModel {
        ChallengesViewModel(deck: fixture.deck, numberOfQuestions: questions, study: fixture.context(database, limit: limit),
                            random: SeededGenerator(seed: seed), clock: clock.read)
    }

    /// wrongAnswer: a choice that is not the current word's answer.
    func wrongAnswer(_ quiz: ChallengesViewModel) -> String? {
        quiz.currentTest.flatMap { test in test.answers.first { $0 != test.challenge.answer } }
    }

    /// reviews: the review log as (card, rating, state before, duration), oldest first.
    func reviews(_ database: LearnerDatabase) throws -> [(card: Int64, rating: Int, state: Int, duration: Int)] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT card, rating, state, duration FROM review ORDER BY id").map { ($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func cardID(_ database: LearnerDatabase, question: String) throws -> Int64 {
        try database.writer.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM card WHERE question = ?", arguments: [question]) ?? -1 }
    }

    @Test("right on the first try is Good, with the time taken since the word was shown")
    func goodOnFirstTry() throws {
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(database, clock: clock)
        let test = try #require(quiz.currentTest)
        clock.advance(2.5)
        #expect(quiz.check(test.challenge.answer) == .correct)
        let log = try reviews(database)
        #expect(log.count == 1)
        #expect(log.first?.card == (try cardID(database, question: test.challenge.question)))
        #expect(log.first?.rating == Rating.good.rawValue)
        #expect(log.first?.state == CardState.new.rawValue)
        #expect(log.first?.duration == 2500)
    }

    @Test("a wrong answer is Again; the retry on the same showing is not graded again")
    func againOnceThenNoGrade() throws {
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(database, clock: clock)
        let test = try #require(quiz.currentTest)
        let wrong = test.answers.filter { $0 != test.challenge.answer }
        clock.advance(1.2)
        #expect(quiz.check(wrong[0]) == .wrong)
        #expect(quiz.check(wrong[1]) == .wrong)
        #expect(quiz.check(test.challenge.answer) == .correct)
        let log = try reviews(database)
        #expect(log.map(\.rating) == [Rating.again.rawValue], "one grade for the showing: Again")
        #expect(log.first?.duration == 1200)
        #expect(quiz.score.correct == 1, "the retry still counts as a right answer for the session")
        #expect(quiz.score.wrong == 2)
        #expect(quiz.missedWords.count == 1)
        #expect(quiz.missedWords.first?.question == test.challenge.question)
        #expect(quiz.missedWords.first?.answer == test.challenge.answer)
        #expect(quiz.missedWords.first?.due == clock.now.addingTimeInterval(60), "comes back when its learning step is due")
    }

    @Test("a missed word comes back in the same session once its step is due, and is graded again")
    func missedWordReturns() throws {
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(database, clock: clock, questions: 10)
        let missed = try #require(quiz.currentTest?.challenge)
        quiz.check(try #require(wrongAnswer(quiz)))
        quiz.check(missed.answer)
        var seen: [String] = []
        for _ in 0..<4 {
            clock.advance(20)
            guard let test = quiz.currentTest else { break }
            seen.append(test.challenge.question)
            if test.challenge == missed, let wrong = wrongAnswer(quiz) { quiz.check(wrong) }
            quiz.check(test.challenge.answer)
        }
        #expect(seen.contains(missed.question), "back after its 1-minute step: \(seen)")
        #expect(quiz.missedWords.map(\.question) == [missed.question], "missed twice, listed once")
        #expect(quiz.missedWords.first?.due ?? .distantPast > clock.now.addingTimeInterval(-60), "with its latest due time")
        #expect(try reviews(database).filter { $0.card == (try cardID(database, question: missed.question)) }.map(\.rating) == [1, 1])
    }

    @Test("the session still ends after N right answers and its saved state is then cleared")
    func endsAfterN() throws {
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(database, clock: clock, questions: 3)
        for _ in 0..<3 {
            if let wrong = wrongAnswer(quiz) { quiz.check(wrong) }
            if let answer = quiz.currentTest?.challenge.answer { quiz.check(answer) }
        }
        #expect(quiz.isComplete)
        #expect(quiz.currentTest == nil)
        #expect(quiz.missedWords.count == 3)
        #expect(try count(database, "SELECT COUNT(*) FROM session") == 0)
    }

    @Test("quitting mid-session and starting again continues it: same word, same choices, same score")
    func resumesAfterRestart() throws {
        let clock = TestClock()
        let test: ChallengeTest
        let missed: [MissedWord]
        do {
            let quiz = quiz(fixture.open(), clock: clock, questions: 6, seed: 1)
            for _ in 0..<2 { if let answer = quiz.currentTest?.challenge.answer { clock.advance(3); quiz.check(answer) } }
            let wrong = try #require(wrongAnswer(quiz))
            quiz.check(wrong)
            test = try #require(quiz.currentTest)
            missed = quiz.missedWords
            #expect(quiz.score.correct == 2)
            #expect(quiz.score.wrong == 1)
        }
        clock.advance(3600)
        let resumed = quiz(fixture.open(), clock: clock, questions: 6, seed: 99)
        #expect(resumed.currentTest == test)
        #expect(resumed.score.correct == 2)
        #expect(resumed.score.wrong == 1)
        #expect(resumed.score.bestStreak == 2)
        #expect(resumed.triedAnswers.count == 1)
        #expect(resumed.missedWords == missed)
        #expect(resumed.numberOfAnswered == 2)
        #expect(abs(resumed.score.elapsed - 6) < 0.01, "the hour away does not count as playing time")
        // The retry after the saved miss is not graded again.
        let before = try count(fixture.open(), "SELECT COUNT(*) FROM review")
        resumed.check(test.challenge.answer)
        #expect(try count(fixture.open(), "SELECT COUNT(*) FROM review") == before)
    }

    @Test("restart (Play Again) starts a new saved session")
    func restartClearsSession() throws {
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(database, clock: clock)
        if let wrong = wrongAnswer(quiz) { quiz.check(wrong) }
        quiz.restart()
        #expect(quiz.missedWords.isEmpty)
        #expect(quiz.score.wrong == 0)
        let resumed = self.quiz(fixture.open(), clock: clock, seed: 3)
        #expect(resumed.score.wrong == 0)
        #expect(resumed.currentTest == quiz.currentTest)
    }

    @Test("a quiz without a store remembers nothing and writes nothing")
    func withoutStore() throws {
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 3, random: SeededGenerator(seed: 1))
        if let wrong = wrongAnswer(quiz) { quiz.check(wrong) }
        #expect(quiz.missedWords.isEmpty)
        #expect(quiz.problem == nil)
    }

    @Test("a card's history survives the deck being edited; a removed word keeps its reviews")
    func identitySurvivesDeckEdits() throws {
        let database = fixture.open()
        let first = try database.cards(learner: fixture.learner, deck: fixture.deck)
        try database.record(ReviewInput(cardID: first.cards[5].id, rating: .good, time: Date(), duration: 1), scheduler: SimpleScheduler())
        var entries = DeckJSON.words(12)
        entries.remove(at: 0)
        entries.reverse()
        entries.append(DeckJSON.entry("新しい", "atarashii", "new", reading: "あたらしい"))
        let edited = try makeDeck(entries)
        let second = try database.cards(learner: fixture.learner, deck: edited)
        let moved = try #require(second.cards.first { $0.question == first.cards[5].question })
        #expect(moved.id == first.cards[5].id)
        #expect(moved.card.reps == 1)
        #expect(second.cards.last?.reading == "あたらしい")
        #expect(try count(database, "SELECT COUNT(*) FROM card") == 13, "the removed word's card stays")
    }

    @Test("Learn progress is kept per learner across launches")
    func learnProgressKept() throws {
        let learn = LearnContext(database: fixture.open(), learner: fixture.learner)
        do {
            let cards = FlashCardsViewModel(deck: fixture.deck, random: SeededGenerator(seed: 1), learn: learn)
            cards.remember()
            cards.forget()
            cards.remember()
            cards.forget()
            #expect(cards.remembered == 2)
        }
        let again = FlashCardsViewModel(deck: fixture.deck, random: SeededGenerator(seed: 2),
                                        learn: LearnContext(database: fixture.open(), learner: fixture.learner))
        #expect(again.remembered == 2)
        #expect(again.forgotten == 2)
        #expect(again.cardsLeft == 10)
        let other = FlashCardsViewModel(deck: fixture.deck, random: SeededGenerator(seed: 2),
                                        learn: LearnContext(database: fixture.open(), learner: UUID()))
        #expect(other.remembered == 0, "another learner has their own progress")
        again.restart()
        let fresh = FlashCardsViewModel(deck: fixture.deck, random: SeededGenerator(seed: 3), learn: learn)
        #expect(fresh.remembered == 0)
        #expect(fresh.forgotten == 0)
        #expect(fresh.cardsLeft == 12)
    }
}

/// Two quiz windows on one learner, and a clock that jumps backwards.
@MainActor
@Suite("Remembering quiz, two windows")
struct TwoWindowQuizTests {
    @Test("two quiz windows on one learner both log every answer and never undo each other's card")
    func twoQuizWindows() throws {
        let fixture = try StudyFixture(words: 6)
        let clock = TestClock()
        let first = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 6, study: fixture.context(fixture.open(), limit: 6),
                                        random: SeededGenerator(seed: 1), clock: clock.read)
        let second = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 6, study: fixture.context(fixture.open(), limit: 6),
                                         random: SeededGenerator(seed: 1), clock: clock.read)
        let word = try #require(first.currentTest?.challenge)
        #expect(second.currentTest?.challenge == word, "the second window resumes the first one's saved session")
        clock.advance(5)
        first.check(word.answer)
        clock.advance(5)
        second.check(word.answer)
        let database = fixture.open()
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 2)
        let states = try database.writer.read { db in try Int.fetchAll(db, sql: "SELECT state FROM review ORDER BY id") }
        #expect(states == [CardState.new.rawValue, CardState.learning.rawValue], "the second review built on the first")
        #expect(try count(database, "SELECT reps FROM card WHERE question = '\(word.question)'") == 2)
    }

    @Test("a clock that jumps backwards never schedules from a negative interval")
    func clockBackwards() throws {
        let fixture = try StudyFixture(words: 3)
        let database = fixture.open()
        let ids = try database.cards(learner: fixture.learner, deck: fixture.deck).cards.map(\.id)
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        try database.record(ReviewInput(cardID: ids[0], rating: .good, time: time, duration: 1), scheduler: SimpleScheduler())
        let stored = try #require(try database.record(ReviewInput(cardID: ids[0], rating: .again, time: time.addingTimeInterval(-3600), duration: 1),
                                                      scheduler: SimpleScheduler()))
        #expect(stored.card.lastReview == time, "the review counts as no time after the previous one")
        #expect(stored.card.due == time.addingTimeInterval(60))
        let times = try database.writer.read { db in try Int64.fetchAll(db, sql: "SELECT time FROM review ORDER BY id") }
        #expect(times.count == 2)
        #expect(times.allSatisfy { $0 == 1_800_000_000_000 }, "the log never runs backwards")
    }
}

/// Faults during a session and extra practice.
@MainActor
@Suite("Remembering quiz, faults")
struct QuizFaultTests {
    @Test("a database that stops accepting writes mid-session: a notice, and the quiz goes on")
    func writeFailureMidSession() throws {
        let fixture = try StudyFixture(words: 6)
        let database = fixture.open()
        let clock = TestClock()
        let quiz = ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 4, study: fixture.context(database),
                                       random: SeededGenerator(seed: 1), clock: clock.read)
        if let answer = quiz.currentTest?.challenge.answer { quiz.check(answer) }
        #expect(quiz.problem == nil)
        // A trigger that refuses every new review makes each answer's write fail, as a full or
        // read-only disk would (query_only is reset by the reads the quiz makes between answers).
        try database.writer.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON review BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        }
        for _ in 0..<3 {
            clock.advance(5)
            if let answer = quiz.currentTest?.challenge.answer { quiz.check(answer) }
        }
        #expect(quiz.problem?.contains("Could not save your answer") == true)
        #expect(quiz.isComplete, "the session still completes")
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 1)
    }

    @Test("with nothing due and today's new words done, extra practice offers review cards only, each once a study day")
    func extraPractice() throws {
        let fixture = try StudyFixture(words: 6)
        let database = fixture.open()
        let clock = TestClock()
        func session(limit: Int) -> ChallengesViewModel {
            ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 4, study: fixture.context(database, limit: limit),
                                random: SeededGenerator(seed: 1), clock: clock.read)
        }
        // Day 1: two new words; then their learning step (10 min) is not due: nothing to practise.
        let first = session(limit: 2)
        for _ in 0..<2 {
            clock.advance(5)
            if let answer = first.currentTest?.challenge.answer { first.check(answer) }
        }
        #expect(first.ranOut, "a card in a learning step is not offered before its step is due: the session ends")
        // Their step falls due: asked again, they reach Review.
        clock.advance(700)
        let second = session(limit: 2)
        for _ in 0..<2 {
            #expect(!second.isExtraPractice)
            clock.advance(5)
            if let answer = second.currentTest?.challenge.answer { second.check(answer) }
        }
        // The next study day, nothing due and no new word allowed: each review card once.
        clock.advance(86_400)
        let third = session(limit: 0)
        var extra: [Bool] = []
        for _ in 0..<2 {
            extra.append(third.isExtraPractice)
            clock.advance(5)
            if let answer = third.currentTest?.challenge.answer { third.check(answer) }
        }
        #expect(extra == [true, true])
        #expect(third.ranOut, "each review card is practised once a study day")
        #expect(try count(database, "SELECT COUNT(*) FROM review WHERE rating = 3") == 6)
    }
}
