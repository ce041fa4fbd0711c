import Foundation
import GRDB

/// ReviewTombstoneTable: what a sync asks of `review_tombstone` (schema: `SyncSchema`; an undo
/// made here writes its tombstone through `ReviewLog`, the log's one writer). Cached statements:
/// a sync asks once per review or undo it reads.
package enum ReviewTombstoneTable {
    /// card: the card whose review `uid` (16 bytes) was undone here — 0 when the tombstone was
    /// made for an undo read from the folder before its review — or nil when it was not undone.
    package static func card(_ db: Database, uid: Data) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT card FROM review_tombstone WHERE uid = ?"), arguments: [uid])
    }

    /// keepOut: an undo read before its review: a tombstone on no card (0) that only stops the
    /// review coming in later, dated `time` (ms).
    package static func keepOut(_ db: Database, uid: Data, time: Int64) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO review_tombstone (uid, card, time) VALUES (?, 0, ?)").execute(arguments: [uid, time])
    }
}
