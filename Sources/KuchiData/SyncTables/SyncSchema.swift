import Foundation
import GRDB

/// SyncSchema: migration v3 — what `kuchi sync` needs in the learner database.
///
/// - `review.uid`: every review's globally unique id (16 bytes; `ReviewID.text` is its hex). Reviews logged before v3 get one derived
///   from their content (learner, deck, card, time, rating, duration), so a database that was
///   copied to two machines before syncing existed gives the same ids on both.
/// - `review_tombstone`: the ids of deleted reviews (an undo), kept by a trigger on every
///   deletion path, so an undo travels. Deleting a card (Forget me) drops its tombstones: a
///   learner forgotten on one machine is not erased everywhere.
/// - `sync_meta`: this data folder's machine id; `sync_field`: each profile field's value at
///   the last sync, to tell a local change from a received one.
package enum SyncSchema {
    /// learnerRows: how Forget removes a learner from these tables (no tombstone is kept: the
    /// learner is gone from this machine only, and nothing of theirs is to be sent).
    package static let learnerRows: [LearnerRows] = [
        LearnerRows("review_tombstone", "DELETE FROM review_tombstone WHERE card IN (\(LearnerRows.cards))"),
        LearnerRows("sync_field", "DELETE FROM sync_field WHERE learner = :learner"),
        LearnerRows(kept: "sync_meta", because: "it holds this machine's id, no learner's rows"),
    ]

    /// migrate: adds the columns, tables and triggers, and gives every existing review its id.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE review ADD COLUMN uid BLOB")
        try backfillReviewIDs(db)
        try db.execute(sql: """
            CREATE UNIQUE INDEX review_uid ON review (uid);
            CREATE TABLE review_tombstone (
                uid BLOB PRIMARY KEY,
                card INTEGER NOT NULL,
                time INTEGER NOT NULL
            );
            CREATE TABLE sync_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE sync_field (
                learner TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (learner, field)
            );
            -- A review written without an id (a tool, an older code path) still gets one.
            CREATE TRIGGER review_uid_default AFTER INSERT ON review WHEN NEW.uid IS NULL BEGIN
                UPDATE review SET uid = randomblob(16) WHERE id = NEW.id;
            END;
            CREATE TRIGGER review_tombstone_on_delete AFTER DELETE ON review WHEN OLD.uid IS NOT NULL BEGIN
                INSERT OR IGNORE INTO review_tombstone (uid, card, time)
                VALUES (OLD.uid, OLD.card, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
            END;
            CREATE TRIGGER review_tombstone_forget AFTER DELETE ON card BEGIN
                DELETE FROM review_tombstone WHERE card = OLD.id;
            END;
            PRAGMA user_version = 3;
            """)
    }

    /// backfillReviewIDs: a content-derived id for every review logged before v3; two reviews
    /// with identical content on one machine (no real answer does that) get the row id mixed in.
    private static func backfillReviewIDs(_ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.id, d.learner, d.deck, c.question, c.reading, c.direction, r.time, r.rating, r.duration
            FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck ORDER BY r.id
            """)
        var used: Set<String> = []
        let update = try db.makeStatement(sql: "UPDATE review SET uid = ? WHERE id = ?")
        for row in rows {
            let id: Int64 = row[0]
            let fields: [String] = [row[1], row[2], row[3], row[4], row[5], String(row[6] as Int64),
                                    String(row[7] as Int), String(row[8] as Int)]
            var uid = StableHash.hex128(Data(fields.joined(separator: "\u{1F}").utf8))
            if used.contains(uid) {
                uid = StableHash.hex128(Data((fields + [String(id)]).joined(separator: "\u{1F}").utf8))
            }
            used.insert(uid)
            try update.execute(arguments: [ReviewID.blob(uid), id])
        }
        // Reviews whose card is missing (a damaged file) get a random id rather than none.
        try db.execute(sql: "UPDATE review SET uid = randomblob(16) WHERE uid IS NULL")
    }
}
