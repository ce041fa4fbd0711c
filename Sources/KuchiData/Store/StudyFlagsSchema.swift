import GRDB

/// StudyFlagsSchema: the migration of issue 29 — words the learner suspended ("I know this
/// word", a leech put away) and the leeches already announced. Its own enum so the lead can
/// renumber the step with a one-line change.
///
/// `suspension` holds one row per word (learner, deck, question, reading) with the stamp (ms
/// since 1970) and machine of the latest change: a suspend travels with sync, and the latest
/// stamp wins (ties by machine id), whatever order the changes arrive in. A word is
/// suspended while its row says so. `leech_notice` lists the cards whose leech notice was
/// shown on this machine (told once).
package enum StudyFlagsSchema {
    /// learnerRows: how Forget removes a learner from these tables.
    package static let learnerRows: [LearnerRows] = [
        LearnerRows("suspension", "DELETE FROM suspension WHERE learner = :learner"),
        LearnerRows("leech_notice", "DELETE FROM leech_notice WHERE card IN (\(LearnerRows.cards))"),
    ]

    /// version: the schema version this step brings.
    package static let version = 7

    /// migrate: creates the two tables.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE suspension (
                learner TEXT NOT NULL,
                deck TEXT NOT NULL,
                question TEXT NOT NULL,
                reading TEXT NOT NULL,
                suspended INTEGER NOT NULL,
                stamp INTEGER NOT NULL,
                machine TEXT NOT NULL,
                PRIMARY KEY (learner, deck, question, reading)
            );
            CREATE TABLE leech_notice (card INTEGER PRIMARY KEY);
            PRAGMA user_version = \(version);
            """)
    }
}
