import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// StatsMeasurement: how long a full statistics refresh takes over a million reviews — a
/// measurement printed for the record, not an assertion (timings belong to the benchmark).
/// Run with `KUCHI_STATS_MEASURE=1 swift test --filter StatsMeasurement`.
@Suite("Stats measurement", .enabled(if: ProcessInfo.processInfo.environment["KUCHI_STATS_MEASURE"] == "1"))
struct StatsMeasurement {
    @Test("full refresh over 1M reviews, with and without the slot summary", arguments: [false, true])
    func millionReviews(everySlot: Bool) throws {
        let folder = try TemporaryDirectory()
        let db = try StatsTestDatabase(summary: false, path: folder.path("stats.sqlite").path)
        let learner = UUID()
        let deck = try db.deck(learner: learner, title: "Big deck")
        // The cards' words in ten categories, so the category join has real work to do.
        let deckOfTheCards = try makeDeck((0..<10_000).map {
            DeckJSON.entry("語\($0)", "go", "word \($0)", reading: "ご", category: "category \($0 % 10)")
        }, title: "Big deck")
        let index = StatsCategoryIndex(decks: [deckOfTheCards])
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let cards = 10_000
        let reviews = 1_000_000
        var random = SeededGenerator(seed: 1)
        let generation = ContinuousClock().measure {
            try? db.queue.write { db in
                let card = try db.makeStatement(sql: """
                    INSERT INTO card (learner_deck, question, reading, direction, answer, state, stability, due, lapses)
                    VALUES (?, ?, ?, 'jp-en', ?, ?, ?, ?, ?)
                    """)
                for index in 0..<cards {
                    let due = StatsSnapshot.milliseconds(now) + Int64.random(in: -86_400_000...(40 * 86_400_000), using: &random)
                    try card.execute(arguments: [deck, "語\(index)", "ご", "word \(index)", Int.random(in: 0...3, using: &random),
                                                 Double.random(in: 0...100, using: &random), due, Int.random(in: 0...8, using: &random)])
                }
                let review = try db.makeStatement(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, ?, ?, ?)")
                let span: Int64 = 3 * 365 * 86_400_000
                let start = StatsSnapshot.milliseconds(now) - span
                for index in 0..<reviews {
                    // Time grows with the index, as a real log does: either spread over every
                    // 15-minute slot (the worst case for the summary) or in two 45-minute
                    // sessions a day (a learner's habit).
                    let time: Int64
                    if everySlot {
                        time = start + span * Int64(index) / Int64(reviews)
                    } else {
                        let perDay = Int64(reviews / 1095)
                        let day = Int64(index) / perDay
                        let within = Int64(index) % perDay
                        let session: Int64 = within < perDay / 2 ? 8 : 20
                        time = start + day * 86_400_000 + session * 3_600_000 + (within % (perDay / 2)) * 2_700_000 / (perDay / 2)
                    }
                    try review.execute(arguments: [Int64.random(in: 1...Int64(cards), using: &random), time,
                                                   Int.random(in: 1...4, using: &random), Int.random(in: 0...3, using: &random),
                                                   Int.random(in: 500...9000, using: &random)])
                }
            }
        }
        let calendar = StudyCalendar(rolloverHour: 4, timeZone: TimeZone(identifier: "Europe/Paris") ?? .current)
        func refresh() throws -> (Duration, StatsSnapshot) {
            var snapshot: StatsSnapshot?
            let time = try ContinuousClock().measure {
                snapshot = try db.snapshot(learner: learner, calendar: calendar, categories: index, now: now)
            }
            return (time, try #require(snapshot))
        }
        let (withoutSummary, plain) = try refresh()
        // Timed inserts go a year ahead, so they can be deleted again without touching the log.
        let future = StatsSnapshot.milliseconds(now) + 365 * 86_400_000
        /// inserts: 10,000 reviews in one transaction (the trigger's cost without the fsync).
        func inserts() throws -> Duration {
            try ContinuousClock().measure {
                try db.queue.write { db in
                    let review = try db.makeStatement(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, 3, 2, 1000)")
                    for index in 0..<10_000 { try review.execute(arguments: [Int64(index % cards + 1), future + Int64(index)]) }
                }
            }
        }
        let insertsWithout = try inserts()
        try db.queue.write { db in try db.execute(sql: "DELETE FROM review WHERE time >= ?", arguments: [future]) }
        let migration = try ContinuousClock().measure { try db.addSummary() }
        let insertsWith = try inserts()
        try db.queue.write { db in try db.execute(sql: "DELETE FROM review WHERE time >= ?", arguments: [future]) }
        _ = try refresh()  // warm the page cache as a second tab switch would find it
        var times: [Duration] = []
        var summarized: StatsSnapshot?
        for _ in 0..<5 {
            let (time, snapshot) = try refresh()
            times.append(time)
            summarized = snapshot
        }
        #expect(summarized == plain)
        #expect(plain.categories.count == 10)
        let key = learner.uuidString.lowercased()
        /// part: the time of one query of the refresh.
        func part(_ body: (GRDB.Database) throws -> Void) throws -> Duration {
            try ContinuousClock().measure { try db.queue.read { db in try body(db) } }
        }
        let daysOnly = try part { db in _ = try StatsQueries.days(db, learner: key, calendar: calendar, now: now, useSummary: true) }
        let parts = [
            ("due times", try part { db in _ = try StatsQueries.dueTimes(db, learner: key, before: StatsSnapshot.milliseconds(now) + 30 * 86_400_000) }),
            ("words", try part { db in
                _ = StatsWords(rows: try StatsQueries.cardMastery(db, learner: key),
                               decks: try StatsQueries.learnerDeckTitles(db, learner: key), index: index)
            }),
            ("hardest", try part { db in _ = try StatsQueries.hardest(db, learner: key) }),
        ].map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        let slotRows = try db.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review_slot") ?? 0 }
        let insert = try ContinuousClock().measure {
            for index in 0..<1000 {
                try db.review(card: 1, at: now.addingTimeInterval(Double(index)), rating: .good, state: .review)
            }
        }
        print("""
            stats measurement (\(everySlot ? "every slot" : "two sessions a day")): generated \(cards) cards and \(reviews) reviews in \(generation)
              full refresh, log aggregated directly (no summary): \(withoutSummary)
              summary migration (backfill of \(slotRows) slot rows): \(migration)
              full refresh with the summary, 5 runs: \(times.map { "\($0)" }.joined(separator: ", "))
              of which the per-day query: \(daysOnly); \(parts)
              10,000 inserts in one transaction: \(insertsWithout) without the trigger, \(insertsWith) with it
              1000 single-review transactions with the trigger: \(insert)
            """)
    }
}
