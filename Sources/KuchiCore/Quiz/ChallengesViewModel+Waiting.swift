import Foundation
import KuchiData

/// ChallengesViewModel+Waiting: "Nothing to study now" is not the end of a session — a learning
/// step falls due a few minutes later, a review later in the day, new words at the rollover.
/// The screen looks at the queue again (the app's wake-up while it waits, any key, Continue)
/// and asks the card as soon as it may be asked.
extension ChallengesViewModel {
    /// lookAgain: while nothing may be asked, the queue is asked again at the quiz's clock; a
    /// card now due (or a new day's new word) comes up, otherwise the wait is brought up to
    /// date. Returns whether a word came up.
    @discardableResult
    public func lookAgain() -> Bool {
        guard nothingToStudy, currentTest == nil, !isComplete, let memory else { return false }
        advance()
        guard currentTest != nil else {
            noteNextDue(memory.nextDue())
            return false
        }
        // The session's clock ran on from where it stopped (the wait is not study time).
        score.restore(correct: score.correct, wrong: score.wrong, streak: score.streak, bestStreak: score.bestStreak, elapsed: score.elapsed)
        saveAnswer(review: nil, slot: nil)
        return true
    }

    /// noteNextDue: keeps when the next card is due and how far off that is now.
    func noteNextDue(_ due: Date?) {
        set(\.nextDue, to: due)
        set(\.nextDueText, to: due.map { StudyStatus.relative(from: clock(), to: $0) })
    }
}
