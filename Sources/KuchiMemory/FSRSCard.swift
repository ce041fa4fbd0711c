import Foundation

/// Rating: how well a learner recalled a card, as FSRS grades it (1 Again … 4 Easy).
public enum Rating: Int, Sendable, Codable, CaseIterable, Comparable {
    case again = 1
    case hard = 2
    case good = 3
    case easy = 4

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// CardState: where a card stands, numbered as the FSRS optimizer's review log numbers it
/// (0 New, 1 Learning, 2 Review, 3 Relearning).
///
/// The reference implementation has no New state (a fresh card is Learning at step 0); Kuchi
/// keeps New for a card never reviewed, so exports and statistics can tell them apart.
public enum CardState: Int, Sendable, Codable, CaseIterable {
    case new = 0
    case learning = 1
    case review = 2
    case relearning = 3
}

/// FSRSCard: one card's memory, field for field the reference implementation's `Card`.
///
/// `stability` and `difficulty` are nil until the first review; `step` is the learning or
/// relearning step (nil in Review).
public struct FSRSCard: Equatable, Sendable, Codable {
    /// state: New until the first review, then Learning, Review or Relearning.
    public var state: CardState
    /// step: the index into the learning (or relearning) steps; nil in Review.
    public var step: Int?
    /// stability: days until the chance of recall falls to 90 %; nil before the first review.
    public var stability: Double?
    /// difficulty: 1 (easy) … 10 (hard); nil before the first review.
    public var difficulty: Double?
    /// due: when the card should next be asked.
    public var due: Date
    /// lastReview: when it was last answered; nil before the first review.
    public var lastReview: Date?
    /// reps: how many reviews the card has had (the reference does not count them).
    public var reps: Int
    /// lapses: how many times a card in Review was forgotten (rated Again).
    public var lapses: Int

    /// init: a card; `FSRSCard(due: now)` is a new card, due at once.
    public init(state: CardState = .new, step: Int? = 0, stability: Double? = nil, difficulty: Double? = nil,
                due: Date, lastReview: Date? = nil, reps: Int = 0, lapses: Int = 0) {
        self.state = state
        self.step = step
        self.stability = stability
        self.difficulty = difficulty
        self.due = due
        self.lastReview = lastReview
        self.reps = reps
        self.lapses = lapses
    }
}
