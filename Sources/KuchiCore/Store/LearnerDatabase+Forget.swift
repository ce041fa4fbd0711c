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

    /// forget: deletes the learner's reviews, cards, sessions, Learn progress and summaries, in
    /// one transaction; returns the number of reviews deleted.
    @discardableResult
    public func forget(learner: UUID) throws -> Int {
        try writer.write { db in
            let decks = "SELECT id FROM learner_deck WHERE learner = :learner"
            let arguments: StatementArguments = ["learner": learner.uuidString.lowercased()]
            let reviews = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review WHERE card IN (SELECT id FROM card WHERE learner_deck IN (\(decks)))",
                                           arguments: arguments) ?? 0
            try db.execute(sql: "DELETE FROM review WHERE card IN (SELECT id FROM card WHERE learner_deck IN (\(decks)))", arguments: arguments)
            if try db.tableExists("review_slot") {
                try db.execute(sql: "DELETE FROM review_slot WHERE learner_deck IN (\(decks))", arguments: arguments)
            }
            try db.execute(sql: "DELETE FROM session WHERE learner_deck IN (\(decks))", arguments: arguments)
            try db.execute(sql: "DELETE FROM card WHERE learner_deck IN (\(decks))", arguments: arguments)
            try db.execute(sql: "DELETE FROM learner_deck WHERE learner = :learner", arguments: arguments)
            return reviews
        }
    }
}

extension LearnerDatabase {
    /// hasMet: whether the learner has met the word — any of its cards (any direction) reviewed,
    /// or the word remembered in Learn — so it needs no New word card.
    public func hasMet(learnerDeck: Int64, question: String, reading: String) throws -> Bool {
        try writer.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND (state != 0 OR learned != 0))
                """, arguments: [learnerDeck, question, reading]) ?? false
        }
    }
}

extension LearnerDatabase {
    /// savedSession: the session a learner left in a deck (by title), read without creating any
    /// row; nil when there is none or it cannot be read.
    public func savedSession(learner: UUID, deck: String) throws -> SessionSnapshot? {
        let text = try writer.read { db in
            try String.fetchOne(db, sql: """
                SELECT snapshot FROM session WHERE learner_deck = (SELECT id FROM learner_deck WHERE learner = ? AND deck = ?)
                """, arguments: [learner.uuidString.lowercased(), deck])
        }
        return text.flatMap { try? SessionSnapshot.decode($0) }
    }
}

extension LearnerDatabase {
    /// dataVersion: SQLite's `data_version` for this connection — it changes when another
    /// connection (another Kuchi window) commits, and not for this process's own writes.
    public func dataVersion() -> Int? {
        try? writer.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
    }
}
