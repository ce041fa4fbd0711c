import Foundation
import GRDB
@testable import KuchiCore

/// StatsTestDatabase: an in-memory database with the learner database's tables (the store's v1
/// schema, copied here until it merges) and, optionally, the statistics' slot summary.
struct StatsTestDatabase {
    let queue: DatabaseQueue

    /// storeSchemaSQL: the store branch's v1 tables, column for column.
    static let storeSchemaSQL = """
        CREATE TABLE learner_deck (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, deck TEXT NOT NULL,
            learn_forgotten INTEGER NOT NULL DEFAULT 0, UNIQUE (learner, deck));
        CREATE TABLE card (id INTEGER PRIMARY KEY, learner_deck INTEGER NOT NULL REFERENCES learner_deck(id),
            question TEXT NOT NULL, reading TEXT NOT NULL, direction TEXT NOT NULL, answer TEXT NOT NULL,
            state INTEGER NOT NULL DEFAULT 0, step INTEGER, stability REAL, difficulty REAL, due INTEGER, last_review INTEGER,
            reps INTEGER NOT NULL DEFAULT 0, lapses INTEGER NOT NULL DEFAULT 0, introduced INTEGER,
            learned INTEGER NOT NULL DEFAULT 0, UNIQUE (learner_deck, question, reading, direction));
        CREATE INDEX card_due ON card (learner_deck, state, due);
        CREATE TABLE review (id INTEGER PRIMARY KEY, card INTEGER NOT NULL REFERENCES card(id), time INTEGER NOT NULL,
            rating INTEGER NOT NULL, state INTEGER NOT NULL, duration INTEGER NOT NULL);
        CREATE INDEX review_card ON review (card);
        """

    /// init: an empty database, with the summary when `summary` (else stats aggregate the log).
    init(summary: Bool = true, path: String? = nil) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        queue = try path.map { try DatabaseQueue(path: $0, configuration: configuration) } ?? DatabaseQueue(configuration: configuration)
        try queue.write { db in
            try db.execute(sql: Self.storeSchemaSQL)
            if summary { try db.execute(sql: StatsQueries.summaryMigrationSQL) }
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
