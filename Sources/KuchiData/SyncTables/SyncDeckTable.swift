import GRDB

/// SyncDeckTable: the statements on `sync_deck` (schema: `SyncLedgerSchema`) — the deck
/// contents (by hash) a folder holds, so a deck is sent once per folder, whoever studies it.
package enum SyncDeckTable {
    /// hashes: the deck contents `place` is known to hold.
    package static func hashes(_ db: Database, place: String) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT hash FROM sync_deck WHERE place = ?", arguments: [place]))
    }

    /// add: records deck contents `place` holds.
    package static func add(_ db: Database, place: String, hashes: some Sequence<String>) throws {
        let statement = try db.makeStatement(sql: "INSERT OR IGNORE INTO sync_deck (place, hash) VALUES (?, ?)")
        for hash in hashes { try statement.execute(arguments: [place, hash]) }
    }

    /// removeAll: forgets what `place` holds (the folder is read anew).
    package static func removeAll(_ db: Database, place: String) throws {
        try db.execute(sql: "DELETE FROM sync_deck WHERE place = ?", arguments: [place])
    }
}
