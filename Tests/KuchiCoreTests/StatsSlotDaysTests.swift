import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData

/// StatsSlotDaysTests: the per-day figures summed in Swift from the slot summary are the ones
/// SQL's grouping gave (issue 39 moved the grouping out of SQL) — across daylight-saving
/// transitions, half-hour zones, every rollover hour, slots before 1970, several decks of the
/// learner and another learner's rows left out.
@Suite("Stats: days from the slot summary")
struct StatsSlotDaysTests {
    nonisolated static let zones = ["America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC", "Europe/London"]

    /// database: review_slot rows of two decks of `learner` and one of someone else.
    static func database(learner: UUID) throws -> StatsTestDatabase {
        let database = try StatsTestDatabase()
        let mine = try database.deck(learner: learner, title: "Deck A")
        let alsoMine = try database.deck(learner: learner, title: "Deck B")
        let theirs = try database.deck(learner: UUID(), title: "Deck A")
        // 2026-03-08 (New York's spring forward) is slot 1_972_800 + …; these runs cross both
        // 2026 transitions of every zone above, and 1969.
        let runs: [(start: Int64, count: Int64, step: Int64)] = [
            (1_966_000, 2_000, 7), (1_969_000, 1_500, 5), (1_981_500, 2_500, 3), (1_985_000, 900, 11), (-3_000, 2_990, 13),
        ]
        try database.queue.write { db in
            for (index, run) in runs.enumerated() {
                for k in 0..<run.count {
                    let deck = [mine, alsoMine, theirs][Int(k % 3)]
                    let slot = run.start + k * run.step
                    try db.execute(sql: """
                        INSERT OR IGNORE INTO review_slot (learner_deck, slot, reviews, passed, duration, review_state, review_state_passed)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [deck, slot, k % 4 == 0 ? 0 : k % 5 + 1, k % 3, 1000 * (k % 7) + Int64(index), k % 2, k % 2 == 0 ? 0 : 1])
                }
            }
        }
        return database
    }

    @Test("Swift's sums are SQL's, in every zone and at every rollover hour", arguments: zones)
    func sameAsSQL(_ zone: String) throws {
        let learner = UUID()
        let database = try Self.database(learner: learner)
        let timeZone = try #require(TimeZone(identifier: zone))
        let key = learner.uuidString.lowercased()
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for hour in [0, 2, 4, 23] {
            let calendar = StudyCalendar(rolloverHour: hour, timeZone: timeZone)
            let (swift, sql) = try database.queue.read { db in
                (try StatsQueries.days(db, learner: key, calendar: calendar, now: now, useSummary: true),
                 try StatsQueries.days(db, learner: key, calendar: calendar, now: now, useSummary: true, groupedInSQL: true))
            }
            #expect(swift.count > 300, "\(zone) \(hour): the rows span many days")
            #expect(swift == sql, "\(zone), rollover \(hour):00")
        }
    }

    @Test("a learner with no review has no days")
    func none() throws {
        let database = try Self.database(learner: UUID())
        let days = try database.queue.read { db in
            try StatsQueries.days(db, learner: UUID().uuidString.lowercased(), calendar: StudyCalendar(), now: Date(), useSummary: true)
        }
        #expect(days.isEmpty)
    }
}
