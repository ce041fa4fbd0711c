import Foundation
import GRDB

/// LearnerDatabase+Sync: what a sync reads from and writes to the learner database — all inside
/// the one transaction `SyncService` opens (a `--status` run rolls it back).
extension LearnerDatabase {
    /// machineID: this data folder's machine id, made (from `reviewIDs`) on first use when
    /// `create`; nil when there is none and none may be made.
    static func machineID(_ db: Database, create: Bool, source: ReviewIDSource) throws -> String? {
        if let id = try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = 'machine'") { return id }
        guard create else { return nil }
        let id = source.next()
        try db.execute(sql: "INSERT INTO sync_meta (key, value) VALUES ('machine', ?)", arguments: [id])
        return id
    }

    /// syncReviews: every review of `learner`, as it travels.
    static func syncReviews(_ db: Database, learner: UUID) throws -> [SyncReview] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT r.uid, d.deck, c.question, c.reading, c.direction, c.answer, r.time, r.rating, r.duration
            FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ? AND r.uid IS NOT NULL ORDER BY r.time, r.uid
            """, arguments: [learner.uuidString.lowercased()])
        return rows.compactMap { row in
            guard let direction = StudyDirection(rawValue: row[4]), let rating = Rating(rawValue: row[7]) else { return nil }
            return SyncReview(uid: ReviewID.text(row[0]), deck: row[1], question: row[2], reading: row[3], direction: direction, answer: row[5],
                              time: row[6], rating: rating, duration: row[8])
        }
    }

    /// syncUndos: the ids of `learner`'s undone reviews (tombstones of cards still here).
    static func syncUndos(_ db: Database, learner: UUID) throws -> Set<String> {
        Set(try Data.fetchAll(db, sql: """
            SELECT t.uid FROM review_tombstone t JOIN card c ON c.id = t.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ?
            """, arguments: [learner.uuidString.lowercased()]).map(ReviewID.text))
    }

    /// allTombstones: every undone review id in this database, whoever's.
    static func allTombstones(_ db: Database) throws -> Set<String> {
        Set(try Data.fetchAll(db, sql: "SELECT uid FROM review_tombstone").map(ReviewID.text))
    }

    /// applyUndos: deletes `learner`'s reviews with these ids (tombstones kept); returns how
    /// many there were.
    static func applyUndos(_ db: Database, learner: UUID, uids: Set<String>) throws -> Int {
        var deleted = 0
        for uid in uids.sorted() where try isLearners(uid, learner: learner, in: db) {
            deleted += try ReviewLog.write(.remove(uid: uid), in: db)
        }
        return deleted
    }

    /// isLearners: whether review `uid` is one of `learner`'s.
    private static func isLearners(_ uid: String, learner: UUID, in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
                           WHERE r.uid = ? AND d.learner = ?)
            """, arguments: [ReviewID.blob(uid), learner.uuidString.lowercased()]) ?? false
    }

    /// insertReviews: adds received reviews (creating their cards when missing); the card
    /// states, and each review's state-before, are left to `replay`.
    static func insertReviews(_ db: Database, learner: UUID, reviews: [SyncReview]) throws {
        var cards = SyncCards(learner: learner)
        for review in reviews {
            try ReviewLog.write(.add(ReviewLog.Entry(card: try cards.id(of: review, in: db), time: review.time, rating: review.rating,
                                                     state: .new, duration: review.duration, uid: review.uid)), in: db)
        }
    }

    /// reviseReviews: this machine's copies of these reviews lost to the folder's (`SyncMerge`):
    /// each row takes the preferred copy's card and answer; states are left to `replay`.
    static func reviseReviews(_ db: Database, learner: UUID, reviews: [SyncReview]) throws {
        var cards = SyncCards(learner: learner)
        for review in reviews {
            try ReviewLog.write(.revise(ReviewLog.Entry(card: try cards.id(of: review, in: db), time: review.time, rating: review.rating,
                                                        state: .new, duration: review.duration, uid: review.uid)), in: db)
        }
    }

    /// syncedFields: each profile field's value at `learner`'s last sync by a Kuchi older than the
    /// settings log (read once, to carry a profile over: `carryOver`).
    static func syncedFields(_ db: Database, learner: UUID) throws -> [ProfileField: String] {
        var values: [ProfileField: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT field, value FROM sync_field WHERE learner = ?", arguments: [learner.uuidString.lowercased()]) {
            if let field = ProfileField(rawValue: row[0]) { values[field] = row[1] }
        }
        return values
    }
}

/// SyncCards: the card rows of travelling reviews, found by identity (created New when
/// missing), each looked up once per sync.
struct SyncCards {
    let learner: UUID
    private var known: [String: Int64] = [:]

    /// init: the cards of `learner`.
    init(learner: UUID) {
        self.learner = learner
    }

    /// id: the row of `review`'s card.
    mutating func id(of review: SyncReview, in db: Database) throws -> Int64 {
        let key = [review.deck, review.question, review.reading, review.direction.rawValue].joined(separator: "\u{1F}")
        if let id = known[key] { return id }
        let learnerDeck = try LearnerDatabase.learnerDeckID(db, learner: learner, deck: review.deck)
        try db.execute(sql: "INSERT OR IGNORE INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)",
                       arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue, review.answer])
        let id = try Int64.fetchOne(db, sql: "SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?",
                                    arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue]) ?? 0
        known[key] = id
        return id
    }
}
