import Foundation

/// OwnAnswers: the learner's own accepted answers as the quiz looks them up.
public enum OwnAnswers {
    /// key: one card's key (its word and direction).
    public static func key(word: String, direction: StudyDirection) -> String {
        word + "\u{1F}" + direction.rawValue
    }

    /// byCard: kept answers grouped by card key.
    public static func byCard(_ answers: [OwnAnswer]) -> [String: [String]] {
        Dictionary(grouping: answers, by: { key(word: $0.word, direction: $0.direction) }).mapValues { $0.map(\.answer) }
    }
}

/// ChallengesViewModel+Overrule: "I was right" (F5) — after a graded miss on a typed answer the
/// learner says the answer was right: the Again review is taken back through undo and the word
/// is answered Good through the ordinary answer path (so the review log, its tombstone and the
/// summary stay what an undo and an answer make them) — both written in one transaction
/// (`LearnerDatabase.replace`) — then the quiz asks whether to keep the typed answer as the
/// learner's own for that card.
extension ChallengesViewModel {
    /// canOverrule: a graded typed miss shows and can still be taken back (F5 applies).
    public var canOverrule: Bool {
        overruleTarget != nil && canUndo && feedback?.missedTyped != nil
    }

    /// isOfferingOwnAnswer: the quiz asks whether to keep the overruled answer ("y" keeps it).
    public var isOfferingOwnAnswer: Bool {
        if case .overruled = feedback { return true }
        return false
    }

    /// overrule: F5: the last miss counts as right (undo, then Good); false when it cannot.
    @discardableResult
    public func overrule() -> Bool {
        guard canOverrule, let target = overruleTarget else { return false }
        overruleTarget = nil
        guard undoLastAnswer(holdingWrite: true) else { return false }
        guard let test = currentTest, let index = currentIndex,
              test.challenge.question == target.challenge.question, test.direction == target.direction else {
            // Not the word missed after all: the undo stands on its own.
            if let memory { memory.releaseHeldUndo(snapshot: snapshot(memory)) }
            return false
        }
        // The Good is written with the undo, in one transaction (`LearnerDatabase.replace`).
        accept(test, at: index, feedback: .overruled(target.challenge, typed: target.typed, direction: target.direction))
        return true
    }

    /// keepOwnAnswer: "y" after F5: the typed answer is accepted for that card from now on,
    /// written to the learner database (it travels through sync). Without a learner's memory it
    /// is kept for this quiz only.
    public func keepOwnAnswer() {
        guard case let .overruled(challenge, typed, direction) = feedback else { return }
        let key = OwnAnswers.key(word: challenge.question, direction: direction)
        if let database = memory?.context.database, let learner = memory?.context.learner {
            do {
                try database.keepOwnAnswer(OwnAnswer(deck: deck.title, word: challenge.question, direction: direction, answer: typed),
                                           learner: learner, now: clock())
            } catch {
                set(\.problem, to: "Could not keep your answer (\("\(error)".split(separator: "\n").first ?? "unknown error")).")
                set(\.feedback, to: nil)
                return
            }
        }
        if !(ownAnswers[key] ?? []).contains(typed) { ownAnswers[key, default: []].append(typed) }
        set(\.feedback, to: .ownAnswerKept(challenge, typed: typed))
    }

    /// declineOwnAnswer: any other key after F5: the answer counted, but is not kept.
    public func declineOwnAnswer() {
        guard isOfferingOwnAnswer else { return }
        set(\.feedback, to: nil)
    }
}
