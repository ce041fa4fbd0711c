import Foundation
import KuchiDeck

/// StatsCategoryIndex: which category each card's word belongs to, from the decks.
///
/// The database keeps cards by (deck title, question, reading) and knows nothing of categories;
/// they come from the deck files, so the statistics join them here. A word no deck names any
/// more (removed from its deck, or a deck not loaded) or one without a category counts under
/// `other`, so category totals still add up to the cards the export lists.
public struct StatsCategoryIndex: Sendable, Equatable {
    /// Word: a deck's word as the card rows name it.
    public struct Word: Hashable, Sendable {
        public var question: String
        public var reading: String
    }

    /// other: the category of words with none.
    public static let other = "Other"
    /// order: category names in the decks' order of first appearance.
    public private(set) var order: [String] = []
    /// categories: each deck's words' categories, by deck title then word: a lookup hashes the
    /// word's two strings, not a string made per lookup of all three (`kuchi stats` looks up
    /// every card of the learner, issue 39).
    private var categories: [String: [Word: String]] = [:]
    /// words: each deck's words (question, reading) in deck order, by deck title: the words a
    /// learner of that deck studies, whether or not this machine holds a card row for them.
    public private(set) var words: [String: [Word]] = [:]

    /// init: the categories of every word of `decks`.
    public init(decks: [Deck] = []) {
        for deck in decks {
            for challenge in deck.challenges {
                let category = challenge.category ?? Self.other
                let word = Word(question: challenge.question, reading: challenge.reading ?? "")
                if categories[deck.title]?[word] == nil { words[deck.title, default: []].append(word) }
                categories[deck.title, default: [:]][word] = category
                if !order.contains(category) { order.append(category) }
            }
        }
    }

    /// category: the category of a card's word.
    public func category(deck: String, question: String, reading: String) -> String {
        categories[deck]?[Word(question: question, reading: reading)] ?? Self.other
    }

    /// rank: where a category sorts (deck order, `other` last).
    public func rank(of category: String) -> Int {
        order.firstIndex(of: category) ?? (category == Self.other ? Int.max : order.count)
    }
}
