import Foundation
import GRDB
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// StatsTestDatabase: an in-memory database migrated by the store's own migrator (the one schema
/// the app, the bench and the tests share); `summary: false` drops the statistics' slot summary
/// so the figures are aggregated from the review log itself.
struct StatsTestDatabase {
    let queue: DatabaseQueue

    /// init: an empty database, with the summary when `summary` (else stats aggregate the log).
    init(summary: Bool = true, path: String? = nil) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        queue = try path.map { try DatabaseQueue(path: $0, configuration: configuration) } ?? DatabaseQueue(configuration: configuration)
        try LearnerSchema.migrator.migrate(queue)
        if !summary {
            try queue.write { db in
                for trigger in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('review', 'learner_deck') AND name LIKE 'review_slot%'") {
                    try db.execute(sql: "DROP TRIGGER \(trigger)")
                }
                try db.execute(sql: "DROP TABLE review_slot")
                try db.execute(sql: "DROP INDEX card_lapses")
            }
        }
    }

    /// addSummary: runs the summary migration on a database that already has reviews.
    func addSummary() throws {
        try queue.write { db in try db.execute(sql: StatsQueries.summaryMigrationSQL) }
    }

    /// deck: the (learner, deck) row, created on first use.
    func deck(learner: UUID, title: String) throws -> Int64 {
        try queue.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO learner_deck (learner, deck) VALUES (?, ?)",
                           arguments: [learner.uuidString.lowercased(), title])
            return try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?",
                                      arguments: [learner.uuidString.lowercased(), title]) ?? 0
        }
    }

    /// card: inserts a card with its memory; returns its id.
    @discardableResult
    func card(deck: Int64, question: String, reading: String = "", answer: String, direction: String = "jp-en",
              memory: FSRSCard? = nil) throws -> Int64 {
        try queue.write { db in
            let card = memory
            try db.execute(sql: """
                INSERT INTO card (learner_deck, question, reading, direction, answer, state, stability, due, lapses, reps)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [deck, question, reading, direction, answer, card?.state.rawValue ?? 0, card?.stability,
                                 card.map { StatsSnapshot.milliseconds($0.due) }, card?.lapses ?? 0, card?.reps ?? 0])
            return db.lastInsertedRowID
        }
    }

    /// update: stores a card's new memory, as the store does after a review.
    func update(card id: Int64, to memory: FSRSCard) throws {
        try queue.write { db in
            try db.execute(sql: "UPDATE card SET state = ?, stability = ?, due = ?, lapses = ?, reps = ? WHERE id = ?",
                           arguments: [memory.state.rawValue, memory.stability, StatsSnapshot.milliseconds(memory.due),
                                       memory.lapses, memory.reps, id])
        }
    }

    /// review: logs one graded answer.
    func review(card: Int64, at time: Date, rating: Rating, state: CardState, duration: Int = 1000) throws {
        try queue.write { db in
            try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, ?, ?, ?)",
                           arguments: [card, StatsSnapshot.milliseconds(time), rating.rawValue, state.rawValue, duration])
        }
    }

    /// snapshot: the figures as a fresh load computes them.
    func snapshot(learner: UUID, calendar: StudyCalendar, categories: StatsCategoryIndex = StatsCategoryIndex(),
                  now: Date) throws -> StatsSnapshot {
        try StatsSource(reader: queue).snapshot(learner: learner, calendar: calendar, categories: categories, now: now)
    }
}

/// TokyoTime: instants written as Tokyo wall-clock times (UTC+9, no DST), so hand-computed
/// figures read naturally.
enum TokyoTime {
    static let zone = TimeZone(identifier: "Asia/Tokyo") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .current

    /// at: the instant of a Tokyo wall-clock time.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? Date()
    }
}
