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

    /// forget: deletes the learner's reviews, cards, sessions, Learn progress, own answers and summaries, in
    /// one transaction; returns the number of reviews deleted.
    @discardableResult
    public func forget(learner: UUID) throws -> Int {
        try writer.write { db in
            let decks = "SELECT id FROM learner_deck WHERE learner = :learner"
            let arguments: StatementArguments = ["learner": learner.uuidString.lowercased()]
            let reviews = try ReviewLog.write(.forget(learnerDecks: try Int64.fetchAll(db, sql: decks, arguments: arguments)), in: db)
            if try db.tableExists("review_slot") {
                try db.execute(sql: "DELETE FROM review_slot WHERE learner_deck IN (\(decks))", arguments: arguments)
            }
            try db.execute(sql: "DELETE FROM session WHERE learner_deck IN (\(decks))", arguments: arguments)
            try db.execute(sql: "DELETE FROM leech_notice WHERE card IN (SELECT id FROM card WHERE learner_deck IN (\(decks)))", arguments: arguments)
            try db.execute(sql: "DELETE FROM suspension WHERE learner = :learner", arguments: arguments)
            try db.execute(sql: "DELETE FROM card WHERE learner_deck IN (\(decks))", arguments: arguments)
            try db.execute(sql: "DELETE FROM learner_deck WHERE learner = :learner", arguments: arguments)
            try db.execute(sql: "DELETE FROM setting_change WHERE learner = :learner", arguments: arguments)
            // The learner's own accepted answers ("I was right") go with them.
            if try db.tableExists("own_answer") {
                try db.execute(sql: "DELETE FROM own_answer WHERE learner = :learner", arguments: arguments)
            }
            return reviews
        }
    }
}
