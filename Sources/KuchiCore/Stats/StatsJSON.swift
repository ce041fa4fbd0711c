import Foundation

/// StatsJSON: `kuchi stats --json` — one object with exactly the documented keys, for scripts.
public struct StatsJSON: Encodable, Equatable {
    public var reviewsTotal: Int
    public var reviewsToday: Int
    public var daysStudied: Int
    public var streakDays: Int
    public var dueNow: Int
    public var dueForecast: [Int]
    public var retention30d: Double?
    public var cards: Cards
    public var byCategory: [Category]

    /// Cards: the `cards` object.
    public struct Cards: Encodable, Equatable {
        public var new: Int
        public var learning: Int
        public var review: Int
        public var relearning: Int
        /// suspended: cards of suspended words, counted in no state above.
        public var suspended: Int
    }

    /// Category: one `by_category` entry.
    public struct Category: Encodable, Equatable {
        public var category: String
        public var total: Int
        public var seen: Int
        public var mature: Int
    }

    /// init: the JSON figures of a snapshot.
    public init(_ snapshot: StatsSnapshot) {
        reviewsTotal = snapshot.today.reviewsTotal
        reviewsToday = snapshot.today.reviews
        daysStudied = snapshot.today.daysStudied
        streakDays = snapshot.today.streakDays
        dueNow = snapshot.forecast.dueNow
        dueForecast = snapshot.forecast.counts
        retention30d = snapshot.retention.rate
        cards = Cards(new: snapshot.cards.new, learning: snapshot.cards.learning, review: snapshot.cards.review,
                      relearning: snapshot.cards.relearning, suspended: snapshot.cards.suspended)
        byCategory = snapshot.categories.map { Category(category: $0.category, total: $0.total, seen: $0.seen, mature: $0.mature) }
    }

    /// CodingKeys: the documented snake_case names.
    enum CodingKeys: String, CodingKey {
        case reviewsTotal = "reviews_total", reviewsToday = "reviews_today", daysStudied = "days_studied"
        case streakDays = "streak_days", dueNow = "due_now", dueForecast = "due_forecast", retention30d = "retention_30d"
        case cards, byCategory = "by_category"
    }

    /// encode: every key always present; `retention_30d` is null when there is no figure.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reviewsTotal, forKey: .reviewsTotal)
        try container.encode(reviewsToday, forKey: .reviewsToday)
        try container.encode(daysStudied, forKey: .daysStudied)
        try container.encode(streakDays, forKey: .streakDays)
        try container.encode(dueNow, forKey: .dueNow)
        try container.encode(dueForecast, forKey: .dueForecast)
        if let retention30d { try container.encode(retention30d, forKey: .retention30d) } else { try container.encodeNil(forKey: .retention30d) }
        try container.encode(cards, forKey: .cards)
        try container.encode(byCategory, forKey: .byCategory)
    }

    /// text: the object as one line of JSON, keys sorted.
    public func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
