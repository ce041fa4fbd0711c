import Foundation
import GRDB

/// LearnerForgottenTable: the statements on `learner_forgotten` (schema: `SettingsSchema`) — a
/// learner forgotten on every machine, kept after their rows are gone so a sync never brings
/// them back.
package enum LearnerForgottenTable {
    /// remember: `learner` was forgotten everywhere at `stamp` (ms), by this machine (an empty
    /// machine id); a learner remembered already keeps their first stamp.
    package static func remember(_ db: Database, learner: UUID, stamp: Int64) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO learner_forgotten (learner, stamp, machine) VALUES (?, ?, '')",
                       arguments: [learner.uuidString.lowercased(), stamp])
    }

    /// remove: `learner` is no longer forgotten (their rows were restored: `kuchi forget --restore`).
    package static func remove(_ db: Database, learner: UUID) throws {
        try db.execute(sql: "DELETE FROM learner_forgotten WHERE learner = ?", arguments: [learner.uuidString.lowercased()])
    }
}
