import Foundation
import GRDB
import GRDBSQLite
import KuchiMemory
import KuchiDeck

/// LearnerDatabase+WordTable: `status` over a deck's word table instead of its card keys —
/// `kuchi due`'s count, which reads the deck cache's table (`DeckWordTable`) and never the deck.
/// The same rows, the same sums and the same rules as `status(learner:deck:selection:…)`: a row
/// is found among the words by its bytes through the table's stored hashes, then counted when
/// its word is selected in its direction (`WordSelection`); a row whose bytes match no word is
/// compared as `String`s (`CanonicalWords`), as the card keys compare it.
extension LearnerDatabase {
    /// status: due now, new cards allowed today and the next review over `selection` of the
    /// words of `table` (`status(learner:deck:selection:…)` says how each figure is made).
    package func status(learner: UUID, table: DeckWordTable, selection: WordSelection, now: Date, day: StudyDay,
                        newWordLimit: Int) throws -> StudyStatus {
        try statusAndWay(learner: learner, table: table, selection: selection, now: now, day: day, newWordLimit: newWordLimit).status
    }

    /// statusAndWay: `status`, and whether the tallies gave it or the rows (`tallied`).
    package func statusAndWay(learner: UUID, table: DeckWordTable, selection: WordSelection, now: Date, day: StudyDay,
                              newWordLimit: Int) throws -> (status: StudyStatus, way: StatusWay) {
        try writer.read { db in
            let nowMs = Milliseconds.from(now)
            let todayMs = Milliseconds.from(day.start(of: now))
            var sums = WordTableSums()
            if let learnerDeck = try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?",
                                                    arguments: [learner.uuidString.lowercased(), table.title]) {
                if let tallied = try Self.tallied(db, learnerDeck: learnerDeck, table: table, selection: selection, nowMs: nowMs,
                                                  todayMs: todayMs) {
                    return (Self.status(tallied, selectionCount: selection.count, now: now, newWordLimit: newWordLimit), .tallies)
                }
                let statement = try Self.deckRows(db, learnerDeck: learnerDeck, selectionCount: selection.count)
                try withExtendedLifetime(statement) {
                    try Self.scan(statement.sqliteStatement, db: db, table: table, selection: selection, nowMs: nowMs, todayMs: todayMs,
                                  into: &sums)
                }
            }
            return (Self.status(sums, selectionCount: selection.count, now: now, newWordLimit: newWordLimit), .rows)
        }
    }

    /// status: the figures from the sums.
    private static func status(_ sums: WordTableSums, selectionCount: Int, now: Date, newWordLimit: Int) -> StudyStatus {
        var status = Self.figures(dueNow: sums.dueNow, reviewed: sums.reviewed, introducedToday: sums.introducedToday,
                                  nextAhead: sums.nextAhead, earliest: sums.earliest, selectionCount: selectionCount, now: now,
                                  newWordLimit: newWordLimit)
        status.dueElsewhere = sums.dueElsewhere
        return status
    }

    /// scan: steps the statement over the deck's rows and adds each to `sums`.
    private static func scan(_ handle: SQLiteStatement, db: Database, table: DeckWordTable, selection: WordSelection, nowMs: Int64,
                             todayMs: Int64, into sums: inout WordTableSums) throws {
        defer { sqlite3_reset(handle) }
        let directions = StudyDirection.allCases.map { ($0, Array($0.rawValue.utf8)) }
        // A row in a direction no word is asked in (chosen or other) is counted nowhere.
        let asked = selection.chosen.reduce(0, |) | (selection.others?.reduce(0, |) ?? 0)
        var canonical = CanonicalWords()
        while true {
            let step = sqlite3_step(handle)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: step), message: db.lastErrorMessage)
            }
            if sqlite3_column_type(handle, 5) != SQLITE_NULL, sqlite3_column_int64(handle, 5) >= todayMs { sums.introducedToday += 1 }
            guard sqlite3_column_int64(handle, 4) != Int64(CardState.new.rawValue) else { continue }
            let written = Self.text(handle, 2)
            guard let direction = directions.first(where: { $0.1.elementsEqual(written) })?.0 else { continue }
            let bit = CardKeys.bit(of: direction)
            guard asked & bit != 0 else { continue }
            let question = Self.text(handle, 0), reading = Self.text(handle, 1)
            let word = table.word(question: question, reading: reading)
                ?? canonical.word(question: String(decoding: question, as: UTF8.self), reading: String(decoding: reading, as: UTF8.self),
                                  in: table)
            let hasDue = sqlite3_column_type(handle, 3) != SQLITE_NULL
            let due = sqlite3_column_int64(handle, 3)
            guard let word, selection.chosen[word] & bit != 0 else {
                if let word, let others = selection.others, others[word] & bit != 0, hasDue, due <= nowMs { sums.dueElsewhere += 1 }
                continue
            }
            sums.reviewed += 1
            guard hasDue else { continue }
            if due <= nowMs {
                sums.dueNow += 1
                sums.earliest = min(sums.earliest ?? due, due)
            } else {
                sums.nextAhead = min(sums.nextAhead ?? due, due)
            }
        }
    }
}

/// WordTableSums: what a status over a word table adds up, row by row or from the tallies.
struct WordTableSums {
    var dueNow = 0, reviewed = 0, introducedToday = 0, dueElsewhere = 0
    var nextAhead: Int64?, earliest: Int64?
}
