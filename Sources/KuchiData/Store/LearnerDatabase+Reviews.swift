import Foundation
import GRDB
import KuchiMemory

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
    /// uid: the review's global id (its interval fuzz is seeded from it); nil lets the database
    /// draw one from `reviewIDs`.
    public var uid: String?
    /// computed: the card as the caller already scheduled it (`basis` → `after`, fuzz seeded
    /// from `uid`); the store keeps it when the row still holds `basis`, so FSRS runs once per
    /// answer.
    public var computed: (basis: FSRSCard, after: FSRSCard)?

    /// init: a graded answer.
    public init(cardID: Int64, rating: Rating, time: Date, duration: Int, uid: String? = nil,
                computed: (basis: FSRSCard, after: FSRSCard)? = nil) {
        self.cardID = cardID
        self.rating = rating
        self.time = time
        self.duration = duration
        self.uid = uid
        self.computed = computed
    }

    public static func == (lhs: ReviewInput, rhs: ReviewInput) -> Bool {
        lhs.cardID == rhs.cardID && lhs.rating == rhs.rating && lhs.time == rhs.time && lhs.duration == rhs.duration
            && lhs.uid == rhs.uid && lhs.computed?.basis == rhs.computed?.basis && lhs.computed?.after == rhs.computed?.after
    }
}

/// RecordedReview: an answer as the store kept it — the review row and id, the card before and
/// after — what undo needs to take it back.
public struct RecordedReview: Equatable, Sendable {
    /// reviewID: the review row.
    public let reviewID: Int64
    /// uid: the review's global id (an undo deletes it by this id and keeps its tombstone).
    public let uid: String
    /// before: the card row before the review.
    public let before: CardRecord
    /// after: the card as stored.
    public let after: CardRecord
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
        try recordReview(review, scheduler: scheduler, session: session, learnerDeck: learnerDeck)?.after
    }

    /// recordReview: `record`, returning what undo needs (the review row and the card before).
    public func recordReview(_ review: ReviewInput?, scheduler: any CardScheduler, session: SessionSnapshot? = nil,
                             learnerDeck: Int64? = nil) throws -> RecordedReview? {
        let snapshotText = try session.map(SessionSnapshot.encode)
        return try apply(.answer(LearnerChange.Answer(review: review, scheduler: scheduler, snapshotText: snapshotText,
                                                      learnerDeck: learnerDeck)), now: review?.time ?? Date()).recorded
    }

    /// recordReview(in:): the answer's writes inside a transaction — the one place an answer is
    /// logged, live or replayed by a busy-time save.
    ///
    /// When the caller scheduled the card already (`review.computed`) and the row still holds
    /// the card it scheduled from, that result is stored as it is: FSRS runs once per answer and
    /// the card the queue holds is the card stored. Otherwise (another window reviewed it in the
    /// meantime) the card is scheduled here from the row, with the same fuzz seed.
    package static func recordReview(in db: Database, _ review: ReviewInput?, scheduler: any CardScheduler, snapshotText: String?,
                             learnerDeck: Int64?, ids: ReviewIDSource) throws -> RecordedReview? {
        var recorded: RecordedReview?
        if let review {
            guard let row = try Row.fetchOne(db, sql: "SELECT \(CardRecord.columns) FROM card WHERE id = ?",
                                             arguments: [review.cardID]) else { return nil }
            let stored = CardRecord(row: row, now: review.time)
            var record = stored
            let before = record.card
            let milliseconds = Milliseconds.from(max(review.time, before.lastReview ?? review.time))
            let time = Milliseconds.date(milliseconds)
            // The caller's id and card are kept unless the id is taken (a seeded run again)
            // or another window changed the card: then a fresh id, and FSRS runs here.
            let given = try review.uid.flatMap { uid in try isUnused(db, uid) ? uid : nil }
            let uid = try given ?? unusedReviewID(db, from: ids)
            let after: FSRSCard
            if given != nil, let computed = review.computed, record.hasSameMemory(as: computed.basis) {
                after = computed.after
            } else {
                after = scheduler.review(before, rating: review.rating, at: time, fuzzSeed: ReviewID.fuzzSeed(uid))
            }
            try ReviewLog.write(.add(ReviewLog.Entry(card: review.cardID, time: milliseconds, rating: review.rating, state: before.state,
                                                     duration: review.duration, uid: uid)), in: db)
            let reviewID = db.lastInsertedRowID
            try CardMemory(after, introduced: record.introduced.map(Milliseconds.from) ?? milliseconds).write(db, card: review.cardID)
            record.card = after
            record.introduced = record.introduced ?? Milliseconds.date(milliseconds)
            recorded = RecordedReview(reviewID: reviewID, uid: uid, before: stored, after: record)
        }
        try saveSession(db, snapshotText, learnerDeck: learnerDeck)
        return recorded
    }

    /// undo: takes back a recorded review — deletes its row (its tombstone kept) and puts the
    /// card row back as it was — with the session snapshot, in one transaction. False (nothing
    /// changed) when the card has been reviewed again since (another window): that answer is not
    /// this one to undo.
    public func undo(_ recorded: RecordedReview, session: SessionSnapshot?, learnerDeck: Int64?) throws -> Bool {
        let snapshotText = try session.map(SessionSnapshot.encode)
        return try apply(.undo(LearnerChange.Undo(recorded: recorded, snapshotText: snapshotText, learnerDeck: learnerDeck))).changed
    }

    /// replace: "I was right" (F5): takes back `undone` and records `review` in ONE transaction,
    /// as `undo` then `recordReview` would one after the other — the log never holds the Again
    /// without the Good or neither, whatever stops the process. When the card was reviewed again
    /// since (another window), the Again stays and the Good is recorded after what came since.
    public func replace(_ undone: RecordedReview, with review: ReviewInput?, scheduler: any CardScheduler, session: SessionSnapshot?,
                        learnerDeck: Int64?) throws -> RecordedReview? {
        let snapshotText = try session.map(SessionSnapshot.encode)
        return try apply(.overrule(LearnerChange.Undo(recorded: undone, snapshotText: snapshotText, learnerDeck: learnerDeck),
                                   LearnerChange.Answer(review: review, scheduler: scheduler, snapshotText: snapshotText, learnerDeck: learnerDeck)),
                         now: review?.time ?? Date()).recorded
    }

    /// undoReview(in:): the undo's writes inside a transaction, live or replayed.
    package static func undoReview(in db: Database, _ recorded: RecordedReview, snapshotText: String?, learnerDeck: Int64?) throws -> Bool {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(CardRecord.columns) FROM card WHERE id = ?",
                                         arguments: [recorded.after.id]) else { return false }
        let current = CardRecord(row: row, now: recorded.after.card.due)
        guard current.hasSameMemory(as: recorded.after.card), try ReviewLog.uid(ofRow: recorded.reviewID, in: db) == recorded.uid
        else { return false }
        let before = recorded.before
        try ReviewLog.write(.remove(uid: recorded.uid), in: db)
        try CardMemory(before.card, introduced: before.introduced.map(Milliseconds.from), dueWhenNew: false).write(db, card: before.id)
        try saveSession(db, snapshotText, learnerDeck: learnerDeck)
        return true
    }

    /// saveSession: writes (or, for nil, deletes) the session snapshot of a learner deck.
    package static func saveSession(_ db: Database, _ snapshotText: String?, learnerDeck: Int64?) throws {
        guard let learnerDeck else { return }
        if let snapshotText {
            try db.execute(sql: "INSERT OR REPLACE INTO session (learner_deck, snapshot) VALUES (?, ?)",
                           arguments: [learnerDeck, snapshotText])
        } else {
            try db.execute(sql: "DELETE FROM session WHERE learner_deck = ?", arguments: [learnerDeck])
        }
    }

    /// isUnused: no review (nor tombstone) has this id yet.
    package static func isUnused(_ db: Database, _ uid: String) throws -> Bool {
        guard ReviewID.isValid(uid) else { return false }
        let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM review WHERE uid = ?) OR EXISTS (SELECT 1 FROM review_tombstone WHERE uid = ?)",
                                      arguments: [ReviewID.blob(uid), ReviewID.blob(uid)]) ?? false
        return !taken
    }

    /// unusedReviewID: a fresh id from `ids` that no review (kept or undone) has — a seeded
    /// source replays the same ids in a second run on the same folder, which are skipped.
    package static func unusedReviewID(_ db: Database, from ids: ReviewIDSource) throws -> String {
        while true {
            let uid = ids.next()
            if try isUnused(db, uid) { return uid }
        }
    }

    /// unusedReviewID: a fresh id from this database's `reviewIDs`.
    package func unusedReviewID(_ db: Database) throws -> String {
        try Self.unusedReviewID(db, from: reviewIDs)
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
