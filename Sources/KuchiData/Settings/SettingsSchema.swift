import GRDB

/// SettingsSchema: migration v5 — a learner's settings as a log of stamped changes, and the
/// learners forgotten everywhere.
///
/// - `setting_change`: every change of every travelling setting (and the name), made here or
///   received from the sync folder: `origin` is its stamp as made (how it travels and is
///   recognised again), `stamp` the one it counts with here (the same, unless it came more than
///   a day ahead of this machine's clock: then when it was received). A setting's value is its
///   latest change; no change is ever rewritten, so what a sync must send is what this machine
///   made and the folder does not hold.
/// - `setting_sent`: which of this machine's batch files holds each change it sent, noted only
///   once the file is durable in the folder; a change whose file is gone is sent again.
/// - `learner_forgotten`: a learner forgotten on every machine (Forget me → every machine);
///   each machine obeys it at its next sync.
///
/// Plain rowid tables, not WITHOUT ROWID: SQLite 3.40's `integrity_check` reports false NULLs
/// in the non-key columns of a WITHOUT ROWID table whose key is not its first columns, and
/// Kuchi's damage check would then set a healthy file aside.
package enum SettingsSchema {
    /// learnerRows: how Forget removes a learner from these tables; `learner_forgotten` is what
    /// remembers that they were forgotten, so it stays.
    package static let learnerRows: [LearnerRows] = [
        LearnerRows("setting_change", "DELETE FROM setting_change WHERE learner = :learner"),
        LearnerRows("setting_sent", "DELETE FROM setting_sent WHERE learner = :learner"),
        LearnerRows(kept: "learner_forgotten", because: "it remembers that the learner was forgotten everywhere"),
    ]

    /// migrate: creates the tables.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE setting_change (
                learner TEXT NOT NULL,
                field TEXT NOT NULL,
                value TEXT NOT NULL,
                origin INTEGER NOT NULL,
                stamp INTEGER NOT NULL,
                machine TEXT NOT NULL,
                PRIMARY KEY (learner, field, origin, machine)
            );
            CREATE TABLE setting_sent (
                learner TEXT NOT NULL,
                field TEXT NOT NULL,
                origin INTEGER NOT NULL,
                file TEXT NOT NULL,
                PRIMARY KEY (learner, field, origin)
            );
            CREATE TABLE learner_forgotten (
                learner TEXT PRIMARY KEY,
                stamp INTEGER NOT NULL,
                machine TEXT NOT NULL
            );
            PRAGMA user_version = 5;
            """)
    }
}
