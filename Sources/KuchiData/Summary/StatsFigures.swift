import Foundation
import KuchiMemory

/// TodayStats: the Today pane's figures — today's reviews, accuracy and time, and the habit
/// figures (streak, days studied, reviews in all).
public struct TodayStats: Equatable, Sendable {
    /// reviews: graded answers given today (study day).
    public var reviews: Int
    /// correct: today's answers graded Hard, Good or Easy.
    public var correct: Int
    /// milliseconds: time spent answering today.
    public var milliseconds: Int
    /// streakDays: days in a row with at least one review, ending today when today has one,
    /// else yesterday (a streak is not lost before the day is over).
    public var streakDays: Int
    /// daysStudied: days with at least one review, in all.
    public var daysStudied: Int
    /// reviewsTotal: every graded answer in the log.
    public var reviewsTotal: Int

    /// init: figures from their values.
    public init(reviews: Int = 0, correct: Int = 0, milliseconds: Int = 0, streakDays: Int = 0, daysStudied: Int = 0, reviewsTotal: Int = 0) {
        self.reviews = reviews
        self.correct = correct
        self.milliseconds = milliseconds
        self.streakDays = streakDays
        self.daysStudied = daysStudied
        self.reviewsTotal = reviewsTotal
    }

    /// accuracy: the share of today's answers that were right, nil before the first.
    public var accuracy: Double? {
        reviews == 0 ? nil : Double(correct) / Double(reviews)
    }
}

/// DueForecast: reviews due on each of the next days, for the forecast bar chart.
public struct DueForecast: Equatable, Sendable {
    /// days: how many days the forecast covers.
    public static let days = 30
    /// dueNow: reviewed cards due at the time of the figures.
    public var dueNow: Int
    /// counts: `counts[0]` the rest of today (overdue cards included: they are today's work),
    /// `counts[i]` study day today + i.
    public var counts: [Int]

    /// init: a forecast; `counts` is padded or cut to `days`.
    public init(dueNow: Int = 0, counts: [Int] = []) {
        self.dueNow = dueNow
        self.counts = Array((counts + Array(repeating: 0, count: Self.days)).prefix(Self.days))
    }
}

/// Retention: true retention over the last 30 study days — of the reviews of cards in Review
/// state, the share graded Hard, Good or Easy (not Again), as Anki's "true retention".
public struct Retention: Equatable, Sendable {
    /// windowDays: the study days counted, today included.
    public static let windowDays = 30
    /// reviews: Review-state reviews in the window.
    public var reviews: Int
    /// passed: those not graded Again.
    public var passed: Int

    /// init: figures from their values.
    public init(reviews: Int = 0, passed: Int = 0) {
        self.reviews = reviews
        self.passed = passed
    }

    /// rate: passed / reviews (0…1), nil when there were no Review-state reviews.
    public var rate: Double? {
        reviews == 0 ? nil : Double(passed) / Double(reviews)
    }
}

/// CardStateCounts: the learner's cards by FSRS state.
public struct CardStateCounts: Equatable, Sendable {
    public var new: Int
    public var learning: Int
    public var review: Int
    public var relearning: Int
    /// suspended: cards of suspended words ("I know this word", a leech put away), counted here
    /// only: never in the states above nor as due (they are never asked).
    public var suspended: Int

    /// init: counts from their values.
    public init(new: Int = 0, learning: Int = 0, review: Int = 0, relearning: Int = 0, suspended: Int = 0) {
        self.new = new
        self.learning = learning
        self.review = review
        self.relearning = relearning
        self.suspended = suspended
    }

    /// total: every card studied (the suspended ones aside).
    public var total: Int { new + learning + review + relearning }

    /// subscript: the count for one state (read and adjust by state).
    public subscript(state: CardState) -> Int {
        get {
            switch state {
            case .new: new
            case .learning: learning
            case .review: review
            case .relearning: relearning
            }
        }
        set {
            switch state {
            case .new: new = newValue
            case .learning: learning = newValue
            case .review: review = newValue
            case .relearning: relearning = newValue
            }
        }
    }
}

/// CategoryMastery: one category's cards — how many, how many seen, how many mature.
public struct CategoryMastery: Equatable, Sendable {
    /// matureStability: a card is mature from this stability (days), as Anki's 21-day interval.
    public static let matureStability = 21.0
    public var category: String
    /// total: cards of the category (every direction), as `kuchi export cards` lists them.
    public var total: Int
    /// seen: those reviewed at least once (not New).
    public var seen: Int
    /// mature: those with stability of 21 days or more.
    public var mature: Int

    /// init: a category's figures.
    public init(category: String, total: Int = 0, seen: Int = 0, mature: Int = 0) {
        self.category = category
        self.total = total
        self.seen = seen
        self.mature = mature
    }
}

/// HardWord: a word the learner keeps forgetting, for the Hardest pane.
public struct HardWord: Equatable, Sendable {
    /// limit: how many hardest words the figures keep.
    public static let limit = 10
    public var cardID: Int64
    public var question: String
    /// reading: kana, "" when the deck has none.
    public var reading: String
    /// meaning: the deck's answer.
    public var meaning: String
    /// lapses: times forgotten after reaching Review.
    public var lapses: Int

    /// init: a word and its lapses.
    public init(cardID: Int64, question: String, reading: String, meaning: String, lapses: Int) {
        self.cardID = cardID
        self.question = question
        self.reading = reading
        self.meaning = meaning
        self.lapses = lapses
    }

    /// ranksBefore: the hardest order — more lapses first, then the older card (lower id).
    public func ranksBefore(_ other: HardWord) -> Bool {
        lapses != other.lapses ? lapses > other.lapses : cardID < other.cardID
    }
}
