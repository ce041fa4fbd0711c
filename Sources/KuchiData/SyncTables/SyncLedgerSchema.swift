import GRDB

/// SyncLedgerSchema: migration v8 (issue 27) — what a sync remembers so the next one reads only what is new.
///
/// - `sync_file`: every batch file read, per sync folder (`place`, its real path), learner and
///   machine: its size, how far it was read (`offset`, a line boundary), how many records that
///   was, the FNV-1a state of the bytes read (continued when the file grows), and its
///   modification time (ns; 0 unknown). A file listed with the size and time it had, read to its
///   end, is skipped unread; one rewritten in place at the same size is read again; one that
///   grew is continued only when its read part still hashes the same. `complete` is 0 (read
///   partly), 1 (whole), 2 (refused) or 3 (stopped inside a line too long to keep: `offset` is
///   inside it, and the next sync skips on to its end).
/// - `sync_outbox`: what this machine has not sent yet (kind 0 a review, 1 an undo), kept by
///   triggers on every write path once the data folder has synced (`sync_meta` key `outbox`,
///   set by the first sync — not the machine id, which a suspend or a fit makes too: a learner
///   who never syncs pays nothing), so a sync with nothing new sends nothing without reading
///   the log. An undo of a review never sent replaces nothing and is not queued; an undo of a
///   review the folder is read to hold is (`SyncIntake`).
/// - `sync_later`: reviews (kind 0) and stamped changes — suspensions, weight changes (kind 1) —
///   dated after the receiver's tomorrow, kept aside (the record as read) until their time
///   comes, so a wrong clock never moves a card into the future nor wins every later change.
/// - `sync_deck`: deck contents (by hash) the folder holds, so a deck is sent once per folder.
/// - `sync_held`: this learner's stamped changes (suspensions, weight changes, by key) the folder
///   is known to hold — read there or written there — so each is sent once per folder.
package enum SyncLedgerSchema {
    /// learnerRows: how Forget removes a learner from these tables; the outbox is keyed by review
    /// id, so its rows go by the learner's reviews and tombstones (before those are deleted).
    package static let learnerRows: [LearnerRows] = [
        LearnerRows("sync_outbox", """
            DELETE FROM sync_outbox WHERE uid IN (SELECT uid FROM review WHERE card IN (\(LearnerRows.cards)))
                OR uid IN (SELECT uid FROM review_tombstone WHERE card IN (\(LearnerRows.cards)))
            """, notRestored: "reviews restored were sent before the forget, and the other machines obeyed it"),
        LearnerRows("sync_file", "DELETE FROM sync_file WHERE learner = :learner", notRestored: Self.reread),
        LearnerRows("sync_later", "DELETE FROM sync_later WHERE learner = :learner", notRestored: Self.reread),
        LearnerRows("sync_held", "DELETE FROM sync_held WHERE learner = :learner", notRestored: Self.reread),
        LearnerRows(kept: "sync_deck", because: "it lists decks the folder holds, by content, for every learner"),
    ]

    /// reread: why the ledger is not restored: the next sync reads the folder from the start.
    private static let reread = "the next sync reads the learner's files in the folder again from the start"

    /// version: the `user_version` this migration sets (renumbered with the migration).
    package static let version = 9

    /// migrate: creates the tables and triggers.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE sync_file (
                place TEXT NOT NULL,
                learner TEXT NOT NULL,
                machine TEXT NOT NULL,
                name TEXT NOT NULL,
                size INTEGER NOT NULL,
                "offset" INTEGER NOT NULL,
                records INTEGER NOT NULL,
                hash INTEGER NOT NULL,
                complete INTEGER NOT NULL,
                modified INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (place, learner, machine, name)
            ) WITHOUT ROWID;
            CREATE TABLE sync_outbox (uid BLOB NOT NULL, kind INTEGER NOT NULL, PRIMARY KEY (uid, kind)) WITHOUT ROWID;
            CREATE TABLE sync_later (
                uid BLOB PRIMARY KEY,
                learner TEXT NOT NULL,
                time INTEGER NOT NULL,
                machine TEXT NOT NULL,
                record BLOB NOT NULL,
                kind INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE sync_deck (place TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (place, hash)) WITHOUT ROWID;
            CREATE TABLE sync_held (place TEXT NOT NULL, learner TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (place, learner, key)) WITHOUT ROWID;
            -- A review written here waits to be sent (one with no id yet is queued when it gets one),
            -- once this data folder has synced: before that, its first sync queues the whole log.
            CREATE TRIGGER sync_outbox_review AFTER INSERT ON review
            WHEN NEW.uid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_meta WHERE key = 'outbox') BEGIN
                INSERT OR IGNORE INTO sync_outbox (uid, kind) VALUES (NEW.uid, 0);
            END;
            CREATE TRIGGER sync_outbox_review_id AFTER UPDATE OF uid ON review
            WHEN OLD.uid IS NULL AND NEW.uid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_meta WHERE key = 'outbox') BEGIN
                INSERT OR IGNORE INTO sync_outbox (uid, kind) VALUES (NEW.uid, 0);
            END;
            -- An undo is sent only for a review that left: one still waiting just stops waiting.
            CREATE TRIGGER sync_outbox_undo AFTER DELETE ON review
            WHEN OLD.uid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_meta WHERE key = 'outbox') BEGIN
                INSERT OR IGNORE INTO sync_outbox (uid, kind)
                SELECT OLD.uid, 1 WHERE NOT EXISTS (SELECT 1 FROM sync_outbox WHERE uid = OLD.uid AND kind = 0);
                DELETE FROM sync_outbox WHERE uid = OLD.uid AND kind = 0;
            END;
            """)
        // A data folder that synced before: everything logged waits, and the first sync with each
        // folder drops what it finds there and queues the undos of what it holds that was undone
        // here (one that never synced queues its log at its first sync).
        let synced = "EXISTS (SELECT 1 FROM sync_meta WHERE key = 'machine')"
        try db.execute(sql: "INSERT OR IGNORE INTO sync_outbox (uid, kind) SELECT uid, 0 FROM review WHERE uid IS NOT NULL AND \(synced)")
        try db.execute(sql: "INSERT OR IGNORE INTO sync_meta (key, value) SELECT 'outbox', '1' WHERE \(synced)")
        try db.execute(sql: "PRAGMA user_version = \(version)")
    }

    /// fileTimesVersion: the `user_version` `addFileTimes` sets.
    package static let fileTimesVersion = 10

    /// addFileTimes: migration v10 — each ledger file's modification time (`modified`, ns; 0
    /// unknown), so a batch rewritten in place at the same size is read again. v9 files made
    /// before the column was part of it get it here; newer ones have it already.
    package static func addFileTimes(_ db: Database) throws {
        let columns = try db.columns(in: "sync_file").map(\.name)
        if !columns.contains("modified") {
            try db.execute(sql: "ALTER TABLE sync_file ADD COLUMN modified INTEGER NOT NULL DEFAULT 0")
        }
        try db.execute(sql: "PRAGMA user_version = \(fileTimesVersion)")
    }
}
