import Foundation
import KuchiData
import KuchiDeck

/// ChangeGate+Records: the gate for a record read from the sync folder — the same rules as the
/// change it becomes (`ChangeGate.check`), here where the sync's record types live.
extension ChangeGate {
    /// check: why a record read from the sync folder may not be taken (the decoder has read its
    /// fields; this is the rest of the rules, the same as for a change made here).
    package static func check(_ record: SyncRecord) -> ChangeRefusal? {
        switch record {
        case .review(let review):
            return check(review)
        case .undo:
            return nil
        case .setting(let setting):
            return check(setting)
        case .deck(let deck):
            return DeckLibrary.isReserved(deck.name) ? ChangeRefusal("a deck named like the deck that comes with Kuchi") : nil
        case .parameters(let change):
            return check(.parameters(LearnerChange.ParametersWrite(learner: UUID(), weights: change.weights, source: change.source,
                                                                   reschedule: change.rescheduled, desiredRetention: 0.9, time: change.time)))
        case .forget(let time):
            return isTime(time) && time > 0 ? nil : ChangeRefusal("a forget dated before 1970 or after 9999")
        case .suspension(let change):
            return check(.suspension(LearnerChange.SuspensionWrite(learner: UUID(), deck: change.deck, question: change.question,
                                                                   reading: change.reading, suspended: change.suspended, stamp: change.stamp,
                                                                   machine: change.machine)))
        case .ownAnswer(let change):
            return check(.ownAnswer(LearnerChange.OwnAnswerWrite(learner: UUID(), answers: [change.answer], kept: change.kept, matching: nil,
                                                                 stamp: change.time, machine: change.machine)))
        }
    }
}
