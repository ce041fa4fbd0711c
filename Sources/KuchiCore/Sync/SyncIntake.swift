import Foundation
import GRDB

/// SyncIntake: records from the folder applied to the learner database as they stream in, inside
/// the sync's one transaction — so memory holds one chunk of records, not the folder.
///
/// A review is inserted unless its id is already here or undone (the unique index and the
/// tombstones deduplicate: a conflict copy or a folded batch adds nothing); one dated after the
/// receiver's tomorrow is kept aside (`sync_later`) until its time comes. An undo deletes its
/// review, or is remembered as a tombstone when the review has not arrived yet. Whatever the
/// folder holds stops waiting in this machine's outbox. Settings and decks go to `merge`.
final class SyncIntake {
    private let db: Database
    private let learner: UUID
    private let machine: String
    /// latest: reviews after this (ms, the receiver's now + 1 day) are kept aside.
    let latest: Int64
    /// merge: the settings and decks read.
    var merge = SyncMerge()
    /// received: reviews and undos that changed this database.
    private(set) var received = 0
    /// contributors: machines whose records changed something.
    private(set) var contributors: Set<String> = []
    /// touched: cards whose log changed (the replay recomputes only these, unless all).
    private(set) var touched: Set<Int64> = []
    /// keptAside: reviews put aside for being dated in the future, this sync.
    private(set) var keptAside = 0
    private var cardIDs: [String: Int64] = [:]

    /// day: one day in ms, the grace a review's time gets over the receiver's clock.
    static let day: Int64 = 86_400_000

    /// init: an intake for `learner`'s records, received by `machine` at `now` (ms).
    init(_ db: Database, learner: UUID, machine: String, now: Int64) {
        self.db = db
        self.learner = learner
        self.machine = machine
        latest = now + Self.day
    }

    /// take: applies a chunk of records.
    func take(_ entries: [SyncFolder.Entry]) throws {
        for entry in entries {
            switch entry.record {
            case .review(let review): try take(review, from: entry.machine)
            case .undo(let uid): try undo(uid, from: entry.machine)
            case .setting, .deck, .forget: merge.add(entry)
            }
        }
    }

    /// take: one review: inserted, kept aside, or already known — and no longer waiting to be sent.
    private func take(_ review: SyncReview, from source: String) throws {
        let blob = ReviewID.blob(review.uid)
        try place(review, blob: blob, from: source)
        // After the insert: its trigger queues every new review, received ones included.
        try db.cachedStatement(sql: "DELETE FROM sync_outbox WHERE uid = ? AND kind = 0").execute(arguments: [blob])
    }

    /// place: a review inserted, or kept aside when dated after tomorrow, or skipped when known.
    private func place(_ review: SyncReview, blob: Data, from source: String) throws {
        if review.time > latest {
            try LearnerDatabase.keepLater(db, learner: learner, review: review, machine: source)
            keptAside += 1
            return
        }
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM review_tombstone WHERE uid = ?"), arguments: [blob]) != true else { return }
        let card = try cardID(review)
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO review (card, time, rating, state, duration, uid) VALUES (?, ?, ?, 0, ?, ?)")
            .execute(arguments: [card, review.time, review.rating.rawValue, review.duration, blob])
        guard db.changesCount > 0 else { return }
        received += 1
        contributors.insert(source)
        touched.insert(card)
    }

    /// undo: one undo: its review deleted here, or remembered for when it arrives.
    private func undo(_ uid: String, from source: String) throws {
        let blob = ReviewID.blob(uid)
        let found = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT r.id, r.card FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE r.uid = ? AND d.learner = ?
            """), arguments: [blob, learner.uuidString.lowercased()])
        if let found {
            try db.cachedStatement(sql: "DELETE FROM review WHERE id = ?").execute(arguments: [found[0] as Int64])
            received += 1
            contributors.insert(source)
            touched.insert(found[1])
        } else {
            // Card 0 is no card: a tombstone that only stops the review coming in later.
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO review_tombstone (uid, card, time) VALUES (?, 0, ?)")
                .execute(arguments: [blob, latest - Self.day])
        }
        try db.cachedStatement(sql: "DELETE FROM sync_later WHERE uid = ?").execute(arguments: [blob])
        try db.cachedStatement(sql: "DELETE FROM sync_outbox WHERE uid = ? AND kind = 1").execute(arguments: [blob])
    }

    /// cardID: the card a review is of, created (New) when this machine has never seen it.
    private func cardID(_ review: SyncReview) throws -> Int64 {
        let key = [review.deck, review.question, review.reading, review.direction.rawValue].joined(separator: "\u{1F}")
        if let known = cardIDs[key] { return known }
        let learnerDeck = try LearnerDatabase.learnerDeckID(db, learner: learner, deck: review.deck)
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)")
            .execute(arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue, review.answer])
        let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?"),
                                    arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue]) ?? 0
        cardIDs[key] = id
        return id
    }
}
