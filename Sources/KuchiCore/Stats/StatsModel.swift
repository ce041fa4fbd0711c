import Foundation
import Observation
import KuchiMemory
import KuchiData

/// StatsModel: the Stats tab's figures, one stored property per chart, so each chart pane
/// reads (and is redrawn for) only its own aggregate.
///
/// `refresh(now:)` loads everything (SQL aggregates over the slot summary: a few milliseconds
/// even with a million reviews); `record(_:)` adjusts the figures an answer changes without
/// querying anything. Every property is written only when its value really changes, because a
/// write redraws the panes that read it.
@Observable
@MainActor
public final class StatsModel {
    public private(set) var today = TodayStats()
    public private(set) var heatmap: Heatmap
    public private(set) var forecast = DueForecast()
    public private(set) var retention = Retention()
    public private(set) var cards = CardStateCounts()
    public private(set) var categories: [CategoryMastery] = []
    public private(set) var hardest: [HardWord] = []
    /// problem: why the figures could not be loaded (one sentence), nil when they were.
    public private(set) var problem: String?

    /// clearProblem: the learner has read the notice.
    public func clearProblem() {
        if problem != nil { problem = nil }
    }

    /// Loader: computes a full snapshot for a calendar at a time (the database adapter).
    public typealias Loader = @MainActor (StudyCalendar, Date) throws -> StatsSnapshot

    /// calendar: the learner's study days; change it (rollover setting) and `refresh`.
    @ObservationIgnored public var calendar: StudyCalendar
    @ObservationIgnored private let categoryIndex: StatsCategoryIndex
    @ObservationIgnored private let load: Loader
    @ObservationIgnored private var studiedDays: Set<Int> = []
    @ObservationIgnored private var forecastEnds: [Date] = []
    /// words: the per-word tallies of the last load, which an answer adjusts.
    @ObservationIgnored private var words: StatsWords?

    /// init: a model that loads through `load`; figures are empty until the first `refresh`.
    public init(calendar: StudyCalendar, categories: StatsCategoryIndex = StatsCategoryIndex(), now: Date = Date(), load: @escaping Loader) {
        self.calendar = calendar
        categoryIndex = categories
        self.load = load
        heatmap = Heatmap(today: calendar.day(of: now))
    }

    /// refresh: recomputes every figure (tab shown, day rolled over, settings changed).
    public func refresh(now: Date) {
        do {
            apply(try load(calendar, now), now: now)
            set(\.problem, nil)
        } catch {
            set(\.problem, "Could not read the statistics: \(error)")
        }
    }

    /// apply: takes a snapshot's figures, writing only those that differ.
    public func apply(_ snapshot: StatsSnapshot, now: Date) {
        studiedDays = snapshot.studiedDays
        forecastEnds = StatsSnapshot.forecastEnds(calendar: calendar, today: snapshot.heatmap.today)
        set(\.today, snapshot.today)
        set(\.heatmap, snapshot.heatmap)
        set(\.forecast, snapshot.forecast)
        set(\.retention, snapshot.retention)
        set(\.cards, snapshot.cards)
        set(\.categories, snapshot.categories)
        set(\.hardest, snapshot.hardest)
        words = snapshot.words
    }

    /// snapshot: the figures as they stand (tests compare it with a fresh load).
    public var snapshot: StatsSnapshot {
        StatsSnapshot(today: today, heatmap: heatmap, forecast: forecast, retention: retention, cards: cards,
                      categories: categories, hardest: hardest, studiedDays: studiedDays)
    }

    /// record: adjusts the figures for one answer, as a full refresh would find them. An answer
    /// on a new study day reloads everything instead (every day-relative figure moves).
    /// Words are adjusted through their tallies: a word's state depends on its other cards.
    public func record(_ review: StatsReview, now: Date) {
        let day = calendar.day(of: review.time)
        guard day == heatmap.today, forecastEnds.count == DueForecast.days else {
            refresh(now: now)
            return
        }
        let passed = review.rating != .again
        var newToday = today
        newToday.reviews += 1
        newToday.correct += passed ? 1 : 0
        newToday.milliseconds += max(0, review.milliseconds)
        newToday.reviewsTotal += 1
        if studiedDays.insert(day).inserted {
            newToday.daysStudied = studiedDays.count
            newToday.streakDays = StatsSnapshot.streak(days: studiedDays, today: day)
        }
        set(\.today, newToday)
        var newHeatmap = heatmap
        newHeatmap.counts[newHeatmap.counts.count - 1] += 1
        set(\.heatmap, newHeatmap)
        if review.before.state == .review {
            set(\.retention, Retention(reviews: retention.reviews + 1, passed: retention.passed + (passed ? 1 : 0)))
        }
        set(\.forecast, adjustedForecast(review, now: now))
        if var words {
            words.record(review)
            self.words = words
            set(\.cards, words.states)
            set(\.categories, words.categories)
        } else {
            // Figures built by hand, without the tallies: the card stands for its word.
            var newCards = cards
            newCards[review.before.state] -= 1
            newCards[review.after.state] += 1
            set(\.cards, newCards)
            set(\.categories, adjustedCategories(review))
        }
        set(\.hardest, adjustedHardest(review))
    }

    /// adjustedForecast: the forecast with the card moved from its old due day to its new one.
    private func adjustedForecast(_ review: StatsReview, now: Date) -> DueForecast {
        var result = forecast
        for (card, sign) in [(review.before, -1), (review.after, 1)] where card.state != .new {
            if card.due <= now { result.dueNow += sign }
            if let bucket = StatsSnapshot.forecastBucket(due: card.due, ends: forecastEnds) { result.counts[bucket] += sign }
        }
        return result
    }

    /// adjustedCategories: figures built by hand — the card's category with its seen and
    /// mature counts moved as the card's.
    private func adjustedCategories(_ review: StatsReview) -> [CategoryMastery] {
        let name = categoryIndex.category(deck: review.deck, question: review.question, reading: review.reading)
        guard let index = categories.firstIndex(where: { $0.category == name }) else { return categories }
        func mature(_ card: FSRSCard) -> Bool { (card.stability ?? 0) >= CategoryMastery.matureStability }
        var result = categories
        result[index].seen += (review.before.state == .new ? 1 : 0) - (review.after.state == .new ? 1 : 0)
        result[index].mature += (mature(review.after) ? 1 : 0) - (mature(review.before) ? 1 : 0)
        return result
    }

    /// adjustedHardest: the hardest words with the card's lapses updated and the order kept.
    /// Lapses only grow, so the card is the only one that can enter or move up the list.
    private func adjustedHardest(_ review: StatsReview) -> [HardWord] {
        guard review.after.lapses != review.before.lapses || hardest.contains(where: { $0.cardID == review.cardID }) else { return hardest }
        var result = hardest.filter { $0.cardID != review.cardID }
        if review.after.lapses > 0 {
            result.append(HardWord(cardID: review.cardID, question: review.question, reading: review.reading,
                                   meaning: review.meaning, lapses: review.after.lapses))
        }
        return Array(result.sorted { $0.ranksBefore($1) }.prefix(HardWord.limit))
    }

    /// set: writes a property only when the value differs (a write redraws its readers).
    private func set<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<StatsModel, Value>, _ value: Value) {
        if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
    }
}
