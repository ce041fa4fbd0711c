import Foundation

/// CardScheduler: what the study queue and the store need from a spaced-repetition scheduler —
/// FSRSScheduler's methods, behind a protocol so tests can use a simple, predictable one.
public protocol CardScheduler {
    /// review: the card after being graded `rating` at `at`.
    func review(_ card: FSRSCard, rating: Rating, at: Date) -> FSRSCard
    /// review(_:rating:at:fuzzSeed:): the same, with any random draw (fuzz) taken from a
    /// generator seeded with `fuzzSeed` — a review's id — so every machine computes the same due.
    func review(_ card: FSRSCard, rating: Rating, at: Date, fuzzSeed: UInt64) -> FSRSCard
    /// retrievability: the probability (0…1) the learner recalls the card at `at`.
    func retrievability(of card: FSRSCard, at: Date) -> Double
}

extension CardScheduler {
    /// review(_:rating:at:fuzzSeed:): a scheduler that draws nothing ignores the seed.
    public func review(_ card: FSRSCard, rating: Rating, at: Date, fuzzSeed: UInt64) -> FSRSCard {
        review(card, rating: rating, at: at)
    }
}
