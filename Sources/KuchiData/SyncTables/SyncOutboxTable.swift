import Foundation
import GRDB
import KuchiMemory
import KuchiDeck

/// SyncOutboxTable: the statements on `sync_outbox` (schema and triggers: `SyncLedgerSchema`) —
/// this machine's reviews (kind 0) and undos (kind 1) not sent yet. The outbox drives every
/// query here (CROSS JOIN keeps SQLite from walking the whole log).
package enum SyncOutboxTable {
    /// reviewsSQL: the learner's waiting reviews, as they travel, oldest first.
    private static let reviewsSQL = """
        SELECT r.uid, d.deck, c.question, c.reading, c.direction, c.answer, r.time, r.rating, r.duration
        FROM sync_outbox o CROSS JOIN review r ON r.uid = o.uid JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
        WHERE o.kind = 0 AND d.learner = ? ORDER BY r.time, r.uid
        """
    /// undosSQL: the learner's waiting undos (tombstones of their cards).
    private static let undosSQL = """
        SELECT o.uid FROM sync_outbox o CROSS JOIN review_tombstone t ON t.uid = o.uid JOIN card c ON c.id = t.card
        JOIN learner_deck d ON d.id = c.learner_deck WHERE o.kind = 1 AND d.learner = ? ORDER BY o.uid
        """

    /// count: how many reviews and undos of `learner` wait to be sent.
    package static func count(_ db: Database, learner: UUID) throws -> Int {
        let key = learner.uuidString.lowercased()
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(reviewsSQL))", arguments: [key]).map { $0 }.map { reviews in
            reviews + (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(undosSQL))", arguments: [key]) ?? 0)
        } ?? 0
    }

    /// isWaiting: whether any review or undo of `learner` waits; an empty outbox answers
    /// without joining the log.
    package static func isWaiting(_ db: Database, learner: UUID) throws -> Bool {
        let key = learner.uuidString.lowercased()
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_outbox)") == true
            && (try Bool.fetchOne(db, sql: "SELECT EXISTS (\(reviewsSQL)) OR EXISTS (\(undosSQL))", arguments: [key, key]) ?? false)
    }

    /// eachReview: the learner's waiting reviews, oldest first, streamed to `body` (a batch is
    /// written as they are read; rows with a direction or rating no longer known are skipped).
    package static func eachReview(_ db: Database, learner: UUID, _ body: (SyncReview) throws -> Void) throws {
        let reviews = try Row.fetchCursor(db, sql: reviewsSQL, arguments: [learner.uuidString.lowercased()])
        while let row = try reviews.next() {
            guard let direction = StudyDirection(rawValue: row[4]), let rating = Rating(rawValue: row[7]) else { continue }
            try body(SyncReview(uid: ReviewID.text(row[0]), deck: row[1], question: row[2], reading: row[3], direction: direction,
                                answer: row[5], time: row[6], rating: rating, duration: row[8]))
        }
    }

    /// eachUndo: the ids (hex) of the learner's waiting undos, streamed to `body`.
    package static func eachUndo(_ db: Database, learner: UUID, _ body: (String) throws -> Void) throws {
        let undos = try Data.fetchCursor(db, sql: undosSQL, arguments: [learner.uuidString.lowercased()])
        while let uid = try undos.next() { try body(ReviewID.text(uid)) }
    }

    /// removeSent: once a batch is durable, the learner's reviews and undos stop waiting (what
    /// was written, and what no reader would take).
    package static func removeSent(_ db: Database, learner: UUID) throws {
        let key = learner.uuidString.lowercased()
        try db.execute(sql: """
            DELETE FROM sync_outbox WHERE kind = 0 AND uid IN (SELECT o.uid FROM sync_outbox o CROSS JOIN review r ON r.uid = o.uid
                JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE o.kind = 0 AND d.learner = ?)
            """, arguments: [key])
        try db.execute(sql: """
            DELETE FROM sync_outbox WHERE kind = 1 AND uid IN (SELECT o.uid FROM sync_outbox o CROSS JOIN review_tombstone t ON t.uid = o.uid
                JOIN card c ON c.id = t.card JOIN learner_deck d ON d.id = c.learner_deck WHERE o.kind = 1 AND d.learner = ?)
            """, arguments: [key])
    }

    /// queueLog: every review of `learner` waits to be sent again (a folder read anew).
    package static func queueLog(_ db: Database, learner: UUID) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO sync_outbox (uid, kind)
            SELECT r.uid, 0 FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ? AND r.uid IS NOT NULL
            """, arguments: [learner.uuidString.lowercased()])
    }

    /// dropLog: none of `learner`'s reviews waits to be sent (restored reviews were sent before
    /// their forget; the insert trigger queued them again).
    package static func dropLog(_ db: Database, learner: UUID) throws {
        try db.execute(sql: """
            DELETE FROM sync_outbox WHERE kind = 0 AND uid IN (
                SELECT r.uid FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?)
            """, arguments: [learner.uuidString.lowercased()])
    }

    /// queueReview: review `uid` (16 bytes) waits to be sent (again): cached, once per review read.
    package static func queueReview(_ db: Database, uid: Data) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_outbox (uid, kind) VALUES (?, 0)").execute(arguments: [uid])
    }

    /// queueUndo: the undo of review `uid` waits to be sent.
    package static func queueUndo(_ db: Database, uid: Data) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_outbox (uid, kind) VALUES (?, 1)").execute(arguments: [uid])
    }

    /// dropReview: review `uid` no longer waits (the folder holds it).
    package static func dropReview(_ db: Database, uid: Data) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_outbox WHERE uid = ? AND kind = 0").execute(arguments: [uid])
    }

    /// dropUndo: the undo of review `uid` no longer waits (the folder holds it).
    package static func dropUndo(_ db: Database, uid: Data) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_outbox WHERE uid = ? AND kind = 1").execute(arguments: [uid])
    }
}
