import Foundation
import GRDB

/// CardKey: a card's identity within a learner's deck — the word as written, its reading and
/// the direction it is asked in.
public struct CardKey: Hashable, Sendable {
    public var question: String
    public var reading: String
    public var direction: StudyDirection

    /// init: a key; a word without a reading has "".
    public init(question: String, reading: String, direction: StudyDirection) {
        self.question = question
        self.reading = reading
        self.direction = direction
    }
}

/// CardKeys: the cards a selection asks, for counting and for telling a card row in or out.
///
/// A row is first looked up by its exact UTF-8 bytes — rows are written from the deck's own
/// strings, so they match byte for byte, and hashing bytes is several times cheaper than hashing
/// Japanese `String`s (which hash their normalised form). Only a row that misses is compared as
/// `String`s (canonical equivalence, as the queue compares them), against a set built on the
/// first miss: the figures are the same as with `Set<CardKey>`, without its cost.
public struct CardKeys: Sendable {
    /// keys: every card, once.
    public let keys: [CardKey]
    private let exact: Set<ExactKey>

    /// init: the cards given (repeats counted once).
    public init(_ keys: [CardKey]) {
        var exact: Set<ExactKey> = []
        var unique: [CardKey] = []
        // Sized once: growing the set rehashes every key.
        exact.reserveCapacity(keys.count)
        unique.reserveCapacity(keys.count)
        for key in keys where exact.insert(ExactKey(key)).inserted { unique.append(key) }
        self.keys = unique
        self.exact = exact
    }

    /// count: how many cards.
    public var count: Int { keys.count }

    /// Lookup: answers `contains` for one scan, building the `String` set only if a row needs it.
    struct Lookup {
        let keys: CardKeys
        var canonical: Set<CardKey>?

        /// contains: whether the card (question, reading, direction) is one of the keys.
        mutating func contains(question: String, reading: String, direction: StudyDirection) -> Bool {
            if keys.exact.contains(ExactKey(question: question, reading: reading, direction: direction)) { return true }
            if canonical == nil { canonical = Set(keys.keys) }
            return canonical?.contains(CardKey(question: question, reading: reading, direction: direction)) ?? false
        }
    }

    /// ExactKey: a card key hashed and compared by its UTF-8 bytes.
    struct ExactKey: Hashable, Sendable {
        let question: String
        let reading: String
        let direction: StudyDirection

        init(_ key: CardKey) {
            self.init(question: key.question, reading: key.reading, direction: key.direction)
        }

        init(question: String, reading: String, direction: StudyDirection) {
            self.question = question
            self.reading = reading
            self.direction = direction
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(direction)
            Self.combine(question, into: &hasher)
            Self.combine(reading, into: &hasher)
        }

        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            lhs.direction == rhs.direction && sameBytes(lhs.question, rhs.question) && sameBytes(lhs.reading, rhs.reading)
        }

        /// combine: the string's length and bytes (the length keeps ("ab", "c") apart from ("a", "bc")).
        /// (Always through `withUTF8`, which gives every string — small, native or bridged —
        /// contiguous bytes, so equal bytes always hash alike.)
        private static func combine(_ text: String, into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        }

        private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
            lhs.utf8.count == rhs.utf8.count && lhs.utf8.elementsEqual(rhs.utf8)
        }
    }
}

/// LearnerDatabase+Selection: where a learner stands in what they chose to study — one deck,
/// some of its words, some directions — the figures Welcome and `kuchi due` both show.
extension LearnerDatabase {
    /// status: due now, new cards allowed today and the next review, over the cards `selection`
    /// names in deck `deck`. The daily limit counts every card of the deck first reviewed today
    /// (the limit is per deck and study day, whatever the selection); a selected word with no
    /// row yet is new. "Next review" is the earliest due time still ahead, else now (every
    /// reviewed card is due: Welcome says "next review now") — nil only when no selected card
    /// has ever been reviewed.
    public func status(learner: UUID, deck: String, selection: CardKeys, now: Date, day: StudyDay,
                       newWordLimit: Int) throws -> StudyStatus {
        try writer.read { db in
            let nowMs = Milliseconds.from(now)
            let todayMs = Milliseconds.from(day.start(of: now))
            let rows = try Row.fetchCursor(db, sql: """
                SELECT question, reading, direction, state, due, introduced FROM card
                WHERE learner_deck = (SELECT id FROM learner_deck WHERE learner = ? AND deck = ?)
                """, arguments: [learner.uuidString.lowercased(), deck])
            var dueNow = 0
            var reviewed = 0
            var introducedToday = 0
            var nextAhead: Int64?
            var earliest: Int64?
            var lookup = CardKeys.Lookup(keys: selection)
            // Columns by position (the SELECT's order): a lookup by name per row was most of
            // the scan's time for a 10k-word deck.
            while let row = try rows.next() {
                let introduced: Int64? = row[5]
                if let introduced, introduced >= todayMs { introducedToday += 1 }
                let state: Int = row[3]
                guard state != CardState.new.rawValue,
                      let direction = StudyDirection(rawValue: row[2]),
                      lookup.contains(question: row[0], reading: row[1], direction: direction) else { continue }
                reviewed += 1
                guard let due: Int64 = row[4] else { continue }
                if due <= nowMs {
                    dueNow += 1
                    earliest = min(earliest ?? due, due)
                } else {
                    nextAhead = min(nextAhead ?? due, due)
                }
            }
            let limit = min(max(newWordLimit, StudyQueue.newWordLimitRange.lowerBound), StudyQueue.newWordLimitRange.upperBound)
            let newLeft = max(0, selection.count - reviewed)
            return StudyStatus(dueNow: dueNow, newAvailable: max(0, min(newLeft, limit - introducedToday)),
                               nextReview: nextAhead.map(Milliseconds.date) ?? earliest.map { _ in now })
        }
    }
}
