import Foundation
import GRDB
import GRDBSQLite
import KuchiMemory
import KuchiDeck

/// LearnerDatabase+DueRows: `kuchi due`'s figures without stepping through every card row of
/// the deck (issue 39: 10k rows cost 28M instructions, SQLite's own floor per row). The rows
/// due by now come from the `card_due` index alone, the next review from its first selected
/// row past now, today's new cards from `card_introduced`, and the reviewed cards of the
/// selection from the tallies (`CardTally`) less the reviewed rows the selection leaves out.
/// Those are known without the rows only when the last deck opening's record still holds and
/// was made against the word set the deck cache's table has; else nil, and the rows are counted
/// one by one as before. Every row is judged by the scan's rules (`scan` in +WordTable).
extension LearnerDatabase {
    /// StatusWay: how `status(learner:table:…)` came to its figures (tests ask which).
    package enum StatusWay: Equatable, Sendable {
        /// tallies: the indexes and the tallies, no row stepped but those due by now.
        case tallies
        /// rows: every card row of the deck, one by one.
        case rows
    }

    /// tallied: the sums over learner deck `learnerDeck` without its rows, nil when the tallies
    /// cannot tell (no opening's record, a changed word set, a state no writer makes) or telling
    /// would cost more than the rows.
    static func tallied(_ db: Database, learnerDeck: Int64, table: DeckWordTable, selection: WordSelection, nowMs: Int64,
                        todayMs: Int64) throws -> WordTableSums? {
        let tallies = try CardTally.tallies(db, learnerDeck: learnerDeck)
        guard tallies.values.allSatisfy({ $0.odd == 0 }) else { return nil }
        var rows = RowWords(table: table, selection: selection)
        var sums = WordTableSums()
        var whole: [StudyDirection] = []
        guard let reviewed = try reviewed(db, learnerDeck: learnerDeck, tallies: tallies, rows: &rows, whole: &whole) else { return nil }
        sums.reviewed = reviewed
        sums.introducedToday = try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM card WHERE learner_deck = ? AND introduced IS NOT NULL AND introduced >= ?
            """, arguments: [learnerDeck, todayMs]) ?? 0
        // Due by now: one range of the index per state (New has no due that counts). When every
        // reviewed row is a selected card's, SQLite counts them; else each row is judged (an
        // index entry costs SQLite about as much skipped as returned, so never both).
        let wholeDirections = Set(whole.map(\.rawValue))
        if tallies.allSatisfy({ $0.value.reviewed == 0 || wholeDirections.contains($0.key) }) {
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), MIN(due) FROM card WHERE learner_deck = ? AND state IN (1, 2, 3) AND due <= ?
                """, arguments: [learnerDeck, nowMs])
            sums.dueNow = row?[0] ?? 0
            sums.earliest = row?[1]
        } else {
            let due = try db.makeStatement(sql: """
                SELECT question, reading, direction, due FROM card WHERE learner_deck = ? AND state IN (1, 2, 3) AND due <= ?
                """)
            try due.setArguments([learnerDeck, nowMs])
            try step(due, db: db) { handle in
                guard let (word, bit) = rows.resolve(handle), let due = rows.due(handle) else { return true }
                if let word, selection.chosen[word] & bit != 0 {
                    sums.dueNow += 1
                    sums.earliest = min(sums.earliest ?? due, due)
                } else if let word, let others = selection.others, others[word] & bit != 0 {
                    sums.dueElsewhere += 1
                }
                return true
            }
        }
        // The next review: each state's rows past now in due order, up to the first selected one.
        let ahead = try db.makeStatement(sql: """
            SELECT question, reading, direction, due FROM card WHERE learner_deck = ? AND state = ? AND due > ? ORDER BY due
            """)
        for state in [CardState.learning, .review, .relearning] {
            try ahead.setArguments([learnerDeck, state.rawValue, nowMs])
            try step(ahead, db: db) { handle in
                guard let (word, bit) = rows.resolve(handle), let word, selection.chosen[word] & bit != 0,
                      let due = rows.due(handle) else { return true }
                sums.nextAhead = min(sums.nextAhead ?? due, due)
                return false
            }
        }
        return sums
    }

    /// reviewed: the selected cards with a reviewed row, per direction asked: the direction's
    /// reviewed rows (the tally) less those of words left out — or, when fewer, the selected
    /// words' rows counted directly — found by the card table's unique key; rows the opening
    /// matched to no word are judged one by one. Nil when the tallies cannot tell. `whole`: the
    /// directions whose every row is a selected word's (no word of the set left out, none unmatched).
    private static func reviewed(_ db: Database, learnerDeck: Int64, tallies: [String: CardTally.Tally],
                                 rows: inout RowWords, whole: inout [StudyDirection]) throws -> Int? {
        let table = rows.table, selection = rows.selection
        let chosenDirections = selection.chosen.reduce(0, |)
        let totalRows = tallies.values.reduce(0) { $0 + $1.rows }
        // The word sets a deck is opened with: the table's (`--deck`) or the selection's words
        // (a session), each whole or those with kanji (a session's reading cards).
        let sets: [(Int) -> Bool] = [{ _ in true }, { table.hasKanji($0) }, { selection.studied[$0] },
                                     { selection.studied[$0] && table.hasKanji($0) }]
        var members: [[Int]?] = Array(repeating: nil, count: sets.count)
        var fingerprints: [WordSetFingerprint?] = Array(repeating: nil, count: sets.count)
        var reviewed = 0
        var probes = 0
        // Made on first use: most counts probe nothing (a statement is ~250k instructions to prepare).
        var probeStatement: Statement?, listedStatement: Statement?
        func probe() throws -> Statement {
            if let probeStatement { return probeStatement }
            let made = try db.makeStatement(sql: """
                SELECT state FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?
                """)
            probeStatement = made
            return made
        }
        for direction in StudyDirection.allCases where chosenDirections & CardKeys.bit(of: direction) != 0 {
            guard let tally = tallies[direction.rawValue], tally.reviewed > 0 else { continue }
            guard let opening = tally.opening else { return nil }
            // Which words the opening matched against: the first set of the same size and
            // fingerprint (the size first: a fingerprint reads every word of the set).
            var matched: [Int]?
            for index in sets.indices {
                if members[index] == nil { members[index] = (0..<table.count).filter(sets[index]) }
                guard let words = members[index], words.count == opening.count else { continue }
                // Every word's and the kanji words' were summed when the cache was written.
                if fingerprints[index] == nil {
                    fingerprints[index] = index == 0 ? WordSetFingerprint(stored: table.allWords)
                        : index == 1 ? WordSetFingerprint(stored: table.kanjiWords) : WordSetFingerprint(table, words: words)
                }
                if fingerprints[index]?.stored == opening.words {
                    matched = words
                    break
                }
            }
            guard let words = matched else { return nil }
            let bit = CardKeys.bit(of: direction)
            // The rows no word matched exactly: judged as the scan judges them.
            var listedReviewed = 0, listedChosen = 0, found = 0
            if !opening.unmatched.isEmpty, listedStatement == nil {
                listedStatement = try db.makeStatement(sql: "SELECT question, reading, direction, state FROM card WHERE id = ?")
            }
            for id in opening.unmatched {
                guard let listed = listedStatement else { break }
                try listed.setArguments([id])
                try step(listed, db: db) { handle in
                    found += 1
                    guard sqlite3_column_int64(handle, 3) != 0 else { return false }
                    listedReviewed += 1
                    if let (word, rowBit) = rows.resolve(handle), rowBit == bit, let word, selection.chosen[word] & bit != 0 {
                        listedChosen += 1
                    }
                    return false
                }
            }
            guard found == opening.unmatched.count else { return nil }
            // Every other row of the direction is one word of the set's, byte for byte.
            let chosen = words.filter { selection.chosen[$0] & bit != 0 }
            let leftOut = words.count - chosen.count
            probes += min(chosen.count, leftOut) + opening.unmatched.count
            // A probe costs a few rows' steps.
            guard probes * 3 <= totalRows else { return nil }
            if leftOut == 0, opening.unmatched.isEmpty { whole.append(direction) }
            if leftOut < chosen.count {
                let others = try leftOut == 0 ? 0 : Self.reviewedRows(probe(), db: db, learnerDeck: learnerDeck, direction: direction,
                                                   words: words.filter { selection.chosen[$0] & bit == 0 }, table: table)
                reviewed += tally.reviewed - listedReviewed - others + listedChosen
            } else {
                reviewed += try Self.reviewedRows(probe(), db: db, learnerDeck: learnerDeck, direction: direction, words: chosen,
                                                  table: table) + listedChosen
            }
        }
        return reviewed
    }

    /// reviewedRows: how many of `words` have a reviewed row in `direction`, by the unique key.
    private static func reviewedRows(_ probe: Statement, db: Database, learnerDeck: Int64, direction: StudyDirection, words: [Int],
                                     table: DeckWordTable) throws -> Int {
        var count = 0
        for word in words {
            try probe.setArguments([learnerDeck, table.question(word), table.reading(word), direction.rawValue])
            try step(probe, db: db) { handle in
                if sqlite3_column_int64(handle, 0) != 0 { count += 1 }
                return false
            }
        }
        return count
    }

    /// step: `statement`'s rows to `row` until it returns false or they end.
    private static func step(_ statement: Statement, db: Database, _ row: (SQLiteStatement) throws -> Bool) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let step = sqlite3_step(handle)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw DatabaseError(resultCode: ResultCode(rawValue: step), message: db.lastErrorMessage) }
            guard try row(handle) else { return }
        }
    }
}

/// RowWords: a row's word and direction as the row scan finds them (bytes, then canonical
/// equivalence), from columns question, reading, direction (0, 1, 2) and due (3).
struct RowWords {
    let table: DeckWordTable
    let selection: WordSelection
    private var canonical = CanonicalWords()
    private let directions = StudyDirection.allCases.map { (CardKeys.bit(of: $0), Array($0.rawValue.utf8)) }
    /// asked: the directions some word is asked in, chosen or other (a row in another is counted nowhere).
    private let asked: UInt8

    init(table: DeckWordTable, selection: WordSelection) {
        self.table = table
        self.selection = selection
        asked = selection.chosen.reduce(0, |) | (selection.others?.reduce(0, |) ?? 0)
    }

    /// resolve: the row's word (nil when no word of the table is the row's) and its direction's
    /// bit; nil when its direction is asked nowhere.
    mutating func resolve(_ handle: SQLiteStatement) -> (word: Int?, bit: UInt8)? {
        let written = LearnerDatabase.text(handle, 2)
        guard let bit = directions.first(where: { $0.1.elementsEqual(written) })?.0, asked & bit != 0 else { return nil }
        let question = LearnerDatabase.text(handle, 0), reading = LearnerDatabase.text(handle, 1)
        let word = table.word(question: question, reading: reading)
            ?? canonical.word(question: String(decoding: question, as: UTF8.self), reading: String(decoding: reading, as: UTF8.self),
                              in: table)
        return (word, bit)
    }

    /// due: the row's due time, nil when it has none.
    func due(_ handle: SQLiteStatement) -> Int64? {
        sqlite3_column_type(handle, 3) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, 3)
    }
}
