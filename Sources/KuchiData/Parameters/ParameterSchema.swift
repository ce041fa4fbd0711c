import GRDB

/// ParameterSchema: the migration that adds `scheduler_parameters`, the log of the learner's
/// FSRS weights (kept apart from LearnerSchema so a renumbering at merge is one line there).
///
/// One row per change — a fit applied by `kuchi optimize` or Settings, or a reset to the
/// defaults — stamped with when (ms since 1970) and where (the machine id) it was made. The
/// weights in force at any moment are those of the latest row before it (by time, then
/// machine), so every machine, replaying the same rows, schedules alike.
package enum ParameterSchema {
    /// learnerRows: how Forget removes a learner from this table.
    package static let learnerRows = [LearnerRows("scheduler_parameters", "DELETE FROM scheduler_parameters WHERE learner = :learner")]

    /// migrate: creates the table.
    package static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE scheduler_parameters (
                id INTEGER PRIMARY KEY,
                learner TEXT NOT NULL,
                time INTEGER NOT NULL,
                machine TEXT NOT NULL,
                weights TEXT NOT NULL,
                rescheduled INTEGER NOT NULL,
                source TEXT NOT NULL CHECK (source IN ('fitted', 'reset')),
                UNIQUE (learner, time, machine)
            );
            """)
    }
}
