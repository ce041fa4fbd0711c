import Foundation
import KuchiRecall
import KuchiData

/// ChallengesViewModel+Overrule: "I was right" (F5) — after a graded miss on a typed answer the
/// learner says the answer was right: the Again review is taken back through undo and the word
/// is answered Good through the ordinary answer path (so the review log, its tombstone and the
/// summary stay what an undo and an answer make them) — both written in one transaction
/// (`LearnerDatabase.replace`) — then the quiz asks whether to keep the typed answer as the
/// learner's own for that card. An answer that is another deck word's meaning or reading (a
/// contrast partner's above all) is refused, naming that word; one Kuchi knows nothing about is
/// asked about once more before it is kept (issue 37).
extension ChallengesViewModel {
    /// canOverrule: a graded typed miss shows and can still be taken back (F5 applies).
    public var canOverrule: Bool {
        overruleTarget != nil && canUndo && feedback?.missedTyped != nil
    }

    /// isOfferingOwnAnswer: the quiz asks whether to keep the overruled answer ("y" keeps it),
    /// or asks once more about an answer it knows as no meaning of the word.
    public var isOfferingOwnAnswer: Bool {
        switch feedback {
        case .overruled?, .confirmingOwnAnswer?: true
        default: false
        }
    }

    /// overrule: F5: the last miss counts as right (undo, then Good); false when it cannot.
    @discardableResult
    public func overrule() -> Bool {
        guard canOverrule, let target = overruleTarget else { return false }
        overruleTarget = nil
        // Another word's meaning or reading is not this word's, whatever the learner says: the
        // miss stands and the sentence names the word it is (貸す ← "to borrow": 借りる).
        if let owner = judge.owner(of: target.typed, for: target.challenge, direction: target.direction) {
            set(\.feedback, to: .overruleRefused(target.challenge, typed: target.typed, question: owner.question,
                                                 meaning: owner.meaning, isPartner: owner.isPartner))
            return false
        }
        // The Good is the miss's answer judged again: it keeps that answer's time and duration.
        let answered = undoPoint?.answered
        guard undoLastAnswer(holdingWrite: true) else { return false }
        guard let test = currentTest, let index = currentIndex,
              test.challenge.question == target.challenge.question, test.direction == target.direction else {
            // Not the word missed after all: the undo stands on its own.
            if let memory { memory.releaseHeldUndo(snapshot: snapshot(memory)) }
            return false
        }
        // The Good is written with the undo, in one transaction (`LearnerDatabase.replace`).
        accept(test, at: index, feedback: .overruled(target.challenge, typed: OwnAnswers.kept(target.typed, direction: target.direction),
                                                     direction: target.direction), answered: answered)
        return true
    }

    /// keepOwnAnswer: "y" after F5: the typed answer (in the form the judge compares,
    /// `OwnAnswers.kept`) is accepted for that card from now on, written to the learner database
    /// (it travels through sync). Without a learner's memory it is kept for this quiz only. An
    /// undo right after takes the keep back with the grade.
    public func keepOwnAnswer() {
        // The first "y" asks once more: a typed answer that was graded wrong is no meaning (or
        // reading) Kuchi knows for the word; the second keeps it.
        if case let .overruled(challenge, kept, direction) = feedback {
            set(\.feedback, to: .confirmingOwnAnswer(challenge, typed: kept, direction: direction))
            return
        }
        guard case let .confirmingOwnAnswer(challenge, kept, direction) = feedback else { return }
        let key = OwnAnswers.key(word: challenge.question, direction: direction)
        let own = OwnAnswer(deck: deck.title, word: challenge.question, direction: direction, answer: kept)
        if !(ownAnswers[key] ?? []).contains(where: { OwnAnswers.accepts(kept, kept: $0, direction: direction) }) {
            if let database = memory?.context.database, let learner = memory?.context.learner {
                do {
                    try database.keepOwnAnswer(own, learner: learner, now: clock())
                } catch {
                    set(\.problem, to: "Could not keep your answer (\("\(error)".split(separator: "\n").first ?? "unknown error")).")
                    set(\.feedback, to: nil)
                    return
                }
            }
            ownAnswers[key, default: []].append(kept)
            undoPoint?.keptAnswer = own
        }
        set(\.feedback, to: .ownAnswerKept(challenge, typed: OwnAnswers.shown(kept, direction: direction)))
    }

    /// declineOwnAnswer: any other key after F5: the answer counted, but is not kept.
    public func declineOwnAnswer() {
        guard isOfferingOwnAnswer else { return }
        set(\.feedback, to: nil)
    }
}
