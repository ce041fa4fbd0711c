import Foundation
import KuchiCore
@testable import KuchiTUI
@testable import KuchiData

/// StatsSamples: fixed statistics for chart fixtures — Japanese words included — and a model
/// that serves them.
@MainActor
enum StatsSamples {
    static let zone = TimeZone(identifier: "Asia/Tokyo") ?? .current
    static let calendar = StudyCalendar(rolloverHour: 4, timeZone: zone)
    /// today: Monday 2026-11-23.
    static let today = StudyCalendar.dayNumber(year: 2026, month: 11, day: 23)
    static let now = calendar.start(ofDay: today).addingTimeInterval(8 * 3600)

    /// heatCounts: a deterministic year of reviews: busier lately, rest days on some weekdays,
    /// one busy day of 60 (the scale's top) three weeks ago.
    static var heatCounts: [Int] {
        (0..<Heatmap.dayCount).map { index in
            let day = today - Heatmap.dayCount + 1 + index
            if index == Heatmap.dayCount - 22 { return 60 }
            if index < 150 || (day * 7 + 3) % 5 == 0 { return 0 }
            return (day * 37) % 23 + index / 40
        }
    }

    static let sample = StatsSnapshot(
        today: TodayStats(reviews: 42, correct: 37, milliseconds: 754_000, streakDays: 12, daysStudied: 187, reviewsTotal: 5_230),
        heatmap: Heatmap(today: today, counts: heatCounts),
        forecast: DueForecast(dueNow: 7, counts: [19, 12, 4, 0, 9, 15, 3, 1, 0, 6, 8, 2, 0, 0, 11, 5, 3, 2, 7, 1, 0, 4, 0, 2, 9, 1, 0, 0, 3, 2]),
        retention: Retention(reviews: 280, passed: 245),
        cards: CardStateCounts(new: 31, learning: 8, review: 48, relearning: 3),
        categories: [
            CategoryMastery(category: "Greetings", total: 30, seen: 30, mature: 22),
            CategoryMastery(category: "食べ物", total: 40, seen: 25, mature: 9),
            CategoryMastery(category: "Numbers", total: 20, seen: 4, mature: 0),
        ],
        hardest: [
            HardWord(cardID: 3, question: "勉強", reading: "べんきょう", meaning: "study", lapses: 6),
            HardWord(cardID: 9, question: "ありがとうございます", reading: "", meaning: "thank you very much", lapses: 4),
            HardWord(cardID: 1, question: "犬", reading: "いぬ", meaning: "dog", lapses: 2),
        ],
        studiedDays: [])

    /// model: a model showing `snapshot`.
    static func model(_ snapshot: StatsSnapshot = sample) -> StatsModel {
        let model = StatsModel(calendar: calendar, now: now) { _, _ in snapshot }
        model.refresh(now: now)
        return model
    }

    /// empty: a learner with nothing yet.
    static var empty: StatsSnapshot { .empty(today: today) }
}
