import Foundation
import Testing
@testable import KuchiCore

@MainActor
@Suite("Score")
struct ScoreTests {
    /// record: plays a sequence of "R" (right) and "W" (wrong) on a score.
    func record(_ sequence: String, on score: Score) {
        for mark in sequence {
            if mark == "R" { score.recordCorrect() } else { score.recordWrong() }
        }
    }

    @Test("streak and best streak follow right and wrong answers", arguments: [
        ("", 0, 0),
        ("R", 1, 1),
        ("W", 0, 0),
        ("RRW", 0, 2),
        ("RRWR", 1, 2),
        ("RWRRRWR", 1, 3),
        ("RRWRRRR", 4, 4),
        ("WWRRRWWRR", 2, 3),
    ])
    func streaks(sequence: String, streak: Int, best: Int) {
        let score = Score()
        record(sequence, on: score)
        #expect(score.streak == streak)
        #expect(score.bestStreak == best)
        #expect(score.correct == sequence.filter { $0 == "R" }.count)
        #expect(score.wrong == sequence.filter { $0 == "W" }.count)
    }

    @Test("accuracy is nil before any answer, then right over all")
    func accuracy() {
        let score = Score()
        #expect(score.accuracy == nil)
        record("RRRW", on: score)
        #expect(score.accuracy == 0.75)
        record("W", on: score)
        #expect(score.accuracy == 0.6)
    }

    @Test("a quiz keeps streaks across right and wrong answers")
    func quizStreaks() throws {
        let quiz = seededQuiz(try makeDeck(DeckJSON.words(10)), questions: 6, seed: 3)
        for mark in "RRWRRR" {
            let test = try #require(quiz.currentTest)
            quiz.check(mark == "R" ? test.challenge.answer : wrongChoices(of: test)[0])
        }
        #expect(quiz.score.streak == 3)
        #expect(quiz.score.bestStreak == 3)
        #expect(quiz.score.summary.correct == 5)
        #expect(quiz.score.summary.wrong == 1)
        #expect(quiz.score.summary.bestStreak == 3)
    }

    @Test("elapsed time runs from the start and stops when the session finishes")
    func elapsedWithClock() throws {
        let time = ClockBox()
        let quiz = seededQuiz(try makeDeck(DeckJSON.words(5)), questions: 3, seed: 1, clock: time.clock)
        time.advance(5)
        #expect(quiz.score.summary.elapsed == 5)
        for _ in 0..<3 {
            time.advance(20)
            quiz.check(try #require(quiz.currentTest).challenge.answer)
        }
        #expect(quiz.isComplete)
        #expect(quiz.score.summary.elapsed == 65)
        time.advance(1000)
        #expect(quiz.score.summary.elapsed == 65, "a finished session's time stands still")
        quiz.restart()
        #expect(quiz.score.summary.elapsed == 0)
        time.advance(7)
        #expect(quiz.score.summary.elapsed == 7)
    }

    @Test("a score's own start and finish follow its clock")
    func startAndFinish() {
        let time = ClockBox()
        let score = Score(clock: time.clock)
        #expect(score.startedAt == time.now)
        time.advance(10)
        score.finish()
        #expect(score.finishedAt == time.now)
        time.advance(10)
        score.finish()
        #expect(score.summary.elapsed == 10, "finishing twice keeps the first finish")
        score.reset()
        #expect(score.startedAt == time.now)
        #expect(score.finishedAt == nil)
    }

    @Test("accuracy text is a rounded percentage", arguments: [
        (6, 1, "86%"), (2, 1, "67%"), (1, 2, "33%"), (5, 0, "100%"), (0, 4, "0%"), (0, 0, "0%"), (1, 7, "13%"),
    ])
    func accuracyText(correct: Int, wrong: Int, text: String) {
        #expect(SessionSummary(correct: correct, wrong: wrong, bestStreak: 0, elapsed: 0).accuracyText == text)
    }

    @Test("elapsed text is m:ss, or h:mm:ss from an hour", arguments: [
        (0.0, "0:00"), (5.0, "0:05"), (59.6, "1:00"), (65.0, "1:05"), (600.0, "10:00"),
        (3599.0, "59:59"), (3600.0, "1:00:00"), (3723.0, "1:02:03"), (36_000.0, "10:00:00"), (-3.0, "0:00"),
    ])
    func elapsedText(seconds: Double, text: String) {
        #expect(SessionSummary(correct: 0, wrong: 0, bestStreak: 0, elapsed: seconds).elapsedText == text)
    }
}
