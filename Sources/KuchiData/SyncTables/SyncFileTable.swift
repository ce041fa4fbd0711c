import Foundation
import GRDB

/// SyncFileTable: the statements on `sync_file` (schema: `SyncLedgerSchema`) — every batch file
/// a sync read from a folder, and how far. Sync's `SyncFolder.Progress` is built from a `File`
/// there; the codes of `complete` are kept here, beside the table that stores them.
package enum SyncFileTable {
    /// Reading: how far a file was read, as `complete` stores it.
    package enum Reading: Int {
        case partly = 0
        case whole = 1
        case refused = 2
        /// insideLine: stopped inside a line too long to keep; the next sync skips to its end.
        case insideLine = 3
    }

    /// File: one row: the file (machine, name) and how far it was read.
    package struct File {
        package var machine: String
        package var name: String
        package var size: Int64
        package var offset: Int64
        package var records: Int
        package var hash: UInt64
        /// complete: the stored code; an unknown one reads as none of `Reading`'s cases.
        package var complete: Int
        package var modified: Int64

        /// init: a row to store.
        package init(machine: String, name: String, size: Int64, offset: Int64, records: Int, hash: UInt64, reading: Reading, modified: Int64) {
            self.init(machine: machine, name: name, size: size, offset: offset, records: records, hash: hash, complete: reading.rawValue,
                      modified: modified)
        }

        private init(machine: String, name: String, size: Int64, offset: Int64, records: Int, hash: UInt64, complete: Int, modified: Int64) {
            self.machine = machine
            self.name = name
            self.size = size
            self.offset = offset
            self.records = records
            self.hash = hash
            self.complete = complete
            self.modified = modified
        }

        /// init(row:): a row as `rows` selects it.
        fileprivate init(row: Row) {
            self.init(machine: row[0], name: row[1], size: row[2], offset: row[3], records: row[4], hash: UInt64(bitPattern: row[5]),
                      complete: row[6], modified: row[7])
        }
    }

    /// rows: every file read from `place` for `learner`.
    package static func rows(_ db: Database, place: String, learner: UUID) throws -> [File] {
        var files: [File] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT machine, name, size, "offset", records, hash, complete, modified FROM sync_file WHERE place = ? AND learner = ?
            """, arguments: [place, learner.uuidString.lowercased()])
        while let row = try rows.next() { files.append(File(row: row)) }
        return files
    }

    /// set: records how far `file` has been read (a cached statement: a sync sets one per file).
    package static func set(_ db: Database, place: String, learner: UUID, file: File) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO sync_file (place, learner, machine, name, size, "offset", records, hash, complete, modified)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [place, learner.uuidString.lowercased(), file.machine, file.name, file.size, file.offset, file.records,
                                     Int64(bitPattern: file.hash), file.complete, file.modified])
    }

    /// remove: drops the rows of `files` (machine, name): a folded or deleted batch.
    package static func remove(_ db: Database, place: String, learner: UUID, files: [(machine: String, name: String)]) throws {
        let statement = try db.makeStatement(sql: "DELETE FROM sync_file WHERE place = ? AND learner = ? AND machine = ? AND name = ?")
        for file in files {
            try statement.execute(arguments: [place, learner.uuidString.lowercased(), file.machine, file.name])
        }
    }

    /// removeAll: forgets every file of `learner` read from `place` (the folder is read anew).
    package static func removeAll(_ db: Database, place: String, learner: UUID) throws {
        try db.execute(sql: "DELETE FROM sync_file WHERE place = ? AND learner = ?", arguments: [place, learner.uuidString.lowercased()])
    }
}
