import Foundation
import GRDB

/// LearnerDatabase+Study: small reads the learner's session makes — whether a word was met, the
/// session a learner left, and whether another connection has written since.
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
