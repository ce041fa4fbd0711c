import GRDB

/// LearnerSchema: the database's tables, as versioned migrations.
///
/// Compact on purpose (the review log grows by every answer): learner and deck are stored once
/// in `learner_deck` and cards refer to it by a small integer; times are integer milliseconds
/// since the Unix epoch (UTC). `PRAGMA user_version` carries the schema version so a newer
/// file is recognised before anything touches it.
package enum LearnerSchema {
    /// learnerRows: how Forget removes a learner from this file's own tables, children first.
    package static let learnerRows: [LearnerRows] = [
        LearnerRows("session", "DELETE FROM session WHERE learner_deck IN (\(LearnerRows.decks))"),
        LearnerRows("review", "DELETE FROM review WHERE card IN (\(LearnerRows.cards))"),
        LearnerRows("card", "DELETE FROM card WHERE learner_deck IN (\(LearnerRows.decks))"),
        LearnerRows("learner_deck", "DELETE FROM learner_deck WHERE learner = :learner"),
    ]

    /// version: the newest schema this Kuchi knows (the number of migrations).
    package static let version = 12

    /// applicationID: `PRAGMA application_id` of Kuchi's files ("KUCH"), so a file is known as
    /// Kuchi's before any table is read, and `file(1)`-like tools can tell. Set outside the
    /// migrations (`claim`), so it never competes with a migration another branch appends.
    package static let applicationID: Int32 = 0x4B55_4348

    /// kuchiTables: tables of Kuchi's schema; a file with application_id 0 (written before the
    /// id was set) is Kuchi's when it has one of them (a half-migrated or damaged file of Kuchi's
    /// is then moved aside as damaged, not refused as foreign).
    package static let kuchiTables: Set<String> = ["learner_deck", "card", "review", "session", "grdb_migrations"]

    /// claim: marks a migrated file as Kuchi's (once; a no-op when already marked).
    package static func claim(_ writer: some DatabaseWriter) throws {
        let current = try writer.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0 }
        guard current != applicationID else { return }
        try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = \(applicationID)") }
    }

    /// migrator: every migration, oldest first; a new schema adds one and never edits an old one.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE learner_deck (
                    id INTEGER PRIMARY KEY,
                    learner TEXT NOT NULL,
                    deck TEXT NOT NULL,
                    learn_forgotten INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (learner, deck)
                );
                CREATE TABLE card (
                    id INTEGER PRIMARY KEY,
                    learner_deck INTEGER NOT NULL REFERENCES learner_deck(id),
                    question TEXT NOT NULL,
                    reading TEXT NOT NULL,
                    direction TEXT NOT NULL,
                    answer TEXT NOT NULL,
                    state INTEGER NOT NULL DEFAULT 0,
                    step INTEGER,
                    stability REAL,
                    difficulty REAL,
                    due INTEGER,
                    last_review INTEGER,
                    reps INTEGER NOT NULL DEFAULT 0,
                    lapses INTEGER NOT NULL DEFAULT 0,
                    introduced INTEGER,
                    learned INTEGER NOT NULL DEFAULT 0,
                    UNIQUE (learner_deck, question, reading, direction)
                );
                CREATE INDEX card_due ON card (learner_deck, state, due);
                CREATE TABLE review (
                    id INTEGER PRIMARY KEY,
                    card INTEGER NOT NULL REFERENCES card(id),
                    time INTEGER NOT NULL,
                    rating INTEGER NOT NULL,
                    state INTEGER NOT NULL,
                    duration INTEGER NOT NULL
                );
                CREATE INDEX review_card ON review (card);
                CREATE TABLE session (
                    learner_deck INTEGER PRIMARY KEY REFERENCES learner_deck(id),
                    snapshot TEXT NOT NULL
                );
                PRAGMA user_version = 1;
                """)
        }
        // v2: a summary of the review log per 15-minute slot, kept by triggers, so the Stats tab
        // and `kuchi stats` aggregate a year of reviews without reading every one.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: StatsQueries.summaryMigrationSQL)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        // v3: review ids, tombstones and sync bookkeeping for `kuchi sync` (SyncSchema).
        migrator.registerMigration("v3") { db in
            try SyncSchema.migrate(db)
        }
        // v4: the summary follows UPDATEs of the log too, rebuilt from the log (SummaryRebuild).
        migrator.registerMigration("v4") { db in
            try SummaryRebuild.migrate(db)
        }
        // v5: settings as a log of stamped changes, learners forgotten everywhere (SettingsSchema).
        migrator.registerMigration("v5") { db in
            try SettingsSchema.migrate(db)
        }
        // v6: the learner's own FSRS weights, as a log of changes (ParameterSchema).
        migrator.registerMigration("v6") { db in
            try ParameterSchema.migrate(db)
            try db.execute(sql: "PRAGMA user_version = 6")
        }
        // v7: suspended words and leeches told (issue 29, StudyFlagsSchema).
        migrator.registerMigration("v7") { db in
            try StudyFlagsSchema.migrate(db)
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        // v8: the learner's own accepted answers ("I was right", `kuchi synonyms`; OwnAnswerSchema).
        migrator.registerMigration("v8") { db in
            try OwnAnswerSchema.migrate(db, version: 8)
        }
        // v9: what a sync remembers of the folder, and this machine's outbox (issue 27, SyncLedgerSchema).
        migrator.registerMigration("v9") { db in
            try SyncLedgerSchema.migrate(db)
        }
        // v10: the ledger's file times (issue 27; a v9 file made without them gets the column).
        migrator.registerMigration("v10") { db in
            try SyncLedgerSchema.addFileTimes(db)
        }
        // v11: tombstones and outbox rows written by the change, the summary deleted by key (ChangeSchema).
        migrator.registerMigration("v11") { db in
            try ChangeSchema.migrate(db)
        }
        // v12: the cards' tallies and a deck opening's record, so `kuchi due` skips the rows (CardTally).
        migrator.registerMigration("v12") { db in
            try CardTally.migrate(db)
        }
        return migrator
    }
}
