import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// StatsTimeZoneTests: the SQL's day numbering agrees with `StudyCalendar.day(of:)` for every
/// review, across DST changes and in a zone 5:45 ahead of UTC.
@Suite("Stats days across time zones")
struct StatsTimeZoneTests {
    @Test("SQL study days equal the calendar's, review by review", arguments: ["America/New_York", "Asia/Kathmandu", "Europe/London"])
    func daysMatchCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        for rollover in [0, 2, 4] {
            let calendar = StudyCalendar(rolloverHour: rollover, timeZone: timeZone)
            for summary in [true, false] {
                let learner = UUID()
                let db = try StatsTestDatabase(summary: summary)
                let deck = try db.deck(learner: learner, title: "Deck")
                let card = try db.card(deck: deck, question: "犬", reading: "いぬ", answer: "dog")
                var random = SeededGenerator(seed: UInt64(rollover) + (summary ? 100 : 0))
                var expected = Array(repeating: 0, count: Heatmap.dayCount)
                var days: Set<Int> = []
                let today = calendar.day(of: now)
                for _ in 0..<400 {
                    // Whole minutes within the last 370 days, many near the rollover hours.
                    let minutes = Double(Int.random(in: 0..<(370 * 1440), using: &random))
                    let time = now.addingTimeInterval(-minutes * 60)
                    try db.review(card: card, at: time, rating: .good, state: .review)
                    let day = calendar.day(of: time)
                    days.insert(day)
                    expected[day - (today - Heatmap.dayCount + 1)] += 1
                }
                let figures = try db.snapshot(learner: learner, calendar: calendar, now: now)
                #expect(figures.heatmap.counts == expected, "\(zone) rollover \(rollover) summary \(summary)")
                #expect(figures.today.daysStudied == days.count)
            }
        }
    }
}
