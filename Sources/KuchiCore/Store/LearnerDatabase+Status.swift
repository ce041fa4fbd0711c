import Foundation
import GRDB

/// LearnerDatabase+Status: the learner's standing for Welcome and `kuchi due`.
extension LearnerDatabase {
    /// status: the learner's standing over all their decks, in one query (fast enough for a
    /// shell prompt: `kuchi due`).
    ///
    /// The query reads the card table in file order (`+learner_deck` keeps SQLite off the
    /// `card_due` index): every card of the learner is visited either way, and through the index
    /// each one costs a lookup of its row — 5.2 ms instead of 2.0 ms of CPU for 10k cards after
    /// a year of reviews (benchmarks, `kuchi-bench startup-parts`).
    public func status(learner: UUID, now: Date = Date(), day: StudyDay = StudyDay(),
                       newWordLimit: Int = StudyQueue.defaultNewWordLimit) throws -> StudyStatus {
        try writer.read { db in
            let nowMs = Milliseconds.from(now)
            let row = try Row.fetchOne(db, sql: """
                SELECT COALESCE(SUM(state != 0 AND due <= :now), 0),
                       COALESCE(SUM(state = 0), 0),
                       COALESCE(SUM(introduced >= :today), 0),
                       MIN(CASE WHEN state != 0 AND due > :now THEN due END)
                FROM card WHERE +learner_deck IN (SELECT id FROM learner_deck WHERE learner = :learner)
                """, arguments: ["now": nowMs, "today": Milliseconds.from(day.start(of: now)),
                                 "learner": learner.uuidString.lowercased()])
            guard let row else { return StudyStatus(dueNow: 0, newAvailable: 0, nextReview: nil) }
            let newLeft: Int = row[1]
            let introducedToday: Int = row[2]
            let next: Int64? = row[3]
            return StudyStatus(dueNow: row[0], newAvailable: max(0, min(newLeft, newWordLimit - introducedToday)),
                               nextReview: next.map(Milliseconds.date))
        }
    }

    /// hasCards: whether the learner has any card yet (none before their first session).
    public func hasCards(learner: UUID) throws -> Bool {
        try writer.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM card WHERE learner_deck IN (SELECT id FROM learner_deck WHERE learner = ?))
                """, arguments: [learner.uuidString.lowercased()]) ?? false
        }
    }
}
