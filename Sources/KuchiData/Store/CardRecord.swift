import Foundation
import GRDB
import KuchiBase
import KuchiMemory
import KuchiDeck

/// CardRecord: one row of the `card` table — a word asked in one direction, with its memory.
///
/// Its identity is (learner, deck title, question, reading, direction), never a position in the
/// deck, so a card keeps its history when the deck is edited or the word removed.
public struct CardRecord: Equatable, Sendable {
    /// id: the row id (the `card_id` of the exports).
    public let id: Int64
    /// question: the word as the deck writes it.
    public let question: String
    /// reading: the kana reading, "" when the deck has none.
    public let reading: String
    /// answer: the deck's answer when the card was last synchronised.
    public let answer: String
    /// direction: which way the word is asked.
    public let direction: StudyDirection
    /// card: the FSRS memory of this card (a new card's `due` is the time it was loaded).
    public var card: FSRSCard
    /// introduced: when the card was first reviewed (nil while new); counts today's new words.
    public var introduced: Date?

    /// columns: the SELECT list `init(row:now:)` reads, in order.
    package static let columns = "id, question, reading, answer, direction, state, step, stability, difficulty, due, last_review, reps, lapses, introduced"

    /// init: a card from its fields (a new card, or one made in memory when the database fails).
    public init(id: Int64, question: String, reading: String, answer: String, direction: StudyDirection,
                card: FSRSCard, introduced: Date?) {
        self.id = id
        self.question = question
        self.reading = reading
        self.answer = answer
        self.direction = direction
        self.card = card
        self.introduced = introduced
    }

    /// init: a card from a row selected with `columns`, read by column name; a new card's
    /// missing due is `now`.
    package init(row: Row, now: Date) {
        id = row["id"]
        question = row["question"]
        reading = row["reading"]
        answer = row["answer"]
        direction = StudyDirection(rawValue: row["direction"]) ?? .japaneseToEnglish
        let state = CardState(rawValue: row["state"]) ?? .new
        let due: Int64? = row["due"]
        let lastReview: Int64? = row["last_review"]
        card = FSRSCard(state: state, step: row["step"], stability: row["stability"], difficulty: row["difficulty"],
                        due: due.map(Milliseconds.date) ?? now, lastReview: lastReview.map(Milliseconds.date),
                        reps: row["reps"], lapses: row["lapses"])
        let introduced: Int64? = row["introduced"]
        self.introduced = introduced.map(Milliseconds.date)
    }

    /// sameMemory: the two cards hold the same memory (a new card's due is when it was loaded,
    /// so it does not count).
    package func hasSameMemory(as other: FSRSCard) -> Bool {
        var mine = card
        var theirs = other
        if mine.state == .new, theirs.state == .new {
            mine.due = theirs.due
        }
        mine.due = Milliseconds.date(Milliseconds.from(mine.due))
        theirs.due = Milliseconds.date(Milliseconds.from(theirs.due))
        mine.lastReview = mine.lastReview.map { Milliseconds.date(Milliseconds.from($0)) }
        theirs.lastReview = theirs.lastReview.map { Milliseconds.date(Milliseconds.from($0)) }
        return mine == theirs
    }
}

/// Milliseconds: the database's time unit (integer ms since the Unix epoch, UTC), as the FSRS
/// optimizer's review log counts it.
package enum Milliseconds {
    /// from: a date as whole milliseconds.
    package static func from(_ date: Date) -> Int64 {
        // Clamped: a date past the range (a forged record, a clock far off) must not trap.
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite else { return 0 }
        return value >= 9.2e18 ? Int64.max : value <= -9.2e18 ? Int64.min : Int64(value)
    }

    /// date: whole milliseconds as a date.
    package static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// DeckCards: a learner's cards for one deck and direction, aligned with the deck's challenges.
public struct DeckCards: Sendable {
    /// learnerDeck: the row id of (learner, deck) — the key of sessions and Learn progress.
    public let learnerDeck: Int64
    /// cards: `cards[i]` is the card of `deck.challenges[i]`.
    public var cards: [CardRecord]
    /// learned: the deck positions Learn has marked remembered.
    public var learned: Set<Int>
    /// forgotten: Learn's "forgot" presses since its last restart.
    public var forgotten: Int
}

/// LearnerDatabase+Cards: loading a deck's cards (creating rows for new words).
extension LearnerDatabase {
    /// cards: the learner's cards for `deck` in `direction`, creating rows for words not seen
    /// before (state New) and refreshing changed answers, in one transaction. Cards of words no
    /// longer in the deck are kept (their history stays) but not returned.
    public func cards(learner: UUID, deck: Deck, direction: StudyDirection = .japaneseToEnglish,
                      now: Date = Date()) throws -> DeckCards {
        let applied = try apply(.deckOpened(LearnerChange.DeckOpening(learner: learner, deck: deck, direction: direction)), now: now)
        guard let cards = applied.cards else { throw PersistenceError(.unreadable, path: url?.path ?? "", "The deck's cards could not be read.") }
        return cards
    }

    /// openDeck: `cards`' writes and reads inside a transaction (`LearnerChange.deckOpened`);
    /// `changed` says whether a row was made or refreshed.
    package static func openDeck(_ opening: LearnerChange.DeckOpening, in db: Database, now: Date) throws -> (cards: DeckCards, changed: Bool) {
        let (learner, deck, direction) = (opening.learner, opening.deck, opening.direction)
        var changed = false
        do {
            let learnerDeck = try Self.learnerDeckID(db, learner: learner, deck: deck.title)
            var existing: [CardRecord] = []
            var learnedIDs: Set<Int64> = []
            let rows = try Row.fetchCursor(db, sql: "SELECT \(CardRecord.columns), learned FROM card WHERE learner_deck = ? AND direction = ?",
                                           arguments: [learnerDeck, direction.rawValue])
            while let row = try rows.next() {
                let record = CardRecord(row: row, now: now)
                existing.append(record)
                if (row["learned"] as Int) != 0 { learnedIDs.insert(record.id) }
            }
            // Each word's row found by its bytes (rows are written from the deck's strings), by
            // canonical equivalence only when that misses (CardKeys): no key string per row, no
            // normalised hashing of every Japanese word.
            var index = CardKeys.Index(CardKeys(existing.map { CardKey(question: $0.question, reading: $0.reading, direction: direction) }))
            var cards: [CardRecord] = []
            cards.reserveCapacity(deck.challenges.count)
            var learned: Set<Int> = []
            // The rows some word matches byte for byte: the others are `CardTally`'s unmatched.
            var exact = [Bool](repeating: false, count: existing.count)
            for (position, challenge) in deck.challenges.enumerated() {
                let reading = challenge.reading ?? ""
                let key = CardKey(question: challenge.question, reading: reading, direction: direction)
                let byBytes = index.bytePosition(of: key)
                if let byBytes, exact.indices.contains(byBytes) { exact[byBytes] = true }
                if let found = byBytes ?? index.canonicalPosition(of: key),
                   let record = existing.indices.contains(found) ? existing[found] : nil {
                    if record.answer != challenge.answer {
                        changed = true
                        try db.execute(sql: "UPDATE card SET answer = ? WHERE id = ?", arguments: [challenge.answer, record.id])
                    }
                    if learnedIDs.contains(record.id) { learned.insert(position) }
                    cards.append(record)
                    continue
                }
                changed = true
                try db.execute(sql: "INSERT INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)",
                               arguments: [learnerDeck, challenge.question, reading, direction.rawValue, challenge.answer])
                cards.append(CardRecord(id: db.lastInsertedRowID, question: challenge.question, reading: reading,
                                        answer: challenge.answer, direction: direction, card: FSRSCard(due: now), introduced: nil))
            }
            try CardTally.record(db, learnerDeck: learnerDeck, direction: direction, words: WordSetFingerprint(deck),
                                 unmatched: existing.indices.filter { !exact[$0] }.map { existing[$0].id })
            let forgotten = try Int.fetchOne(db, sql: "SELECT learn_forgotten FROM learner_deck WHERE id = ?", arguments: [learnerDeck]) ?? 0
            return (DeckCards(learnerDeck: learnerDeck, cards: cards, learned: learned, forgotten: forgotten), changed)
        }
    }

    /// card: one card as the database has it now (another window may have reviewed it).
    public func card(id: Int64, now: Date = Date()) throws -> CardRecord? {
        try writer.read { db in
            try Row.fetchOne(db, sql: "SELECT \(CardRecord.columns) FROM card WHERE id = ?", arguments: [id])
                .map { CardRecord(row: $0, now: now) }
        }
    }

    /// cards: `learner`'s stored cards of `deck`, every direction, in no particular order (a
    /// read: nothing is created).
    package static func cards(_ db: Database, learner: UUID, deck: String, now: Date) throws -> [CardRecord] {
        try Row.fetchAll(db, sql: """
            SELECT \(CardRecord.columns.split(separator: ",").map { "c." + $0.trimmingSpaces() }.joined(separator: ", "))
            FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ? AND d.deck = ?
            """, arguments: [learner.uuidString.lowercased(), deck]).map { CardRecord(row: $0, now: now) }
    }

    /// cards: `learner`'s stored cards of one word of `deck` (one per direction asked), oldest first.
    package static func cards(_ db: Database, learner: UUID, deck: String, question: String, reading: String, now: Date) throws -> [CardRecord] {
        try Row.fetchAll(db, sql: """
            SELECT \(CardRecord.columns.split(separator: ",").map { "c." + $0.trimmingSpaces() }
                .joined(separator: ", "))
            FROM card c JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ? AND d.deck = ? AND c.question = ? AND c.reading = ? ORDER BY c.id
            """, arguments: [learner.uuidString.lowercased(), deck, question, reading]).map { CardRecord(row: $0, now: now) }
    }

    /// learnerDeckID: the row of (learner, deck), created on first use.
    package static func learnerDeckID(_ db: Database, learner: UUID, deck: String) throws -> Int64 {
        let learnerKey = learner.uuidString.lowercased()
        try db.execute(sql: "INSERT OR IGNORE INTO learner_deck (learner, deck) VALUES (?, ?)", arguments: [learnerKey, deck])
        return try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?", arguments: [learnerKey, deck]) ?? 0
    }

}
