import Foundation
import KuchiMemory
import KuchiData

/// StatsWords: the learner's words by state and by category — the Words pane, `cards` and
/// `by_category` of `kuchi stats --json`.
///
/// Every figure counts words, not cards (a word has a card per direction), and starts from the
/// decks the learner studies, not from the card rows this machine happens to hold: a machine
/// brought in by `kuchi sync --profile` has rows only for the words the log names, the one
/// played on has a row for every word and direction. So a word is counted when a deck of the
/// learner names it or when one of its cards has been reviewed (a word since removed from its
/// deck), never for an unreviewed row alone; two machines with equal logs and decks agree.
/// The per-card states are kept so an answer adjusts its word without a query (`record`).
public struct StatsWords: Sendable {
    /// states: words by state; `suspended` the suspended words, in no state.
    public private(set) var states = CardStateCounts()
    /// categories: per-category words, seen and mature, in the decks' category order.
    public private(set) var categories: [CategoryMastery] = []
    private var byName: [String: CategoryMastery] = [:]
    private var tallies: [Key: Tally] = [:]
    private let index: StatsCategoryIndex

    /// Key: a word of a deck.
    private struct Key: Hashable, Sendable {
        let deck: String
        let question: String
        let reading: String
    }

    /// Tally: a word's cards. A word is seen when any card has a review, mature when every
    /// seen card is; its state is the least settled of its seen cards' (relearning, then
    /// learning, then review), new while none is seen.
    private struct Tally: Sendable {
        /// inDeck: a deck of the learner names the word (else it counts only once seen).
        var inDeck = false
        var suspended = false
        var cards: [Int64: (state: CardState, mature: Bool)] = [:]

        var seen: Bool { cards.values.contains { $0.state != .new } }
        var counted: Bool { inDeck || seen }
        var mature: Bool { seen && cards.values.allSatisfy { $0.state == .new || $0.mature } }
        var state: CardState {
            cards.values.map(\.state).max { Self.rank($0) < Self.rank($1) } ?? .new
        }

        /// rank: how unsettled a state is (the word shows its least settled card).
        private static func rank(_ state: CardState) -> Int {
            switch state {
            case .new: 0
            case .review: 1
            case .learning: 2
            case .relearning: 3
            }
        }
    }

    /// init: the figures of `rows` (the learner's cards), the words of `decks` (the learner's
    /// deck titles) that `index` knows, and their categories.
    init(rows: [StatsQueries.CardMasteryRow], decks: [String], index: StatsCategoryIndex) {
        self.index = index
        tallies.reserveCapacity(rows.count + decks.reduce(0) { $0 + (index.words[$1]?.count ?? 0) })
        for deck in decks {
            for word in index.words[deck] ?? [] {
                tallies[Key(deck: deck, question: word.question, reading: word.reading), default: Tally()].inDeck = true
            }
        }
        for row in rows {
            // In place: one hash of the word's strings per row, not one to read and one to write.
            Self.add(row, to: &tallies[Key(deck: row.deck, question: row.question, reading: row.reading), default: Tally()])
        }
        for (key, tally) in tallies { count(key, tally, sign: 1) }
        sortCategories()
    }

    /// add: a card row into its word's tally.
    private static func add(_ row: StatsQueries.CardMasteryRow, to tally: inout Tally) {
        tally.suspended = tally.suspended || row.suspended
        tally.cards[row.cardID] = (row.state, row.mature)
    }

    /// record: one answer — the card's word counted again with the card's new memory.
    public mutating func record(_ review: StatsReview) {
        let key = Key(deck: review.deck, question: review.question, reading: review.reading)
        var tally = tallies[key] ?? Tally()
        count(key, tally, sign: -1)
        tally.cards[review.cardID] = (review.after.state, (review.after.stability ?? 0) >= CategoryMastery.matureStability)
        tallies[key] = tally
        count(key, tally, sign: 1)
        sortCategories()
    }

    /// count: adds (sign 1) or takes away (-1) a word's part of the figures.
    private mutating func count(_ key: Key, _ tally: Tally, sign: Int) {
        guard tally.counted else { return }
        let name = index.category(deck: key.deck, question: key.question, reading: key.reading)
        var entry = byName[name] ?? CategoryMastery(category: name)
        entry.total += sign
        if tally.seen { entry.seen += sign }
        if tally.mature { entry.mature += sign }
        byName[name] = entry.total > 0 ? entry : nil
        if tally.suspended { states.suspended += sign } else { states[tally.state] += sign }
    }

    /// sortCategories: the categories in the decks' order, Other last.
    private mutating func sortCategories() {
        categories = byName.values.sorted { (index.rank(of: $0.category), $0.category) < (index.rank(of: $1.category), $1.category) }
    }
}
