import Foundation
import GRDB
import KuchiData

/// SyncSuspensions: suspended words through the sync folder (issue 29) — every change the
/// folder holds is applied as it streams in (`SyncIntake`; the latest stamp wins, ties by
/// machine id, whatever the order), and this machine's changes the folder does not hold yet
/// (`sync_held`) are sent, each once per folder.
package enum SyncSuspensions {
    /// key: a change as `sync_held` knows it (its word, stamp and machine).
    package static func key(_ change: Suspension) -> String {
        ["s", change.deck, change.question, change.reading, String(change.stamp), change.machine].joined(separator: "\u{1F}")
    }

    /// outgoing: this machine's changes the folder is not known to hold (`held`), to send.
    package static func outgoing(_ db: Database, learner: UUID, machine: String, held: Set<String>) throws -> [SyncRecord] {
        var outgoing: [SyncRecord] = []
        // A change made before this folder was first synced carries the placeholder machine.
        try LearnerDatabase.suspensionsMade(db, learner: learner, machine: machine) { change in
            guard !held.contains(key(change)) else { return }
            outgoing.append(.suspension(change))
        }
        return outgoing
    }
}
