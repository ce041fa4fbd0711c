import Foundation
import GRDB
import GRDBSQLite
import KuchiMemory
import KuchiDeck

/// LearnerDatabase+Selection: where a learner stands in what they chose to study — one deck,
/// some of its words, some directions — the figures Welcome and `kuchi due` both show.
extension LearnerDatabase {
    /// status: due now, new cards allowed today and the next review, over the cards `selection`
    /// names in deck `deck`. The daily limit counts every card of the deck first reviewed today
    /// (the limit is per deck and study day, whatever the selection); a selected word with no
    /// row yet is new. "Next review" is the earliest due time still ahead, else now (every
    /// reviewed card is due: Welcome then says only what is due) — nil only when no selected card
    /// has ever been reviewed. `otherDirections` makes the same words' keys in the directions not
    /// chosen; it is called only when a due row outside the selection needs them (most starts
    /// never do: a second set of keys over the deck was half of Welcome's count).
    public func status(learner: UUID, deck: String, selection: CardKeys, now: Date, day: StudyDay,
                       newWordLimit: Int, otherDirections: (@Sendable () -> CardKeys)? = nil) throws -> StudyStatus {
        try writer.read { db in
            let nowMs = Milliseconds.from(now)
            let todayMs = Milliseconds.from(day.start(of: now))
            guard let learnerDeck = try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?",
                                                       arguments: [learner.uuidString.lowercased(), deck]) else {
                return Self.figures(dueNow: 0, reviewed: 0, introducedToday: 0, nextAhead: nil, earliest: nil, selectionCount: selection.count,
                                    now: now, newWordLimit: newWordLimit)
            }
            // The daily limit counts every card of the deck first reviewed today; the rest,
            // reviewed cards of the selection only.
            let statement = try Self.deckRows(db, learnerDeck: learnerDeck, selectionCount: selection.count)
            return try withExtendedLifetime(statement) {
                try Self.scan(statement.sqliteStatement, db: db, selection: selection, others: otherDirections, nowMs: nowMs,
                              todayMs: todayMs, now: now, newWordLimit: newWordLimit)
            }
        }
    }

    /// scan: steps the status statement over the deck's rows and sums them up.
    /// `others`: the same words in the directions not chosen; their due cards are counted apart
    /// (Welcome: "N more due in other directions").
    /// deckRows: the statement over a learner deck's card rows that a status scans — one pass,
    /// read through the C API so a row's words are matched as bytes, never made `String`s. When
    /// the deck holds a large share of the table's rows (the usual single-deck learner), the
    /// table is read in order (`NOT INDEXED`: several times faster than fetching each row
    /// through the (learner_deck, state, due) index); a deck among much larger ones (another
    /// learner's, a big import) is found through the index. The largest row id stands for the
    /// table's size (O(1)).
    package static func deckRows(_ db: Database, learnerDeck: Int64, selectionCount: Int) throws -> Statement {
        let tableEnd = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM card") ?? 0
        let inOrder = Int64(selectionCount) * 2 >= tableEnd
        let statement = try db.makeStatement(sql: """
            SELECT question, reading, direction, due, state, introduced FROM card \(inOrder ? "NOT INDEXED" : "")
            WHERE learner_deck = ?
            """)
        try statement.setArguments([learnerDeck])
        return statement
    }

    private static func scan(_ handle: SQLiteStatement, db: Database, selection: CardKeys, others: (@Sendable () -> CardKeys)?, nowMs: Int64,
                             todayMs: Int64, now: Date, newWordLimit: Int) throws -> StudyStatus {
        defer { sqlite3_reset(handle) }
        let directions = StudyDirection.allCases.map { ($0, Array($0.rawValue.utf8)) }
        var matcher = CardKeys.Matcher(selection)
        var otherMatcher: CardKeys.Matcher?
        var dueElsewhere = 0
        var dueNow = 0
        var reviewed = 0
        var introducedToday = 0
        var nextAhead: Int64?
        var earliest: Int64?
        while true {
            let step = sqlite3_step(handle)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: step), message: db.lastErrorMessage)
            }
            if sqlite3_column_type(handle, 5) != SQLITE_NULL, sqlite3_column_int64(handle, 5) >= todayMs { introducedToday += 1 }
            guard sqlite3_column_int64(handle, 4) != Int64(CardState.new.rawValue) else { continue }
            let written = Self.text(handle, 2)
            guard let direction = directions.first(where: { $0.1.elementsEqual(written) })?.0 else { continue }
            guard matcher.contains(question: Self.text(handle, 0), reading: Self.text(handle, 1), direction: direction) else {
                if let others, sqlite3_column_type(handle, 3) != SQLITE_NULL, sqlite3_column_int64(handle, 3) <= nowMs {
                    if otherMatcher == nil { otherMatcher = CardKeys.Matcher(others()) }
                    if otherMatcher?.contains(question: Self.text(handle, 0), reading: Self.text(handle, 1), direction: direction) == true {
                        dueElsewhere += 1
                    }
                }
                continue
            }
            reviewed += 1
            guard sqlite3_column_type(handle, 3) != SQLITE_NULL else { continue }
            let due = sqlite3_column_int64(handle, 3)
            if due <= nowMs {
                dueNow += 1
                earliest = min(earliest ?? due, due)
            } else {
                nextAhead = min(nextAhead ?? due, due)
            }
        }
        var status = Self.figures(dueNow: dueNow, reviewed: reviewed, introducedToday: introducedToday, nextAhead: nextAhead,
                                  earliest: earliest, selectionCount: selection.count, now: now, newWordLimit: newWordLimit)
        status.dueElsewhere = dueElsewhere
        return status
    }

    /// figures: the status from the scan's counts.
    static func figures(dueNow: Int, reviewed: Int, introducedToday: Int, nextAhead: Int64?, earliest: Int64?,
                       selectionCount: Int, now: Date, newWordLimit: Int) -> StudyStatus {
        let limit = min(max(newWordLimit, StudyQueue.newWordLimitRange.lowerBound), StudyQueue.newWordLimitRange.upperBound)
        let newLeft = max(0, selectionCount - reviewed)
        return StudyStatus(dueNow: dueNow, newAvailable: max(0, min(newLeft, limit - introducedToday)),
                           nextReview: nextAhead.map(Milliseconds.date) ?? earliest.map { _ in now })
    }

    /// text: column `column` of the current row as UTF-8 bytes (valid until the next step).
    static func text(_ handle: SQLiteStatement, _ column: Int32) -> UnsafeRawBufferPointer {
        guard let start = sqlite3_column_text(handle, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: start, count: Int(sqlite3_column_bytes(handle, column)))
    }
}
