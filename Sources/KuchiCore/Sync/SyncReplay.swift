import Foundation
import GRDB

/// SyncReplay: each card's state is its whole review log, in time order (then by review id),
/// replayed through the learner's FSRS from a new card, with each review's fuzz drawn from its
/// id. The same log gives the same card on every machine, whatever order the reviews arrived
/// in, and replaying twice changes nothing — the merge is this function of the union of reviews.
enum SyncReplay {
    /// Stored: a card's row, as compared with the replay's result.
    private struct Stored: Equatable {
        var state: Int
        var step: Int?
        var stability: Double?
        var difficulty: Double?
        var due: Int64?
        var lastReview: Int64?
        var reps: Int
        var lapses: Int
        var introduced: Int64?
    }

    /// replay: recomputes every card of `learner` (or only `cards`, those whose log changed)
    /// and each review's state-before from the log; returns how many cards changed.
    static func replay(_ db: Database, learner: UUID, scheduler: any CardScheduler, cards only: Set<Int64>? = nil) throws -> Int {
        let key = learner.uuidString.lowercased()
        var filter = ""
        if let only {
            guard !only.isEmpty else { return 0 }
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS sync_replayed (card INTEGER PRIMARY KEY); DELETE FROM sync_replayed")
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO sync_replayed (card) VALUES (?)")
            for card in only { try insert.execute(arguments: [card]) }
            filter = " AND c.id IN (SELECT card FROM sync_replayed)"
        }
        var stored: [Int64: Stored] = [:]
        let cards = try Row.fetchCursor(db, sql: """
            SELECT c.id, c.state, c.step, c.stability, c.difficulty, c.due, c.last_review, c.reps, c.lapses, c.introduced
            FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?\(filter)
            """, arguments: [key])
        while let row = try cards.next() {
            stored[row["id"]] = Stored(state: row["state"], step: row["step"], stability: row["stability"], difficulty: row["difficulty"],
                                       due: row["due"], lastReview: row["last_review"], reps: row["reps"], lapses: row["lapses"],
                                       introduced: row["introduced"])
        }
        var replayed: [Int64: Stored] = [:]
        var current: (card: Int64, memory: FSRSCard, introduced: Int64)?
        let updateState = try db.makeStatement(sql: "UPDATE review SET state = ? WHERE id = ?")
        let reviews = try Row.fetchAll(db, sql: """
            SELECT r.id, r.card, r.time, r.rating, r.state, r.uid FROM review r
            JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE d.learner = ?\(filter) ORDER BY r.card, r.time, r.uid
            """, arguments: [key])
        for row in reviews {
            let cardID: Int64 = row["card"]
            let time: Int64 = row["time"]
            if current?.card != cardID {
                if let current { replayed[current.card] = Self.stored(current.memory, introduced: current.introduced) }
                current = (cardID, FSRSCard(due: Milliseconds.date(time)), time)
            }
            guard var state = current, let rating = Rating(rawValue: row["rating"]) else { continue }
            let before = state.memory.state.rawValue
            if (row["state"] as Int) != before { try updateState.execute(arguments: [before, row["id"] as Int64]) }
            let date = Milliseconds.date(time)
            let uid = ReviewID.text(row["uid"] ?? Data())
            state.memory = scheduler.review(state.memory, rating: rating, at: max(date, state.memory.lastReview ?? date),
                                            fuzzSeed: ReviewID.fuzzSeed(uid))
            current = state
        }
        if let current { replayed[current.card] = Self.stored(current.memory, introduced: current.introduced) }
        var changed = 0
        let update = try db.makeStatement(sql: """
            UPDATE card SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ?, reps = ?, lapses = ?, introduced = ?
            WHERE id = ?
            """)
        for (id, old) in stored {
            // A card left with no reviews (every one undone) is new again.
            let new = replayed[id] ?? Stored(state: CardState.new.rawValue, step: 0, stability: nil, difficulty: nil, due: old.state == 0 ? old.due : nil,
                                             lastReview: nil, reps: 0, lapses: 0, introduced: nil)
            guard new != old else { continue }
            changed += 1
            try update.execute(arguments: [new.state, new.step, new.stability, new.difficulty, new.due, new.lastReview, new.reps, new.lapses,
                                           new.introduced, id])
        }
        return changed
    }

    /// stored: a replayed card as its row.
    private static func stored(_ card: FSRSCard, introduced: Int64) -> Stored {
        Stored(state: card.state.rawValue, step: card.step, stability: card.stability, difficulty: card.difficulty,
               due: Milliseconds.from(card.due), lastReview: card.lastReview.map(Milliseconds.from), reps: card.reps, lapses: card.lapses,
               introduced: introduced)
    }
}
