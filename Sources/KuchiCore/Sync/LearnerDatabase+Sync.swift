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

    /// applyUndos: deletes `learner`'s reviews with these ids; returns how many there were.
    static func applyUndos(_ db: Database, learner: UUID, uids: Set<String>) throws -> Int {
        var deleted = 0
        let statement = try db.makeStatement(sql: """
            DELETE FROM review WHERE uid = ? AND card IN
                (SELECT c.id FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?)
            """)
        for uid in uids.sorted() {
            try statement.execute(arguments: [ReviewID.blob(uid), learner.uuidString.lowercased()])
            deleted += db.changesCount
        }
        return deleted
    }

    /// insertReviews: adds received reviews (creating their cards when missing); the card
    /// states are left to `replay`.
    static func insertReviews(_ db: Database, learner: UUID, reviews: [SyncReview]) throws {
        var cardIDs: [String: Int64] = [:]
        for review in reviews {
            let key = [review.deck, review.question, review.reading, review.direction.rawValue].joined(separator: "\u{1F}")
            let cardID: Int64
            if let known = cardIDs[key] {
                cardID = known
            } else {
                let learnerDeck = try learnerDeckID(db, learner: learner, deck: review.deck)
                try db.execute(sql: "INSERT OR IGNORE INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)",
                               arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue, review.answer])
                cardID = try Int64.fetchOne(db, sql: "SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?",
                                            arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue]) ?? 0
                cardIDs[key] = cardID
            }
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO review (card, time, rating, state, duration, uid) VALUES (?, ?, ?, 0, ?, ?)")
                .execute(arguments: [cardID, review.time, review.rating.rawValue, review.duration, ReviewID.blob(review.uid)])
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
