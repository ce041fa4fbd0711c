import GRDB

/// OwnAnswerSchema: the migration that adds `own_answer`, the learner's own accepted answers.
///
/// One row per (learner, deck, word, direction, answer), kept when removed (`kept` = 0) so the
/// removal travels through sync like the answer did: each row carries the stamp of its last
/// change (`time`, ms since 1970, and the `machine` that made it), and a sync keeps the latest
/// stamp (ties by machine id), so every machine computes the same list. The SQL lives here so a
/// renumbering at merge time changes one number in `LearnerSchema`.
package enum OwnAnswerSchema {
    /// learnerRows: how Forget removes a learner from this table.
    package static let learnerRows = [LearnerRows("own_answer", "DELETE FROM own_answer WHERE learner = :learner")]

    /// migrate: creates the table and sets `user_version`.
    package static func migrate(_ db: Database, version: Int) throws {
        try db.execute(sql: """
            CREATE TABLE own_answer (
                learner TEXT NOT NULL,
                deck TEXT NOT NULL,
                question TEXT NOT NULL,
                direction TEXT NOT NULL,
                answer TEXT NOT NULL,
                kept INTEGER NOT NULL,
                time INTEGER NOT NULL,
                machine TEXT NOT NULL,
                PRIMARY KEY (learner, deck, question, direction, answer)
            );
            PRAGMA user_version = \(version);
            """)
    }
}
