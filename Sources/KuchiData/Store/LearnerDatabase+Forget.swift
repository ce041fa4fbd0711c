import Foundation
import GRDB

/// LearnerDatabase+Forget: everything the database keeps of one learner, counted and deleted.
extension LearnerDatabase {
    /// reviewCount: how many answers the learner has in the log (Forget me says what it deletes).
    public func reviewCount(learner: UUID) throws -> Int {
        try writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM review WHERE card IN (SELECT id FROM card WHERE learner_deck IN
                    (SELECT id FROM learner_deck WHERE learner = ?))
                """, arguments: [learner.uuidString.lowercased()]) ?? 0
        }
    }

    /// forget: deletes every row of the learner from every table that holds them
    /// (`LearnerTables`), in one transaction; returns the number of reviews deleted.
    @discardableResult
    public func forget(learner: UUID) throws -> Int {
        try apply(.forgetLearner(learner)).count
    }
}
