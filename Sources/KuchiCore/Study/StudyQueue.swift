import Foundation

/// StudyQueue: which card comes next — due cards first (lowest retrievability first), then new
/// words up to the daily limit, and when both are done, extra practice.
///
/// Cards live in memory for the session; every order is prepared once when the queue is built
/// (one sort), so picking the next card is amortised O(1) even among 10k cards: stale entries
/// (a card reviewed since) are skipped lazily. A card in a learning step comes back once its
/// short step is due, from a small list of this session's learning cards.
public struct StudyQueue {
    /// defaultNewWordLimit: new words per study day unless the learner sets another (0–100).
    public static let defaultNewWordLimit = 10
    /// newWordLimitRange: the Settings range of the daily new-word limit.
    public static let newWordLimitRange = 0...100

    /// Source: why a card was picked (Welcome and the summary can say "extra practice").
    public enum Source: Equatable, Sendable {
        case learning, due, new, extraPractice
    }

    /// cards: the deck's cards, position for position.
    public private(set) var cards: [CardRecord]
    /// newWordLimit: the day's limit of new words.
    public let newWordLimit: Int
    /// newToday: new words introduced today (from the database at start, plus this session's).
    public private(set) var newToday: Int

    private let retrievability: (FSRSCard, Date) -> Double
    /// dueOrder: positions due when the queue was built, highest retrievability first (so the
    /// lowest is popped from the end).
    private var dueOrder: [Int]
    /// upcoming: reviewed positions not yet due at build time, earliest due first.
    private var upcoming: [Int]
    private var upcomingHead = 0
    /// lateDue: upcoming cards that fell due during the session (a handful).
    private var lateDue: [Int] = []
    /// newOrder: new positions in deck order.
    private var newOrder: [Int]
    private var newHead = 0
    /// learning: positions graded this session that are in a learning or relearning step.
    private var learning: Set<Int> = []
    /// shown: positions shown this session, so extra practice does not repeat them.
    private var shown: Set<Int> = []
    /// extraOrder: built on first need: reviewed cards by earliest due, then new cards.
    private var extraOrder: [Int]?
    private var extraHead = 0

    /// init: prepares every order once: due cards by retrievability, upcoming ones by due time,
    /// new ones in deck order.
    public init(cards: [CardRecord], now: Date, newToday: Int, newWordLimit: Int = StudyQueue.defaultNewWordLimit,
                retrievability: @escaping (FSRSCard, Date) -> Double) {
        self.cards = cards
        self.newToday = newToday
        self.newWordLimit = min(max(newWordLimit, Self.newWordLimitRange.lowerBound), Self.newWordLimitRange.upperBound)
        self.retrievability = retrievability
        var due: [(position: Int, recall: Double)] = []
        var upcoming: [Int] = []
        var fresh: [Int] = []
        for (position, record) in cards.enumerated() {
            if record.card.state == .new {
                fresh.append(position)
            } else if record.card.due <= now {
                due.append((position, retrievability(record.card, now)))
            } else {
                upcoming.append(position)
            }
        }
        dueOrder = due.sorted { $0.recall > $1.recall }.map(\.position)
        self.upcoming = upcoming.sorted { cards[$0].card.due < cards[$1].card.due }
        newOrder = fresh
    }

    /// next: the card to show at `now`, never `current` when another will do; nil only for an
    /// empty deck.
    public mutating func next(now: Date, excluding current: Int? = nil) -> (position: Int, source: Source)? {
        if let position = learning.filter({ $0 != current && cards[$0].card.due <= now })
            .min(by: { cards[$0].card.due < cards[$1].card.due }) {
            return pick(position, .learning)
        }
        while upcomingHead < upcoming.count, cards[upcoming[upcomingHead]].card.due <= now {
            lateDue.append(upcoming[upcomingHead])
            upcomingHead += 1
        }
        while let position = dueOrder.last {
            dueOrder.removeLast()
            if isDue(position, now: now, current: current) { return pick(position, .due) }
        }
        lateDue = lateDue.filter { isDue($0, now: now, current: current) }
        if let index = lateDue.indices.min(by: { retrievability(cards[lateDue[$0]].card, now) < retrievability(cards[lateDue[$1]].card, now) }) {
            return pick(lateDue.remove(at: index), .due)
        }
        while newToday < newWordLimit, newHead < newOrder.count {
            let position = newOrder[newHead]
            newHead += 1
            if cards[position].card.state == .new, position != current {
                newToday += 1
                return pick(position, .new)
            }
        }
        return extraPractice(excluding: current)
    }

    /// update: the card's state after a review (from the database), so the queue sees it.
    public mutating func update(_ record: CardRecord, at position: Int) {
        guard cards.indices.contains(position) else { return }
        cards[position] = record
        if record.card.state == .learning || record.card.state == .relearning {
            learning.insert(position)
        } else {
            learning.remove(position)
        }
    }

    /// markShown: a card shown from outside the queue (a resumed session's word).
    public mutating func markShown(_ position: Int) {
        shown.insert(position)
    }

    /// isCaughtUp: whether nothing is due and today's new words are done at `now`.
    public func isCaughtUp(now: Date) -> Bool {
        newToday >= newWordLimit || newHead >= newOrder.count ? !hasDue(now: now) : false
    }

    /// hasDue: whether any card is due at `now`.
    private func hasDue(now: Date) -> Bool {
        learning.contains { cards[$0].card.due <= now } || dueOrder.contains { isDue($0, now: now, current: nil) }
            || lateDue.contains { isDue($0, now: now, current: nil) }
            || (upcomingHead < upcoming.count && cards[upcoming[upcomingHead]].card.due <= now)
    }

    /// isDue: a reviewed card, due at `now`, other than the one up.
    private func isDue(_ position: Int, now: Date, current: Int?) -> Bool {
        position != current && cards[position].card.state != .new && cards[position].card.due <= now
    }

    /// pick: records the card as shown this session and returns it.
    private mutating func pick(_ position: Int, _ source: Source) -> (position: Int, source: Source) {
        shown.insert(position)
        return (position, source)
    }

    /// extraPractice: cards not shown this session, reviewed ones by earliest due first, then
    /// new ones; when all have been shown, a new round over every card.
    private mutating func extraPractice(excluding current: Int?) -> (position: Int, source: Source)? {
        if extraOrder == nil {
            let reviewed = cards.indices.filter { cards[$0].card.state != .new }.sorted { cards[$0].card.due < cards[$1].card.due }
            extraOrder = reviewed + cards.indices.filter { cards[$0].card.state == .new }
        }
        let order = extraOrder ?? []
        guard !order.isEmpty else { return nil }
        for round in 0..<2 {
            while extraHead < order.count {
                let position = order[extraHead]
                extraHead += 1
                if position != current, round == 1 || !shown.contains(position) { return pick(position, .extraPractice) }
            }
            extraHead = 0
        }
        return order.count == 1 ? pick(order[0], .extraPractice) : nil
    }
}
