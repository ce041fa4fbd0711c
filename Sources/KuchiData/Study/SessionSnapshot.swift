import Foundation

/// MissedWord: a word missed this session and when it comes back, for the session summary.
public struct MissedWord: Hashable, Sendable, Codable {
    /// question: the word as shown.
    public var question: String
    /// reading: its kana reading, if the deck has one.
    public var reading: String?
    /// answer: the right answer.
    public var answer: String
    /// due: when the scheduler brings it back.
    public var due: Date

    /// init: a missed word.
    public init(question: String, reading: String?, answer: String, due: Date) {
        self.question = question
        self.reading = reading
        self.answer = answer
        self.due = due
    }
}

/// SessionSnapshot: everything needed to continue a quiz session after Kuchi quits — the word
/// up with its choices, the answers so far and the score — saved with every answer.
public struct SessionSnapshot: Equatable, Sendable, Codable {
    /// format: the snapshot layout; a newer one is ignored (a fresh session starts).
    public static let currentFormat = 1

    /// format: this snapshot's layout.
    public var format = SessionSnapshot.currentFormat
    /// numberOfQuestions: right answers that end the session.
    public var numberOfQuestions: Int
    /// currentCard: the card up, nil when the session is complete.
    public var currentCard: Int64?
    /// choices: the current word's choices, in the order shown.
    public var choices: [String]
    /// triedAnswers: wrong answers already chosen for the current word.
    public var triedAnswers: [String]
    /// graded: the current showing has already been graded (a miss), so the retry is not.
    public var graded: Bool
    /// answeredCards: cards answered right this session, in order.
    public var answeredCards: [Int64]
    /// correct: right answers so far.
    public var correct: Int
    /// wrong: misses so far.
    public var wrong: Int
    /// streak: right answers since the last miss.
    public var streak: Int
    /// bestStreak: the longest streak so far.
    public var bestStreak: Int
    /// elapsed: seconds played so far.
    public var elapsed: TimeInterval
    /// missed: words missed this session, with when each comes back.
    public var missed: [MissedWord]
    /// feedback: the answer shown after a miss of the word up (a resumed retry shows it again);
    /// nil otherwise. Optional, so snapshots saved before it existed still read.
    public var feedback: String?

    /// init: a snapshot from its fields.
    public init(numberOfQuestions: Int, currentCard: Int64?, choices: [String], triedAnswers: [String], graded: Bool,
                answeredCards: [Int64], correct: Int, wrong: Int, streak: Int, bestStreak: Int, elapsed: TimeInterval,
                missed: [MissedWord], feedback: String? = nil) {
        self.numberOfQuestions = numberOfQuestions
        self.currentCard = currentCard
        self.choices = choices
        self.triedAnswers = triedAnswers
        self.graded = graded
        self.answeredCards = answeredCards
        self.correct = correct
        self.wrong = wrong
        self.streak = streak
        self.bestStreak = bestStreak
        self.elapsed = elapsed
        self.missed = missed
        self.feedback = feedback
    }

    /// encode: the snapshot as the JSON text stored in the `session` table.
    package static func encode(_ snapshot: SessionSnapshot) throws -> String {
        String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
    }

    /// decode: a stored snapshot; throws for another format or damaged text.
    package static func decode(_ text: String) throws -> SessionSnapshot {
        let snapshot = try JSONDecoder().decode(SessionSnapshot.self, from: Data(text.utf8))
        guard snapshot.format == currentFormat else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "format")) }
        return snapshot
    }
}
