import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// Issue 40: a session ends when nothing is left to ask — choose and typed alike — with the
/// session's figures kept for the summary, nothing saved to resume, and the field empty.
@Suite("A session that runs out of cards")
@MainActor
struct SessionRunsOutTests {
    func quiz(_ fixture: StudyFixture, _ database: LearnerDatabase, clock: TestClock, kind: AnswerKind) -> ChallengesViewModel {
        ChallengesViewModel(deck: fixture.deck, numberOfQuestions: 5, study: fixture.context(database, limit: 3), answerKind: kind,
                            random: SeededGenerator(seed: 5), clock: clock.read)
    }

    @Test("choose: three new words of five questions, then nothing is left: the session is complete")
    func chooseRunsOut() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(fixture, database, clock: clock, kind: .choose)
        var wrongOnce = false
        while let test = quiz.currentTest, !quiz.isComplete {
            quiz.finishTeaching()
            clock.advance(3)
            if !wrongOnce, let wrong = test.answers.first(where: { $0 != test.rightAnswer }) {
                wrongOnce = true
                #expect(quiz.check(wrong) == .wrong)
            }
            #expect(quiz.check(test.rightAnswer) == .correct)
            quiz.goOn()
        }
        #expect(quiz.ranOut && quiz.isComplete && !quiz.isInProgress && !quiz.nothingToStudy)
        #expect(quiz.numberOfAnswered == 3 && quiz.numberOfQuestions == 5)
        #expect(quiz.score.summary.correct == 3 && quiz.score.summary.wrong == 1)
        #expect(quiz.missedWords.count == 1, "the word missed is listed with when it comes back")
        #expect(quiz.confirmation == nil, "the last answer is confirmed on the summary, as after N")
        #expect(try database.savedSession(learner: fixture.learner, deck: fixture.deck.title) == nil, "nothing to continue")
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 3, "one Again and two Goods: a retry is not graded")
    }

    @Test("typed: the session ends the same way and the answer field does not keep the last answer")
    func typedRunsOut() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(fixture, database, clock: clock, kind: .type)
        var answered = 0
        while let test = quiz.currentTest, !quiz.isComplete, answered < 10 {
            quiz.finishTeaching()
            clock.advance(3)
            quiz.typedAnswer.insert(test.challenge.answer)
            #expect(quiz.submit(quiz.typedAnswer.submission) == .correct)
            quiz.goOn()
            answered += 1
        }
        #expect(answered == 3)
        #expect(quiz.ranOut && quiz.isComplete && !quiz.isInProgress)
        #expect(quiz.typedAnswer.isEmpty, "the field is cleared: \(quiz.typedAnswer.submission)")
        #expect(try database.savedSession(learner: fixture.learner, deck: fixture.deck.title) == nil)
    }

    @Test("undo on the summary of a session that ran out takes the last answer back and asks it again")
    func undoReopens() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let clock = TestClock()
        let quiz = quiz(fixture, database, clock: clock, kind: .choose)
        while let test = quiz.currentTest, !quiz.isComplete {
            quiz.finishTeaching()
            clock.advance(3)
            quiz.check(test.rightAnswer)
            quiz.goOn()
        }
        #expect(quiz.ranOut)
        #expect(quiz.undoLastAnswer())
        #expect(!quiz.ranOut && !quiz.isComplete && quiz.currentTest != nil && quiz.numberOfAnswered == 2)
    }
}
