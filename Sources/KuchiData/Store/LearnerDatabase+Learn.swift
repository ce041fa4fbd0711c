import Foundation
import GRDB

/// LearnerDatabase+Learn: Learn progress, one small change per swipe.
extension LearnerDatabase {
    /// setLearned: Learn marked the card remembered (or, on restart, not); one row changed.
    public func setLearned(cardID: Int64, _ learned: Bool) throws {
        try apply(.learned(.row(cardID), learned))
    }

    /// addForgotten: one more "forgot" press in Learn, counted in the database (not rewritten
    /// from this window's count, so two windows add up).
    public func addForgotten(learnerDeck: Int64) throws {
        try apply(.forgotten(.row(learnerDeck)))
    }

    /// resetLearn: Learn starts a new round: nothing remembered, no forgets.
    public func resetLearn(learnerDeck: Int64) throws {
        try apply(.resetLearn(.row(learnerDeck)))
    }
}
