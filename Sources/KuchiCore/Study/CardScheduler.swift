import Foundation

/// CardScheduler: what the study queue and the store need from a spaced-repetition scheduler —
/// FSRSScheduler's two methods, behind a protocol so tests can use a simple, predictable one.
public protocol CardScheduler {
    /// review: the card after being graded `rating` at `at`.
    func review(_ card: FSRSCard, rating: Rating, at: Date) -> FSRSCard
    /// retrievability: the probability (0…1) the learner recalls the card at `at`.
    func retrievability(of card: FSRSCard, at: Date) -> Double
}
