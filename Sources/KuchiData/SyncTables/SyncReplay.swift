import Foundation
import GRDB
import KuchiMemory

/// SyncReplay: each card's state is its whole review log, in time order (then by review id),
/// replayed through the learner's FSRS from a new card, with each review's fuzz drawn from its
/// id. The same log gives the same card on every machine, whatever order the reviews arrived
/// in, and replaying twice changes nothing — the merge is this function of the union of reviews.
/// The learner's weight and retention changes (`ParameterTimeline`) are applied at their place
/// in each card's log: from a change on, its scheduler schedules; at a weight change the card's
/// memory is recomputed from its whole history with the new weights (its due date kept unless
/// the change rescheduled) — so a replay schedules each review as the live answer did.
package enum SyncReplay {
    /// replay: recomputes every card of `learner` (or only `cards`, those whose log changed) and
    /// each review's state-before from the log; returns how many cards changed. `keepDue` (a
    /// weight change just made here without rescheduling) keeps each card's stored due date
    /// through the timeline's last change, even where an older answer's replay would differ (a
    /// retention changed since).
    package static func replay(_ db: Database, learner: UUID, scheduler: any CardScheduler, cards only: Set<Int64>? = nil) throws -> Int {
        try replay(db, learner: learner, timeline: ParameterTimeline(changes: [], events: [], base: scheduler, fingerprint: ""), cards: only)
    }

    /// replay: the same with the learner's timeline of weight and retention changes. `started`
    /// is told how many of the changed cards had never been reviewed here (their first reviews
    /// arrived: studied on another machine, not rescheduled).
    package static func replay(_ db: Database, learner: UUID, timeline: ParameterTimeline, keepDue: Bool = false,
                       cards only: Set<Int64>? = nil, started: ((Int) -> Void)? = nil) throws -> Int {
        let scheduler = timeline.base
        let key = learner.uuidString.lowercased()
        var filter = ""
        if let only {
            guard !only.isEmpty else { return 0 }
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS sync_replayed (card INTEGER PRIMARY KEY); DELETE FROM sync_replayed")
            let insert = try db.makeStatement(sql: "INSERT OR IGNORE INTO sync_replayed (card) VALUES (?)")
            for card in only { try insert.execute(arguments: [card]) }
            filter = " AND c.id IN (SELECT card FROM sync_replayed)"
        }
        var stored: [Int64: CardMemory] = [:]
        let cards = try Row.fetchCursor(db, sql: """
            SELECT c.id, c.state, c.step, c.stability, c.difficulty, c.due, c.last_review, c.reps, c.lapses, c.introduced
            FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?\(filter)
            """, arguments: [key])
        while let row = try cards.next() {
            stored[row["id"]] = CardMemory(state: row["state"], step: row["step"], stability: row["stability"], difficulty: row["difficulty"],
                                       due: row["due"], lastReview: row["last_review"], reps: row["reps"], lapses: row["lapses"],
                                       introduced: row["introduced"])
        }
        // Card by card, each log streamed from the `review_card` index: memory holds one card's
        // reviews, however many the folder brought (a 150 MiB batch must not be held whole).
        var changed = 0
        var firstHere = 0
        defer { started?(firstHere) }
        let log = try db.makeStatement(sql: "SELECT id, time, rating, state, uid FROM review WHERE card = ? ORDER BY time, uid")
        for (cardID, old) in stored {
            var current: CardReplay?
            var restated: [(id: Int64, state: Int)] = []
            let reviews = try Row.fetchCursor(log, arguments: [cardID])
            while let row = try reviews.next() {
                let time: Int64 = row[1]
                if current == nil {
                    current = CardReplay(card: cardID, introduced: time, base: scheduler, timeline: timeline, storedDue: keepDue ? old.due : nil)
                }
                guard let rating = Rating(rawValue: row[2]) else { continue }
                let before = current?.stateBefore(time) ?? 0
                if (row[3] as Int) != before { restated.append((row[0], before)) }
                current?.review(rating: rating, time: time, uid: ReviewID.text(row[4] ?? Data()))
            }
            // Written once the card's log is read (never into the rows a cursor is reading).
            for (id, state) in restated { try ReviewLog.write(.restate(id: id, state: CardState(rawValue: state) ?? .new), in: db) }
            // A card left with no reviews (every one undone) is new again.
            let new = current.map { replay in
                var replay = replay
                return Self.stored(replay.finished(), introduced: replay.introduced)
            } ?? CardMemory(state: CardState.new.rawValue, step: 0, stability: nil, difficulty: nil, due: old.state == 0 ? old.due : nil,
                        lastReview: nil, reps: 0, lapses: 0, introduced: nil)
            guard new != old else { continue }
            changed += 1
            if old.reps == 0 && new.reps > 0 { firstHere += 1 }
            try new.write(db, card: cardID)
        }
        return changed
    }

    /// CardReplay: one card's replay in progress: its reviews so far and the weight changes
    /// already applied to it.
    private struct CardReplay {
        let card: Int64
        let introduced: Int64
        let base: any CardScheduler
        let timeline: ParameterTimeline
        /// storedDue: the due date the last change keeps, when it is this machine's own.
        let storedDue: Int64?
        var memory = FSRSCard(due: Date(timeIntervalSince1970: 0))
        var reviews: [(rating: Rating, time: Int64, uid: String)] = []
        /// applied: how many of the timeline's changes are behind this card.
        var applied = 0

        /// init: a card about to be replayed from its first review at `introduced`.
        init(card: Int64, introduced: Int64, base: any CardScheduler, timeline: ParameterTimeline, storedDue: Int64?) {
            self.storedDue = storedDue
            self.card = card
            self.introduced = introduced
            self.base = base
            self.timeline = timeline
            memory = FSRSCard(due: Milliseconds.date(introduced))
        }

        /// scheduler: the one in force after `applied` events.
        var scheduler: any CardScheduler { applied == 0 ? base : timeline.events[applied - 1].scheduler }

        /// stateBefore: the card's state when a review at `time` came (changes up to it applied).
        mutating func stateBefore(_ time: Int64) -> Int {
            applyChanges(through: time)
            return memory.state.rawValue
        }

        /// review: one answer, scheduled with the weights in force at its time; fuzz from its id.
        mutating func review(rating: Rating, time: Int64, uid: String) {
            applyChanges(through: time)
            let date = Milliseconds.date(time)
            memory = scheduler.review(memory, rating: rating, at: max(date, memory.lastReview ?? date), fuzzSeed: ReviewID.fuzzSeed(uid))
            reviews.append((rating, time, uid))
        }

        /// finished: the card after every change, including those after its last review.
        mutating func finished() -> FSRSCard {
            applyChanges(through: .max)
            return memory
        }

        /// applyChanges: applies the changes made up to `time`: the card's history replayed with
        /// the new weights gives its memory; its due date stays unless the change rescheduled.
        private mutating func applyChanges(through time: Int64) {
            while applied < timeline.events.count, timeline.events[applied].time <= time {
                let change = timeline.events[applied]
                let scheduler = change.scheduler
                applied += 1
                // A retention change schedules what comes after it; the memory stays.
                guard change.recompute, !reviews.isEmpty else { continue }
                var again = FSRSCard(due: Milliseconds.date(introduced))
                for review in reviews {
                    let date = Milliseconds.date(review.time)
                    again = scheduler.review(again, rating: review.rating, at: max(date, again.lastReview ?? date),
                                             fuzzSeed: ReviewID.fuzzSeed(review.uid))
                }
                if !change.rescheduled {
                    let last = !timeline.events[applied...].contains(where: \.recompute)
                    again.due = last ? storedDue.map(Milliseconds.date) ?? memory.due : memory.due
                }
                memory = again
            }
        }
    }

    /// stored: a replayed card as its row.
    private static func stored(_ card: FSRSCard, introduced: Int64) -> CardMemory {
        CardMemory(card, introduced: introduced)
    }
}
