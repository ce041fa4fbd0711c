import Foundation
import GRDB
import KuchiData

/// LearnerDatabase+SyncLedger: what a sync remembers of one folder (`SyncLedgerSchema`): the
/// files read and how far, the decks and stamped changes the folder holds, and what was kept aside.
extension LearnerDatabase {
    /// LedgerKey: a file of the ledger, by machine and name.
    package struct LedgerKey: Hashable {
        package let machine: String
        package let name: String
    }

    /// ledger: every file read from `place` for `learner`, with how far.
    package static func ledger(_ db: Database, place: String, learner: UUID) throws -> [LedgerKey: SyncFolder.Progress] {
        var files: [LedgerKey: SyncFolder.Progress] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT machine, name, size, "offset", records, hash, complete, modified FROM sync_file WHERE place = ? AND learner = ?
            """, arguments: [place, learner.uuidString.lowercased()])
        while let row = try rows.next() {
            let complete: Int = row[6]
            files[LedgerKey(machine: row[0], name: row[1])] = SyncFolder.Progress(
                size: row[2], offset: row[3], records: row[4], hash: UInt64(bitPattern: row[5]), complete: complete == 1, refused: complete == 2,
                modified: row[7], insideLine: complete == 3)
        }
        return files
    }

    /// setLedger: records how far `name` of `machine` has been read.
    package static func setLedger(_ db: Database, place: String, learner: UUID, machine: String, name: String, progress: SyncFolder.Progress) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO sync_file (place, learner, machine, name, size, "offset", records, hash, complete, modified)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [place, learner.uuidString.lowercased(), machine, name, progress.size, progress.offset, progress.records,
                                     Int64(bitPattern: progress.hash), progress.refused ? 2 : (progress.complete ? 1 : (progress.insideLine ? 3 : 0)),
                                     progress.modified])
    }

    /// forgetLedger: drops the ledger rows of files that are gone (a folded or deleted batch).
    package static func forgetLedger(_ db: Database, place: String, learner: UUID, files: [LedgerKey]) throws {
        let statement = try db.makeStatement(sql: "DELETE FROM sync_file WHERE place = ? AND learner = ? AND machine = ? AND name = ?")
        for file in files {
            try statement.execute(arguments: [place, learner.uuidString.lowercased(), file.machine, file.name])
        }
    }

    /// requeueAll: every review (and stamped change) of `learner` waits to be sent again (a folder
    /// never synced with, or one that lost this machine's files); reading the folder drops those it
    /// holds, and queues the undo of each review it holds that was undone here (`SyncIntake`) — an
    /// undone answer the folder never had never reaches it.
    package static func requeueAll(_ db: Database, learner: UUID, place: String) throws {
        let key = learner.uuidString.lowercased()
        try db.execute(sql: """
            INSERT OR IGNORE INTO sync_outbox (uid, kind)
            SELECT r.uid, 0 FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ? AND r.uid IS NOT NULL
            """, arguments: [key])
        try db.execute(sql: "DELETE FROM sync_deck WHERE place = ?", arguments: [place])
        try db.execute(sql: "DELETE FROM sync_held WHERE place = ? AND learner = ?", arguments: [place, key])
        try db.execute(sql: "DELETE FROM sync_file WHERE place = ? AND learner = ?", arguments: [place, key])
    }

    /// knownDecks: the deck contents (hashes) `place` is known to hold.
    package static func knownDecks(_ db: Database, place: String) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT hash FROM sync_deck WHERE place = ?", arguments: [place]))
    }

    /// addKnownDecks: records deck contents `place` holds.
    package static func addKnownDecks(_ db: Database, place: String, hashes: some Sequence<String>) throws {
        let statement = try db.makeStatement(sql: "INSERT OR IGNORE INTO sync_deck (place, hash) VALUES (?, ?)")
        for hash in hashes { try statement.execute(arguments: [place, hash]) }
    }

    /// keepLater: a record dated after the receiver's tomorrow (a review, or a stamped change:
    /// `stamped`), kept aside as read under `key` (a review's id; a change's content hash).
    package static func keepLater(_ db: Database, learner: UUID, record: SyncRecord, key: Data, time: Int64, machine: String, stamped: Bool) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_later (uid, learner, time, machine, record, kind) VALUES (?, ?, ?, ?, ?, ?)")
            .execute(arguments: [key, learner.uuidString.lowercased(), time, machine, try SyncRecordCoding.encode(record), stamped ? 1 : 0])
    }

    /// takeLater: the records kept aside whose time has come (by `limit`), removed from the side.
    package static func takeLater(_ db: Database, learner: UUID, limit: Int64) throws -> [SyncFolder.Entry] {
        let key = learner.uuidString.lowercased()
        let rows = try Row.fetchAll(db, sql: "SELECT machine, record FROM sync_later WHERE learner = ? AND time <= ?", arguments: [key, limit])
        try db.execute(sql: "DELETE FROM sync_later WHERE learner = ? AND time <= ?", arguments: [key, limit])
        return rows.compactMap { row in
            guard case .success(let record) = SyncRecordCoding.decode(row[1]) else { return nil }
            return SyncFolder.Entry(machine: row[0], record: record)
        }
    }

    /// laterCount: reviews (or, `stamped`, changes) still kept aside for `learner`, and the
    /// latest one's time.
    package static func laterCount(_ db: Database, learner: UUID, stamped: Bool = false) throws -> (count: Int, latest: Int64?) {
        let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), MAX(time) FROM sync_later WHERE learner = ? AND kind = ?",
                                   arguments: [learner.uuidString.lowercased(), stamped ? 1 : 0])
        return (row?[0] ?? 0, row?[1])
    }

    /// held: the keys of `learner`'s stamped changes `place` is known to hold (`SyncHeld`).
    package static func held(_ db: Database, place: String, learner: UUID) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT key FROM sync_held WHERE place = ? AND learner = ?",
                                arguments: [place, learner.uuidString.lowercased()]))
    }

    /// addHeld: records stamped changes `place` holds (read there, or written there).
    package static func addHeld(_ db: Database, place: String, learner: UUID, keys: some Sequence<String>) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_held (place, learner, key) VALUES (?, ?, ?)")
        for key in keys { try statement.execute(arguments: [place, learner.uuidString.lowercased(), key]) }
    }
}
