import Foundation
import GRDB

extension LearnerChange {
    /// LearnerRestore: a learner a forget removed, brought back from the copy of the file kept
    /// aside (`kuchi forget --restore`).
    public struct LearnerRestore {
        public var learner: UUID
        /// aside: the SQLite copy kept when the learner was forgotten.
        public var aside: URL
        /// forgetTime: the forget restored past (ms): that forget, or an older one, is not obeyed again here.
        public var forgetTime: Int64

        /// init: every field.
        package init(learner: UUID, aside: URL, forgetTime: Int64) {
            self.learner = learner
            self.aside = aside
            self.forgetTime = forgetTime
        }
    }
}

extension LearnerTables {
    /// restore: the learner's rows copied back from the copy kept aside, table by table from the
    /// same declarations Forget deletes by (`LearnerRows`: a table that is not restored says why),
    /// parents first, decks and cards matched again by their new row ids; returns the reviews
    /// restored, nil when the learner has rows here again (a sync brought them in).
    package static func restore(_ restore: LearnerChange.LearnerRestore, in db: Database) throws -> Int? {
        let learner = restore.learner.uuidString.lowercased()
        guard try !LearnerDatabase.hasDecks(db, learner: restore.learner) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        let aside = try DatabaseQueue(path: restore.aside.path, configuration: configuration)
        defer { try? aside.close() }
        var copier = RowCopier(db: db, learner: learner)
        try aside.read { asideDB in
            for rows in all.reversed() where rows.notRestored == nil {
                guard let select = rows.select, try asideDB.tableExists(rows.table), try db.tableExists(rows.table) else { continue }
                try copier.copy(rows.table, select: select, from: asideDB)
            }
        }
        try SyncOutboxTable.dropLog(db, learner: restore.learner)
        try LearnerForgottenTable.remove(db, learner: restore.learner)
        try SyncMetaTable.setRestoredUpTo(db, learner: restore.learner, time: restore.forgetTime)
        return copier.reviews
    }
}

/// RowCopier: rows of one learner from another copy of the file into this one, each table's
/// columns as both copies have them (a copy kept by an older Kuchi lacks some), its own row id
/// left to this file, and the learner-deck and card it refers to mapped to their rows here.
private struct RowCopier {
    let db: Database
    let learner: String
    /// decks, cards: the other copy's row ids → this file's.
    var decks: [Int64: Int64] = [:]
    var cards: [Int64: Int64] = [:]
    /// reviews: review rows restored.
    var reviews = 0

    init(db: Database, learner: String) {
        self.db = db
        self.learner = learner
    }

    /// copy: `table`'s rows that `select` reads from `aside`. A row whose deck or card did not
    /// come back is left out (none can: the learner has no row here, so none conflicts).
    mutating func copy(_ table: String, select: String, from aside: Database) throws {
        let here = Set(try db.columns(in: table).map(\.name))
        // A row id of its own is this file's to give; one that is a deck or card (leech_notice's
        // card) is mapped like any reference.
        let references: Set<String> = ["learner_deck", "card"]
        let rowID = try db.primaryKey(table).rowIDColumn.flatMap { references.contains($0) ? nil : $0 }
        let asideRowID = try aside.primaryKey(table).rowIDColumn.flatMap { references.contains($0) ? nil : $0 }
        let columns = try aside.columns(in: table).map(\.name).filter { here.contains($0) && $0 != rowID }
        guard !columns.isEmpty else { return }
        let statement = try db.makeStatement(sql: """
            INSERT OR IGNORE INTO \(table) (\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            """)
        let rows = try Row.fetchCursor(aside, sql: select, arguments: ["learner": learner])
        rowLoop: while let row = try rows.next() {
            var values: [DatabaseValue] = []
            values.reserveCapacity(columns.count)
            for column in columns {
                let value: DatabaseValue = row[column]
                switch column {
                case "learner_deck" where table != "learner_deck":
                    guard let old = Int64.fromDatabaseValue(value), let new = decks[old] else { continue rowLoop }
                    values.append(new.databaseValue)
                case "card":
                    guard let old = Int64.fromDatabaseValue(value), let new = cards[old] else { continue rowLoop }
                    values.append(new.databaseValue)
                default:
                    values.append(value)
                }
            }
            try statement.execute(arguments: StatementArguments(values))
            guard db.changesCount > 0 else { continue }
            if table == "review" { reviews += 1 }
            guard let asideRowID, let old = Int64.fromDatabaseValue(row[asideRowID]) else { continue }
            if table == "learner_deck" { decks[old] = db.lastInsertedRowID }
            if table == "card" { cards[old] = db.lastInsertedRowID }
        }
    }
}
