import Foundation
import GRDB

/// ReviewInput: one graded answer, as the quiz reports it.
public struct ReviewInput: Equatable, Sendable {
    /// cardID: the card answered.
    public var cardID: Int64
    /// rating: Good for right on the first try, Again for a miss.
    public var rating: Rating
    /// time: when the answer was given.
    public var time: Date
    /// duration: milliseconds from the word being shown to the answer.
    public var duration: Int
    /// uid: the review's global id; nil lets the database draw one from `reviewIDs`.
    public var uid: String?

    /// init: a graded answer.
    public init(cardID: Int64, rating: Rating, time: Date, duration: Int, uid: String? = nil) {
        self.cardID = cardID
        self.rating = rating
        self.time = time
        self.duration = duration
        self.uid = uid
    }
}

/// LearnerDatabase+Reviews: the review log, card updates and the saved session.
extension LearnerDatabase {
    /// record: logs a review and updates its card, and saves the session snapshot, in one
    /// transaction (an answer is kept whole or not at all).
    ///
    /// The new card state is computed from the card *as the database has it*, not from this
    /// window's copy, so a review made in another window in the meantime is built upon, never
    /// undone. A clock that went backwards is treated as "no time passed" (no negative interval).
    /// The review gets its global id here (`ReviewInput.uid`, else one from `reviewIDs`), its
    /// fuzz is drawn from that id, and its time is whole milliseconds, as stored: so a sync's
    /// replay of the log computes exactly this card. Returns the card as stored.
    @discardableResult
    public func record(_ review: ReviewInput?, scheduler: any CardScheduler, session: SessionSnapshot? = nil,
                       learnerDeck: Int64? = nil) throws -> CardRecord? {
        let snapshotText = try session.map(SessionSnapshot.encode)
        return try writer.write { db -> CardRecord? in
            var stored: CardRecord?
            if let review {
                guard let row = try Row.fetchOne(db, sql: "SELECT \(CardRecord.columns) FROM card WHERE id = ?",
                                                 arguments: [review.cardID]) else { return nil }
                var record = CardRecord(row: row, now: review.time)
                let before = record.card
                let milliseconds = Milliseconds.from(max(review.time, before.lastReview ?? review.time))
                let time = Milliseconds.date(milliseconds)
                let uid = try review.uid ?? unusedReviewID(db)
                let after = scheduler.review(before, rating: review.rating, at: time, fuzzSeed: ReviewID.fuzzSeed(uid))
                try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration, uid) VALUES (?, ?, ?, ?, ?, ?)",
                               arguments: [review.cardID, milliseconds, review.rating.rawValue, before.state.rawValue, max(0, review.duration),
                                          ReviewID.blob(uid)])
                try db.execute(sql: """
                    UPDATE card SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ?, reps = ?, lapses = ?,
                        introduced = COALESCE(introduced, ?) WHERE id = ?
                    """, arguments: [after.state.rawValue, after.step, after.stability, after.difficulty, Milliseconds.from(after.due),
                                     after.lastReview.map(Milliseconds.from), after.reps, after.lapses, milliseconds, review.cardID])
                record.card = after
                record.introduced = record.introduced ?? Milliseconds.date(milliseconds)
                stored = record
            }
            if let learnerDeck {
                if let snapshotText {
                    try db.execute(sql: "INSERT OR REPLACE INTO session (learner_deck, snapshot) VALUES (?, ?)",
                                   arguments: [learnerDeck, snapshotText])
                } else {
                    try db.execute(sql: "DELETE FROM session WHERE learner_deck = ?", arguments: [learnerDeck])
                }
            }
            return stored
        }
    }

    /// unusedReviewID: a fresh id from `reviewIDs` that no review (kept or undone) has — a seeded
    /// source replays the same ids in a second run on the same folder, which are skipped.
    func unusedReviewID(_ db: Database) throws -> String {
        while true {
            let uid = reviewIDs.next()
            let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM review WHERE uid = ?) OR EXISTS (SELECT 1 FROM review_tombstone WHERE uid = ?)",
                                          arguments: [ReviewID.blob(uid), ReviewID.blob(uid)]) ?? false
            if !taken { return uid }
        }
    }

    /// session: the saved session in progress for (learner, deck), if any and readable.
    public func session(learnerDeck: Int64) throws -> SessionSnapshot? {
        let text = try writer.read { db in
            try String.fetchOne(db, sql: "SELECT snapshot FROM session WHERE learner_deck = ?", arguments: [learnerDeck])
        }
        // A snapshot this Kuchi cannot read (a newer format) is ignored: a fresh session starts.
        return text.flatMap { try? SessionSnapshot.decode($0) }
    }

    /// introducedCount: cards of (learner, deck) first reviewed at or after `since` — today's
    /// new words, once `since` is the start of the study day.
    public func introducedCount(learnerDeck: Int64, since: Date) throws -> Int {
        try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card WHERE learner_deck = ? AND introduced >= ?",
                             arguments: [learnerDeck, Milliseconds.from(since)]) ?? 0
        }
    }
}
