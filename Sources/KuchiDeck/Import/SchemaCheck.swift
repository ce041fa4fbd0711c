import Foundation
import GRDB

/// SchemaCheck: refuses an Anki collection whose tables are not plain stored data.
///
/// A package is a database someone else wrote. A view named `notes` can run an endless
/// recursive query; a generated column can make every value a `zeroblob(999000000)` from a
/// 2 KB file (2 GB of memory to read); a virtual table runs code of a module. Triggers do not
/// fire on reads, but no real collection has them on these tables, so they are refused too.
package enum SchemaCheck {
    /// requirePlainTables: throws unless each of `tables` is an ordinary table without
    /// generated columns or triggers.
    package static func requirePlainTables(_ tables: [String], _ db: Database) throws {
        for table in tables {
            let row = try Row.fetchOne(db, sql: "SELECT type, sql FROM sqlite_master WHERE name = ?", arguments: [table])
            guard let row, row["type"] as String? == "table" else {
                throw AnkiCollection.Failure(detail: "it has no \(table) table")
            }
            let sql: String = row["sql"] ?? ""
            if sql.uppercased().hasPrefix("CREATE VIRTUAL") {
                throw AnkiCollection.Failure(detail: "its \(table) table is a virtual table, which no real collection has")
            }
            // table_xinfo's `hidden` is 2 or 3 for generated columns (1 for a virtual table's hidden ones).
            let hidden = try Int.fetchAll(db, sql: "SELECT hidden FROM pragma_table_xinfo(?)", arguments: [table])
            if hidden.contains(where: { $0 == 2 || $0 == 3 }) {
                throw AnkiCollection.Failure(detail: "its \(table) table has generated columns, which no real collection has")
            }
        }
        let placeholders = tables.map { _ in "?" }.joined(separator: ", ")
        if let trigger = try String.fetchOne(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (\(placeholders)) LIMIT 1",
                                             arguments: StatementArguments(tables)) {
            throw AnkiCollection.Failure(detail: "it has a trigger (\(InputQuote.short(trigger))) on the tables Kuchi reads, which no real collection has")
        }
    }
}

/// Watchdog: whether a timed read finished before its deadline fired, decided once under a
/// lock, so the deadline interrupts only a read still running.
package final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var settled = false
    private var fired = false

    /// expire: called at the deadline; true when the read had not finished (the caller then
    /// interrupts it).
    package func expire() -> Bool {
        lock.withLock {
            guard !settled else { return false }
            settled = true
            fired = true
            return true
        }
    }

    /// interrupted: whether the deadline came while the read was still running. An interrupt can
    /// surface as any SQLite error (one landing in a statement's preparation or the schema's
    /// loading comes back as SQLITE_ERROR "interrupted"), so callers ask this, not the code.
    package var interrupted: Bool {
        lock.withLock { fired }
    }

    /// finish: called when the read ends; the deadline then does nothing.
    package func finish() {
        lock.withLock { settled = true }
    }
}
