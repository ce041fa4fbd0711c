import Foundation

/// FSRSScheduler is the scheduler the study queue and the store use in the app.
extension FSRSScheduler: CardScheduler {
    /// review(_:rating:at:fuzzSeed:): fuzz drawn from SplitMix64 seeded with the review's id.
    public func review(_ card: FSRSCard, rating: Rating, at now: Date, fuzzSeed: UInt64) -> FSRSCard {
        var random = SeededGenerator(seed: fuzzSeed)
        return review(card, rating: rating, at: now, random: &random)
    }
}
