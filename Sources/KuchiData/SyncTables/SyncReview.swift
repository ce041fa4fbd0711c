import Foundation
import KuchiDeck
import KuchiMemory

/// SyncReview: one review as it travels — its id, the card's identity, and the answer.
public struct SyncReview: Equatable, Sendable {
    /// uid: the review's global id (`ReviewID`).
    public var uid: String
    /// deck, question, reading, direction: the card's identity (deck by title).
    public var deck: String
    public var question: String
    public var reading: String
    public var direction: StudyDirection
    /// answer: the deck's answer, so a machine that never loaded the deck can name the card.
    public var answer: String
    /// time: ms since 1970 (UTC), as the review log stores it.
    public var time: Int64
    /// rating: Again … Easy.
    public var rating: Rating
    /// duration: ms from the word being shown to the answer.
    public var duration: Int

    /// init: every field.
    package init(uid: String, deck: String, question: String, reading: String, direction: StudyDirection, answer: String, time: Int64, rating: Rating, duration: Int) {
        self.uid = uid
        self.deck = deck
        self.question = question
        self.reading = reading
        self.direction = direction
        self.answer = answer
        self.time = time
        self.rating = rating
        self.duration = duration
    }
}
