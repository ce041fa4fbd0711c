import Foundation
import KuchiMemory

/// StatsReview: one graded answer as the statistics need it — the card before and after, so
/// every figure it touches can be adjusted without asking the database again.
///
/// The quiz has both cards at hand when it records an answer (the store computes `after` from
/// `before`), so building this costs nothing.
public struct StatsReview: Equatable, Sendable {
    public var cardID: Int64
    /// deck: the deck title (with question and reading, the card's identity and its category).
    public var deck: String
    public var question: String
    public var reading: String
    /// meaning: the deck's answer, for the hardest words.
    public var meaning: String
    public var time: Date
    public var rating: Rating
    /// milliseconds: time taken to answer.
    public var milliseconds: Int
    public var before: FSRSCard
    public var after: FSRSCard

    /// init: an answer and the card's memory before and after it.
    public init(cardID: Int64, deck: String, question: String, reading: String, meaning: String, time: Date, rating: Rating,
                milliseconds: Int, before: FSRSCard, after: FSRSCard) {
        self.cardID = cardID
        self.deck = deck
        self.question = question
        self.reading = reading
        self.meaning = meaning
        self.time = time
        self.rating = rating
        self.milliseconds = milliseconds
        self.before = before
        self.after = after
    }
}
