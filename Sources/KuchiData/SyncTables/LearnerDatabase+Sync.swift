import Foundation
import GRDB
import KuchiMemory
import KuchiDeck

/// LearnerDatabase+Sync: what a sync reads from and writes to the learner database — all inside
/// the one transaction `SyncService` opens (a `--status` run rolls it back).
extension LearnerDatabase {
    /// machineID: this data folder's machine id, made (from `reviewIDs`) on first use when
    /// `create`; nil when there is none and none may be made.
    package static func machineID(_ db: Database, create: Bool, source: ReviewIDSource) throws -> String? {
        if let id = try SyncMetaTable.machine(db) { return id }
        guard create else { return nil }
        let id = source.next()
        try SyncMetaTable.setMachine(db, id)
        return id
    }

    /// syncReviews: every review of `learner`, as it travels (what tests compare machines by).
    package static func syncReviews(_ db: Database, learner: UUID) throws -> [SyncReview] {
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

    /// syncedFields: each profile field's value at `learner`'s last sync by a Kuchi older than the
    /// settings log (read once, to carry a profile over: `carryOver`).
    package static func syncedFields(_ db: Database, learner: UUID) throws -> [ProfileField: String] {
        var values: [ProfileField: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT field, value FROM sync_field WHERE learner = ?", arguments: [learner.uuidString.lowercased()]) {
            if let field = ProfileField(rawValue: row[0]) { values[field] = row[1] }
        }
        return values
    }
}

/// SyncCards: the card rows of travelling reviews, found by identity (created New when
/// missing), each looked up once per sync.
package struct SyncCards {
    package let learner: UUID
    private var known: [String: Int64] = [:]

    /// init: the cards of `learner`.
    package init(learner: UUID) {
        self.learner = learner
    }

    /// id: the row of `review`'s card.
    package mutating func id(of review: SyncReview, in db: Database) throws -> Int64 {
        let key = [review.deck, review.question, review.reading, review.direction.rawValue].joined(separator: "\u{1F}")
        if let id = known[key] { return id }
        // A batch naming a million cards must not hold them all here: the cache starts over.
        if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
        let learnerDeck = try LearnerDatabase.learnerDeckID(db, learner: learner, deck: review.deck)
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)")
            .execute(arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue, review.answer])
        let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?"),
                                    arguments: [learnerDeck, review.question, review.reading, review.direction.rawValue]) ?? 0
        known[key] = id
        return id
    }
}

extension LearnerDatabase {
    /// changesWritten: the rows this process's connection has written since it opened (SQLite's
    /// `total_changes()`): a setting, a suspension or an answer made here moves it; a sync (its
    /// own connection) or another process does not.
    public func changesWritten() -> Int {
        (try? writer.read { db in try Int.fetchOne(db, sql: "SELECT total_changes()") }) ?? 0
    }
}
