import Foundation
import GRDB
import KuchiMemory
import KuchiDeck

/// ReviewLogReads: the statements that read `review` (schema: `LearnerSchema`) for a learner
/// or a card, beside `ReviewLog`, its one writer — the optimizer's training set, a word's
/// history, a review a sync reads found here, and what a sync judges a forget or a wrong clock by.
extension ReviewLog {
    /// Logged: one review as the log keeps it.
    package struct Logged {
        package let card: Int64
        package let time: Int64
        /// rating: as stored (1–4 for an answer; the caller skips what it cannot use).
        package let rating: Int
        /// state: the card's state before the review (`CardState.rawValue`).
        package let state: Int
    }

    /// eachLogged: every review of `learner`, card by card and in time order within a card,
    /// streamed to `body` (a long log is never held whole).
    package static func eachLogged(_ db: Database, learner: UUID, _ body: (Logged) throws -> Void) throws {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT r.card, r.time, r.rating, r.state FROM review r
            JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ? ORDER BY r.card, r.time, r.uid
            """, arguments: [learner.uuidString.lowercased()])
        while let row = try rows.next() {
            try body(Logged(card: row[0], time: row[1], rating: row[2], state: row[3]))
        }
    }

    /// log: card `card`'s reviews in time order: time (ms), stored rating and id (16 bytes;
    /// empty for a row without one).
    package static func log(_ db: Database, card: Int64) throws -> [(time: Int64, rating: Int, uid: Data)] {
        try Row.fetchAll(db, sql: "SELECT time, rating, uid FROM review WHERE card = ? ORDER BY time, uid", arguments: [card]).map { review in
            (review["time"], review["rating"], review["uid"] ?? Data())
        }
    }

    /// travelling: `learner`'s review `uid` (16 bytes) as it travels, with its card, when it is
    /// here (cached: a sync asks once per review it reads).
    package static func travelling(_ db: Database, uid: Data, learner: UUID) throws -> (review: SyncReview, card: Int64)? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT r.card, d.deck, c.question, c.reading, c.direction, c.answer, r.time, r.rating, r.duration
            FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE r.uid = ? AND d.learner = ?
            """), arguments: [uid, learner.uuidString.lowercased()]),
              let direction = StudyDirection(rawValue: row[4]), let rating = Rating(rawValue: row[7]) else { return nil }
        return (SyncReview(uid: ReviewID.text(uid), deck: row[1], question: row[2], reading: row[3], direction: direction, answer: row[5],
                           time: row[6], rating: rating, duration: row[8]), row[0])
    }

    /// card: the card of `learner`'s review `uid`, when it is here (cached: once per undo read).
    package static func card(_ db: Database, uid: Data, learner: UUID) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT r.card FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE r.uid = ? AND d.learner = ?
            """), arguments: [uid, learner.uuidString.lowercased()])
    }

    /// latestTime: the time of `learner`'s latest review (nil: none).
    package static func latestTime(_ db: Database, learner: UUID) throws -> Int64? {
        try Int64.fetchOne(db, sql: """
            SELECT MAX(r.time) FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?
            """, arguments: [learner.uuidString.lowercased()])
    }

    /// hasReview: whether `learner` has a review later than `time` (ms).
    package static func hasReview(_ db: Database, learner: UUID, after time: Int64) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
                           WHERE d.learner = ? AND r.time > ?)
            """, arguments: [learner.uuidString.lowercased(), time]) ?? false
    }
}
