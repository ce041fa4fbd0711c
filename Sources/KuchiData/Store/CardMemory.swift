import Foundation
import GRDB
import KuchiMemory

/// CardMemory: a card's memory as its row holds it — FSRS's state, step, stability, difficulty,
/// due date, last review, reps and lapses, and when it was introduced — and the one statement
/// that writes it. An answer, an undo, a sync's replay and `kuchi-bench make-history` all write
/// a card's memory through `write`, so the nine columns are named in one place.
package struct CardMemory: Equatable {
    package var state: Int
    package var step: Int?
    package var stability: Double?
    package var difficulty: Double?
    /// due, lastReview, introduced: ms since 1970 (UTC).
    package var due: Int64?
    package var lastReview: Int64?
    package var reps: Int
    package var lapses: Int
    package var introduced: Int64?

    /// init: every column.
    package init(state: Int, step: Int?, stability: Double?, difficulty: Double?, due: Int64?, lastReview: Int64?, reps: Int, lapses: Int,
                 introduced: Int64?) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
        self.reps = reps
        self.lapses = lapses
        self.introduced = introduced
    }

    /// init: `card` as stored; a new card keeps no due date when `dueWhenNew` is false (an undo
    /// back to New: the card is dealt as new words are, not by a date).
    package init(_ card: FSRSCard, introduced: Int64?, dueWhenNew: Bool = true) {
        self.init(state: card.state.rawValue, step: card.step, stability: card.stability, difficulty: card.difficulty,
                  due: card.state == .new && !dueWhenNew ? nil : Milliseconds.from(card.due), lastReview: card.lastReview.map(Milliseconds.from),
                  reps: card.reps, lapses: card.lapses, introduced: introduced)
    }

    /// write: the memory into card row `id` (a cached statement: a replay writes thousands).
    package func write(_ db: Database, card id: Int64) throws {
        try db.cachedStatement(sql: """
            UPDATE card SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ?, reps = ?, lapses = ?, introduced = ?
            WHERE id = ?
            """).execute(arguments: [state, step, stability, difficulty, due, lastReview, reps, lapses, introduced, id])
    }
}
