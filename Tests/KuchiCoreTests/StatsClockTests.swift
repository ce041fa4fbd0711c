import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData

/// StatsClockTests: a clock set to 1960 (or any time before the epoch) still files each review
/// on its own study day, from the slot summary and from the log alike.
@Suite("Stats before 1970")
struct StatsClockTests {
    let learner = UUID()
    let calendar = StudyCalendar(rolloverHour: 4, timeZone: TokyoTime.zone)

    @Test("eight reviews just made in 1960 are today's eight", arguments: [true, false])
    func reviewsBeforeTheEpochAreToday(summary: Bool) throws {
        let db = try StatsTestDatabase(summary: summary)
        let deck = try db.deck(learner: learner, title: "Test deck")
        let card = try db.card(deck: deck, question: "犬", answer: "dog")
        let now = TokyoTime.at(1960, 6, 1, 12, 7)
        for minute in 0..<8 {
            try db.review(card: card, at: now.addingTimeInterval(-Double(minute) * 60 - 13.5), rating: .good, state: .review)
        }
        // The 1st's first minutes after the 4 am rollover, and the last before it (the 31st).
        try db.review(card: card, at: TokyoTime.at(1960, 6, 1, 4, 0).addingTimeInterval(0.5), rating: .good, state: .review)
        try db.review(card: card, at: TokyoTime.at(1960, 6, 1, 3, 59).addingTimeInterval(30), rating: .again, state: .review)
        let snapshot = try db.snapshot(learner: learner, calendar: calendar, now: now)
        #expect(snapshot.today.reviews == 9)
        #expect(snapshot.today.correct == 9)
        #expect(snapshot.today.streakDays == 2, "the review before the rollover is yesterday's")
    }
}
