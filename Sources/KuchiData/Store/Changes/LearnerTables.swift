import Foundation
import GRDB

/// LearnerRows: how Forget removes one learner from one table — a keyed DELETE (`:learner` is
/// the learner's id in lower case) — or why the table keeps its rows. Each schema declares its
/// own tables' entries beside its SQL; `LearnerTables` puts them in the order Forget runs them.
package struct LearnerRows: Sendable {
    /// table: the table's name.
    package let table: String
    /// delete: the statement, nil when the table is kept.
    package let delete: String?
    /// kept: why the rows stay (nil when deleted).
    package let kept: String?
    /// notRestored: why `kuchi forget --restore` does not copy the rows back (nil: it does).
    package let notRestored: String?

    /// init: a table whose learner rows `delete` removes (and a restore copies back, unless
    /// `notRestored` says why not).
    package init(_ table: String, _ delete: String, notRestored: String? = nil) {
        self.table = table
        self.delete = delete
        self.kept = nil
        self.notRestored = notRestored
    }

    /// select: the learner's rows, read by the same condition Forget deletes them by.
    package var select: String? {
        guard let delete, delete.hasPrefix("DELETE FROM \(table) ") else { return nil }
        return "SELECT * FROM \(table) " + delete.dropFirst("DELETE FROM \(table) ".count)
    }

    /// init: a table Forget leaves alone, and why.
    package init(kept table: String, because reason: String) {
        self.table = table
        self.delete = nil
        self.kept = reason
        self.notRestored = reason
    }

    /// decks: the learner's learner-deck rows (inside a DELETE's WHERE).
    package static let decks = "SELECT id FROM learner_deck WHERE learner = :learner"
    /// cards: the learner's card rows.
    package static let cards = "SELECT id FROM card WHERE learner_deck IN (\(decks))"
}

/// LearnerTables: every table that holds a learner, and Forget over them.
///
/// A test reads `sqlite_master` and fails when a table with a learner, learner-deck or card
/// column (or the review-keyed outbox) is missing here, so a new table cannot be forgotten by
/// Forget. Each statement is keyed (an index or a primary key per learner, deck or card), so
/// forgetting costs what the learner's rows cost, never a scan per row (issue 35: 30,000
/// reviews took 30 s through v2's summary trigger).
package enum LearnerTables {
    /// all: every declared table, in the order Forget deletes: what refers to reviews and cards
    /// first (the outbox by review id, the summary by deck), then the log, cards and decks,
    /// then what is keyed by the learner alone.
    package static let all: [LearnerRows] = {
        let byTable = Dictionary((LearnerSchema.learnerRows + StudyFlagsSchema.learnerRows + OwnAnswerSchema.learnerRows
            + SettingsSchema.learnerRows + ParameterSchema.learnerRows + SyncSchema.learnerRows + SyncLedgerSchema.learnerRows
            + SummaryRebuild.learnerRows + CardTally.learnerRows).map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
        let first = ["sync_outbox", "review_slot", "review_tombstone", "leech_notice", "session", "card_tally", "review", "card", "learner_deck"]
        return first.compactMap { byTable[$0] } + byTable.values.filter { !first.contains($0.table) }.sorted { $0.table < $1.table }
    }()

    /// forget: deletes every row of the learner from every declared table that exists (a file
    /// of an older schema lacks some), in one transaction the caller holds; returns the number
    /// of reviews deleted.
    package static func forget(_ learner: UUID, in db: Database) throws -> Int {
        let arguments: StatementArguments = ["learner": learner.uuidString.lowercased()]
        var reviews = 0
        for rows in all {
            guard let delete = rows.delete, try db.tableExists(rows.table) else { continue }
            try db.execute(sql: delete, arguments: arguments)
            if rows.table == "review" { reviews = db.changesCount }
        }
        return reviews
    }
}
