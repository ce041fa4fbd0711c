import Foundation
import GRDB
import KuchiMemory

/// ReviewLog: the one write path of the review log. An answer, an undo, a sync's received
/// reviews and undos, its replay, a busy-time save and `kuchi-bench make-history` all change
/// `review` rows through `write` and nothing else; Forget deletes a learner's whole log by the
/// statement `LearnerSchema.learnerRows` declares (`LearnerTables`), with no tombstone.
///
/// Every row is written with its global id (`ReviewID`): no Kuchi path leaves it to the
/// schema's `randomblob` default, which would give a live card a fuzz its replay cannot draw.
/// What is derived from the log follows each write inside the same transaction: the
/// `review_slot` summary by its insert, update and delete triggers (v2, v4, v11); an undo's
/// tombstone and outbox row by `.remove` itself (v11: triggers wrote them for a forget too).
/// `SummaryInvariant` checks that they equal the log after every kind of write.
public enum ReviewLog {
    /// Entry: one review as the log stores it.
    public struct Entry: Equatable, Sendable {
        /// card: the card row reviewed.
        public var card: Int64
        /// time: ms since 1970 (UTC).
        public var time: Int64
        /// rating: Again … Easy.
        public var rating: Rating
        /// state: the card's state before the review.
        public var state: CardState
        /// duration: ms from the word being shown to the answer (never negative).
        public var duration: Int
        /// uid: the review's global id (32 hex digits).
        public var uid: String

        /// init: a review of `card`.
        public init(card: Int64, time: Int64, rating: Rating, state: CardState, duration: Int, uid: String) {
            self.card = card
            self.time = time
            self.rating = rating
            self.state = state
            self.duration = duration
            self.uid = uid
        }
    }

    /// Change: the kinds of write the log knows.
    public enum Change: Sendable {
        /// add: a new review; an id already in the log is left alone (a sync receiving it twice).
        case add(Entry)
        /// remove: the review with this id is taken back (an undo, here or received); its
        /// tombstone is kept so the undo travels.
        case remove(uid: String)
        /// revise: another copy of this review (by id) won `SyncMerge`'s tie: its card, time,
        /// rating and duration replace this row's (its state is left to the replay).
        case revise(Entry)
        /// restate: a replay found the card's state before review `id` to be `state`.
        case restate(id: Int64, state: CardState)
    }

    /// write: applies one change; returns the rows it touched (for `.add`, 1 when the row is
    /// new; its row id is then `db.lastInsertedRowID`).
    @discardableResult
    public static func write(_ change: Change, in db: Database) throws -> Int {
        switch change {
        case .add(let entry):
            try db.cachedStatement(sql: """
                INSERT INTO review (card, time, rating, state, duration, uid) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO NOTHING
                """).execute(arguments: [entry.card, entry.time, entry.rating.rawValue, entry.state.rawValue, max(0, entry.duration),
                                         ReviewID.blob(entry.uid)])
        case .remove(let uid):
            let blob = ReviewID.blob(uid)
            guard let card = try Int64.fetchOne(db.cachedStatement(sql: "SELECT card FROM review WHERE uid = ?"), arguments: [blob])
            else { return 0 }
            try db.cachedStatement(sql: "DELETE FROM review WHERE uid = ?").execute(arguments: [blob])
            let removed = db.changesCount
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO review_tombstone (uid, card, time)
                VALUES (?, ?, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
                """).execute(arguments: [blob, card])
            try queueUndo(blob, in: db)
            return removed
        case .revise(let entry):
            try db.cachedStatement(sql: "UPDATE review SET card = ?, time = ?, rating = ?, duration = ? WHERE uid = ?")
                .execute(arguments: [entry.card, entry.time, entry.rating.rawValue, max(0, entry.duration), ReviewID.blob(entry.uid)])
        case .restate(let id, let state):
            try db.cachedStatement(sql: "UPDATE review SET state = ? WHERE id = ? AND state != ?")
                .execute(arguments: [state.rawValue, id, state.rawValue])
        }
        return db.changesCount
    }

    /// queueUndo: once this data folder has synced, an undo waits to be sent — unless its review
    /// never left (still waiting itself): then it just stops waiting.
    private static func queueUndo(_ blob: Data, in db: Database) throws {
        guard try SyncMetaTable.isOutboxKept(db) else { return }
        try SyncOutboxTable.dropReview(db, uid: blob)
        if db.changesCount == 0 { try SyncOutboxTable.queueUndo(db, uid: blob) }
    }

    /// uid: the id of review row `id`, nil when there is none.
    package static func uid(ofRow id: Int64, in db: Database) throws -> String? {
        try Data.fetchOne(db, sql: "SELECT uid FROM review WHERE id = ?", arguments: [id]).map(ReviewID.text)
    }
}
