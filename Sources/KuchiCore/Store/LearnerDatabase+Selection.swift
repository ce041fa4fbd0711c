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

/// LearnerDatabase+Selection: where a learner stands in what they chose to study — one deck,
/// some of its words, some directions — the figures Welcome and `kuchi due` both show.
extension LearnerDatabase {
    /// status: due now, new cards allowed today and the next review, over the cards `selection`
    /// names in deck `deck`. The daily limit counts every card of the deck first reviewed today
    /// (the limit is per deck and study day, whatever the selection); a selected word with no
    /// row yet is new. "Next review" is the earliest due time still ahead, else now (every
    /// reviewed card is due: Welcome says "next review now") — nil only when no selected card
    /// has ever been reviewed.
    public func status(learner: UUID, deck: String, selection: Set<CardKey>, now: Date, day: StudyDay,
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
            // Columns by position (the SELECT's order): a lookup by name per row was most of
            // the scan's time for a 10k-word deck.
            while let row = try rows.next() {
                let introduced: Int64? = row[5]
                if let introduced, introduced >= todayMs { introducedToday += 1 }
                let state: Int = row[3]
                guard state != CardState.new.rawValue,
                      let direction = StudyDirection(rawValue: row[2]),
                      selection.contains(CardKey(question: row[0], reading: row[1], direction: direction)) else { continue }
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
