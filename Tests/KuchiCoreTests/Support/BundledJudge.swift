@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// BundledJudge: the judge built from the whole bundled deck (as the app builds it), with the
/// deck and its entries by written form — what the whole-deck judge suites start from.
@MainActor
enum BundledJudge {
    /// make: the bundled deck, its judge, and its entries by question (the first of a written form).
    static func make() throws -> (Deck, RecallJudge, [String: Challenge]) {
        let deck = try Deck.bundled()
        let judge = RecallJudge(deck: deck.challenges, also: \.also)
        return (deck, judge, Dictionary(deck.challenges.map { ($0.question, $0) }, uniquingKeysWith: { first, _ in first }))
    }
}
