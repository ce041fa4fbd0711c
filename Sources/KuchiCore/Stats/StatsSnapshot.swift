import Foundation
import GRDB
import KuchiData

/// StatsSnapshot: every figure of the Stats tab and `kuchi stats`, computed at once.
public struct StatsSnapshot: Equatable, Sendable {
    public var today: TodayStats
    public var heatmap: Heatmap
    public var forecast: DueForecast
    public var retention: Retention
    public var cards: CardStateCounts
    public var categories: [CategoryMastery]
    public var hardest: [HardWord]
    /// studiedDays: every day number with a review (streaks and days studied are kept from it).
    public var studiedDays: Set<Int>
    /// words: the per-word tallies behind `cards` and `categories`, for adjusting them after an
    /// answer (nil for figures built by hand); not compared: the figures are.
    public var words: StatsWords?

    /// ==: the figures are equal (the tallies behind them may hold other unreviewed rows).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.today == rhs.today && lhs.heatmap == rhs.heatmap && lhs.forecast == rhs.forecast && lhs.retention == rhs.retention
            && lhs.cards == rhs.cards && lhs.categories == rhs.categories && lhs.hardest == rhs.hardest && lhs.studiedDays == rhs.studiedDays
    }

    /// init: figures from their values (tests, and a model's current figures).
    public init(today: TodayStats, heatmap: Heatmap, forecast: DueForecast, retention: Retention, cards: CardStateCounts,
                categories: [CategoryMastery], hardest: [HardWord], studiedDays: Set<Int>) {
        self.today = today
        self.heatmap = heatmap
        self.forecast = forecast
        self.retention = retention
        self.cards = cards
        self.categories = categories
        self.hardest = hardest
        self.studiedDays = studiedDays
    }

    /// load: the learner's figures at `now`. The review log is read through the slot summary
    /// when the database has it (see `StatsQueries`); the word figures come from the learner's
    /// decks and the card table (`StatsWords`).
    public static func load(_ db: Database, learner: UUID, calendar: StudyCalendar, categories index: StatsCategoryIndex,
                            now: Date) throws -> StatsSnapshot {
        let key = learner.uuidString.lowercased()
        let todayNumber = calendar.day(of: now)
        let days = try StatsQueries.days(db, learner: key, calendar: calendar, now: now, useSummary: StatsQueries.hasSummary(db))
        var snapshot = reviewFigures(days: days, today: todayNumber)
        let ends = forecastEnds(calendar: calendar, today: todayNumber)
        // Suspended words are never asked: not due, not in the forecast, counted apart.
        let suspended = try StatsQueries.hasSuspended(db, learner: key)
        let dues = try StatsQueries.dueTimes(db, learner: key, before: milliseconds(ends[ends.count - 1]), suspended: suspended)
        snapshot.forecast = forecast(dues: dues, ends: ends, now: now)
        let words = StatsWords(rows: try StatsQueries.cardMastery(db, learner: key, suspended: suspended),
                               decks: try StatsQueries.learnerDeckTitles(db, learner: key), index: index)
        snapshot.cards = words.states
        snapshot.categories = words.categories
        snapshot.words = words
        snapshot.hardest = try StatsQueries.hardest(db, learner: key)
        return snapshot
    }

    /// empty: the figures of a learner with no card and no review yet (no database yet).
    public static func empty(today: Int) -> StatsSnapshot {
        reviewFigures(days: [], today: today)
    }

    /// reviewFigures: today's, the habit, the heatmap and retention figures from the per-day
    /// rows (days after `today` — a clock set back — count in the totals only).
    static func reviewFigures(days: [StatsQueries.DayRow], today: Int) -> StatsSnapshot {
        var todayStats = TodayStats()
        var retention = Retention()
        var counts = Array(repeating: 0, count: Heatmap.dayCount)
        let firstHeatmapDay = today - Heatmap.dayCount + 1
        var studied: Set<Int> = []
        for row in days where row.reviews > 0 {
            studied.insert(row.day)
            todayStats.reviewsTotal += row.reviews
            if row.day >= firstHeatmapDay && row.day <= today { counts[row.day - firstHeatmapDay] += row.reviews }
            if row.day == today {
                todayStats.reviews += row.reviews
                todayStats.correct += row.passed
                todayStats.milliseconds += row.milliseconds
            }
            if row.day > today - Retention.windowDays && row.day <= today {
                retention.reviews += row.reviewState
                retention.passed += row.reviewStatePassed
            }
        }
        todayStats.daysStudied = studied.count
        todayStats.streakDays = streak(days: studied, today: today)
        return StatsSnapshot(today: todayStats, heatmap: Heatmap(today: today, counts: counts), forecast: DueForecast(),
                             retention: retention, cards: CardStateCounts(), categories: [], hardest: [], studiedDays: studied)
    }

    /// streak: days in a row with a review, ending today if today has one, else yesterday.
    public static func streak(days: Set<Int>, today: Int) -> Int {
        var day = days.contains(today) ? today : today - 1
        var length = 0
        while days.contains(day) {
            length += 1
            day -= 1
        }
        return length
    }

    /// forecastEnds: the end of each forecast day, today first.
    static func forecastEnds(calendar: StudyCalendar, today: Int) -> [Date] {
        (0..<DueForecast.days).map { calendar.end(ofDay: today + $0) }
    }

    /// forecastBucket: the forecast day a due time falls on (overdue counts today), nil beyond.
    static func forecastBucket(due: Date, ends: [Date]) -> Int? {
        ends.firstIndex { due < $0 }
    }

    /// forecast: due counts per forecast day and the number due now.
    static func forecast(dues: [Int64], ends: [Date], now: Date) -> DueForecast {
        var counts = Array(repeating: 0, count: DueForecast.days)
        var dueNow = 0
        let nowMs = milliseconds(now)
        let endMs = ends.map(milliseconds)
        for due in dues {
            if due <= nowMs { dueNow += 1 }
            if let bucket = endMs.firstIndex(where: { due < $0 }) { counts[bucket] += 1 }
        }
        return DueForecast(dueNow: dueNow, counts: counts)
    }

    /// milliseconds: a date as whole ms since the epoch, as the database stores times.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
