import Foundation
import GRDB

/// SyncMetaTable: the statements on `sync_meta` (schema: `SyncSchema`) — this data folder's
/// facts about syncing, one row per key: its machine id (`machine`, `LearnerDatabase.machineID`),
/// whether the outbox is kept (`outbox`), and per learner the scheduler the last replay used
/// (`replayed:`) and the latest forget restored past (`forget-restored:`).
package enum SyncMetaTable {
    /// machine: this data folder's machine id, when it has one.
    package static func machine(_ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = 'machine'")
    }

    /// setMachine: gives this data folder its machine id (once: a second one fails the key).
    package static func setMachine(_ db: Database, _ id: String) throws {
        try db.execute(sql: "INSERT INTO sync_meta (key, value) VALUES ('machine', ?)", arguments: [id])
    }

    /// keepOutbox: from now on every write to the log waits in the outbox (the triggers of
    /// `SyncLedgerSchema` look for this row).
    package static func keepOutbox(_ db: Database) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO sync_meta (key, value) VALUES ('outbox', '1')")
    }

    /// isOutboxKept: whether the outbox is kept (the data folder has synced); cached, as every
    /// undo asks.
    package static func isOutboxKept(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sync_meta WHERE key = 'outbox')")) ?? false
    }

    /// replayedScheduler: the fingerprint of the scheduler `learner`'s last replay used.
    package static func replayedScheduler(_ db: Database, learner: UUID) throws -> String? {
        try value(db, key: "replayed:" + learner.uuidString.lowercased())
    }

    /// setReplayedScheduler: remembers the scheduler a replay of `learner` used.
    package static func setReplayedScheduler(_ db: Database, learner: UUID, fingerprint: String) throws {
        try setValue(db, key: "replayed:" + learner.uuidString.lowercased(), fingerprint)
    }

    /// restoredKey: the key holding the time of the latest forget of `learner` this machine
    /// restored past.
    package static func restoredKey(_ learner: UUID) -> String { "forget-restored:" + learner.uuidString.lowercased() }

    /// restoredUpTo: forgets of `learner` at or before this time were restored past here.
    package static func restoredUpTo(_ db: Database, learner: UUID) throws -> Int64? {
        try value(db, key: restoredKey(learner)).flatMap { Int64($0) }
    }

    /// setRestoredUpTo: a forget of `learner` at `time` was restored past (`kuchi forget --restore`).
    package static func setRestoredUpTo(_ db: Database, learner: UUID, time: Int64) throws {
        try setValue(db, key: restoredKey(learner), String(time))
    }

    /// value: the value kept under `key`.
    private static func value(_ db: Database, key: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = ?", arguments: [key])
    }

    /// setValue: keeps `value` under `key`, replacing the one before.
    private static func setValue(_ db: Database, key: String, _ value: String) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, ?)", arguments: [key, value])
    }
}
