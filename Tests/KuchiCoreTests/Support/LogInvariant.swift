import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// LogInvariant: "what is derived equals the log" — every figure the store keeps beside the
/// review log, recomputed straight from the `review` rows and compared:
/// - `review_slot`, the Stats summary, row for row; `card_tally`, the cards' counts, likewise;
/// - every review has its id (no path left it to the schema's `randomblob` default);
/// - every card, and each review's state-before, are what replaying the card's log gives
///   (`SyncReplay`, fuzz from each review's id) — checked in a transaction rolled back.
enum LogInvariant {
    /// SlotRow: one summary row.
    struct SlotRow: Hashable, CustomStringConvertible {
        var learnerDeck: Int64, slot: Int64, reviews: Int, passed: Int, duration: Int, reviewState: Int, reviewStatePassed: Int

        var description: String {
            "deck \(learnerDeck) slot \(slot): \(reviews) reviews, \(passed) passed, \(duration) ms, \(reviewState) in Review, \(reviewStatePassed) of them passed"
        }
    }

    /// summary: the stored `review_slot` rows.
    static func summary(_ db: Database) throws -> Set<SlotRow> {
        Set(try Row.fetchAll(db, sql: "SELECT * FROM review_slot").map(slotRow))
    }

    /// recomputed: the summary as the log gives it.
    static func recomputed(_ db: Database) throws -> Set<SlotRow> {
        Set(try Row.fetchAll(db, sql: """
            SELECT c.learner_deck, r.time / 900000 AS slot, COUNT(*) AS reviews, SUM(r.rating > 1) AS passed, SUM(r.duration) AS duration,
                   SUM(r.state = 2) AS review_state, SUM(r.state = 2 AND r.rating > 1) AS review_state_passed
            FROM review r JOIN card c ON c.id = r.card GROUP BY 1, 2
            """).map(slotRow))
    }

    /// slotRow: a row of either query.
    private static func slotRow(_ row: Row) -> SlotRow {
        SlotRow(learnerDeck: row["learner_deck"], slot: row["slot"], reviews: row["reviews"], passed: row["passed"],
                duration: row["duration"], reviewState: row["review_state"], reviewStatePassed: row["review_state_passed"])
    }

    /// check: records an issue for every derived figure that differs from the log; `learners`
    /// whose cards are replayed with `scheduler` (the learner's retention).
    static func check(_ database: LearnerDatabase, learners: [UUID], scheduler: FSRSScheduler = FSRSScheduler(),
                      _ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(database.writer, learners: learners, scheduler: scheduler, context, sourceLocation: sourceLocation)
    }

    /// check: the same on any connection (a file the test opened itself).
    static func check(_ writer: some DatabaseWriter, learners: [UUID], scheduler: FSRSScheduler = FSRSScheduler(),
                      _ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try writer.writeWithoutTransaction { db in
            let stored = try summary(db)
            let log = try recomputed(db)
            #expect(stored == log, "\(context): summary rows not in the log: \(stored.subtracting(log).sorted { $0.slot < $1.slot }); log rows missing: \(log.subtracting(stored).sorted { $0.slot < $1.slot })",
                    sourceLocation: sourceLocation)
            let tallies = try String.fetchAll(db, sql: """
                SELECT learner_deck || '/' || direction || ': ' || rows || ' rows, ' || reviewed || ' reviewed, ' || odd || ' odd'
                FROM card_tally WHERE rows <> 0 OR reviewed <> 0 OR odd <> 0 ORDER BY 1
                """)
            let counted = try String.fetchAll(db, sql: """
                SELECT learner_deck || '/' || direction || ': ' || COUNT(*) || ' rows, ' || SUM(state <> 0) || ' reviewed, '
                       || SUM(state NOT IN (0, 1, 2, 3)) || ' odd'
                FROM card GROUP BY learner_deck, direction ORDER BY 1
                """)
            #expect(tallies == counted, "\(context): the cards' tallies \(tallies) differ from the cards \(counted)", sourceLocation: sourceLocation)
            let withoutID = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review WHERE uid IS NULL") ?? -1
            #expect(withoutID == 0, "\(context): \(withoutID) reviews without an id", sourceLocation: sourceLocation)
            try db.inSavepoint {
                let cards = try Row.fetchAll(db, sql: "SELECT * FROM card ORDER BY id")
                let states = try Row.fetchAll(db, sql: "SELECT id, state FROM review ORDER BY id")
                for learner in learners {
                    // A learner whose weights or retention changed is replayed on their timeline.
                    let timeline = try ParameterTimeline.load(db, learner: learner, desiredRetention: scheduler.desiredRetention)
                    let changed = timeline.events.isEmpty ? try SyncReplay.replay(db, learner: learner, scheduler: scheduler)
                        : try SyncReplay.replay(db, learner: learner, timeline: timeline)
                    #expect(changed == 0, "\(context): \(changed) cards differ from their log's replay", sourceLocation: sourceLocation)
                }
                #expect(try Row.fetchAll(db, sql: "SELECT * FROM card ORDER BY id") == cards, "\(context): cards differ from their replay",
                        sourceLocation: sourceLocation)
                #expect(try Row.fetchAll(db, sql: "SELECT id, state FROM review ORDER BY id") == states,
                        "\(context): a review's state-before differs from its replay", sourceLocation: sourceLocation)
                return .rollback
            }
        }
    }

    /// withoutIDFallback: drops the schema's `randomblob` default for review ids, so a write path
    /// that leaves the id to it shows as a review without an id.
    static func withoutIDFallback(_ database: LearnerDatabase) throws {
        try database.writer.write { db in try db.execute(sql: "DROP TRIGGER IF EXISTS review_uid_default") }
    }
}
