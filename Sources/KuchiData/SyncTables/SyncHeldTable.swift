import Foundation
import GRDB

/// SyncHeldTable: the statements on `sync_held` (schema: `SyncLedgerSchema`) — the keys of a
/// learner's stamped changes (suspensions, weight changes, own answers) a folder is known to
/// hold, read there or written there, so each is sent once per folder.
package enum SyncHeldTable {
    /// keys: what `place` is known to hold of `learner`'s changes.
    package static func keys(_ db: Database, place: String, learner: UUID) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT key FROM sync_held WHERE place = ? AND learner = ?",
                                arguments: [place, learner.uuidString.lowercased()]))
    }

    /// add: records changes `place` holds (cached: a sync adds one per change it reads).
    package static func add(_ db: Database, place: String, learner: UUID, keys: some Sequence<String>) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_held (place, learner, key) VALUES (?, ?, ?)")
        for key in keys { try statement.execute(arguments: [place, learner.uuidString.lowercased(), key]) }
    }

    /// removeAll: forgets what `place` holds of `learner` (the folder is read anew).
    package static func removeAll(_ db: Database, place: String, learner: UUID) throws {
        try db.execute(sql: "DELETE FROM sync_held WHERE place = ? AND learner = ?", arguments: [place, learner.uuidString.lowercased()])
    }
}
