import Foundation
import GRDB

/// LearnerDatabase+Learn: Learn progress, one small write per swipe.
extension LearnerDatabase {
    /// setLearned: Learn marked the card remembered (or, on restart, not); one row changed.
    public func setLearned(cardID: Int64, _ learned: Bool) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE card SET learned = ? WHERE id = ?", arguments: [learned ? 1 : 0, cardID])
        }
    }

    /// addForgotten: one more "forgot" press in Learn, counted in the database (not rewritten
    /// from this window's count, so two windows add up).
    public func addForgotten(learnerDeck: Int64) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE learner_deck SET learn_forgotten = learn_forgotten + 1 WHERE id = ?", arguments: [learnerDeck])
        }
    }

    /// resetLearn: Learn starts a new round: nothing remembered, no forgets.
    public func resetLearn(learnerDeck: Int64) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE card SET learned = 0 WHERE learner_deck = ? AND learned != 0", arguments: [learnerDeck])
            try db.execute(sql: "UPDATE learner_deck SET learn_forgotten = 0 WHERE id = ?", arguments: [learnerDeck])
        }
    }
}
