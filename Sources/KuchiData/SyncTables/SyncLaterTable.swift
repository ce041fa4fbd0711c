import Foundation
import GRDB

/// SyncLaterTable: the statements on `sync_later` (schema: `SyncLedgerSchema`) — records dated
/// after the receiver's tomorrow, kept aside as read (the encoded line) until their time comes.
/// Kind 0 is a review, kind 1 a stamped change (a suspension, a weight change, an own answer).
package enum SyncLaterTable {
    /// Kept: one record kept aside: its machine and its line as read.
    package struct Kept {
        package let machine: String
        package let record: Data
    }

    /// keep: sets `record` (encoded) aside under `key` (a review's id; a change's content hash);
    /// cached, as a sync may keep many.
    package static func keep(_ db: Database, learner: UUID, key: Data, time: Int64, machine: String, record: Data, stamped: Bool) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_later (uid, learner, time, machine, record, kind) VALUES (?, ?, ?, ?, ?, ?)")
            .execute(arguments: [key, learner.uuidString.lowercased(), time, machine, record, stamped ? 1 : 0])
    }

    /// take: the records of `learner` whose time has come (by `limit`), removed from the side.
    package static func take(_ db: Database, learner: UUID, limit: Int64) throws -> [Kept] {
        let key = learner.uuidString.lowercased()
        let rows = try Row.fetchAll(db, sql: "SELECT machine, record FROM sync_later WHERE learner = ? AND time <= ?", arguments: [key, limit])
        try db.execute(sql: "DELETE FROM sync_later WHERE learner = ? AND time <= ?", arguments: [key, limit])
        return rows.map { Kept(machine: $0[0], record: $0[1]) }
    }

    /// count: reviews (or, `stamped`, changes) still kept aside for `learner`, and the latest
    /// one's time.
    package static func count(_ db: Database, learner: UUID, stamped: Bool) throws -> (count: Int, latest: Int64?) {
        let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MAX(time) FROM sync_later WHERE learner = ? AND kind = ?",
                                   arguments: [learner.uuidString.lowercased(), stamped ? 1 : 0])
        return (row?[0] ?? 0, row?[1])
    }

    /// machines: the machines whose records are kept aside for `learner` (whose clock is wrong).
    package static func machines(_ db: Database, learner: UUID) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT DISTINCT machine FROM sync_later WHERE learner = ?", arguments: [learner.uuidString.lowercased()])
    }

    /// drop: review `uid` (16 bytes) no longer waits aside (its undo came).
    package static func drop(_ db: Database, uid: Data) throws {
        try db.cachedStatement(sql: "DELETE FROM sync_later WHERE uid = ?").execute(arguments: [uid])
    }
}
