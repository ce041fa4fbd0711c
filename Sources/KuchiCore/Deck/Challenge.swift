/// Challenge: one vocabulary item of a deck, as the learner meets it.
///
/// `reading` is the kana reading (required by the deck rules when `question` has kanji) and
/// `pronunciation` the Hepburn romaji; the original Kuchi stored a pronunciation but never showed
/// it, so Kuchi for the terminal shows both behind the hint toggle.
public struct Challenge: Hashable, Sendable, Codable {
    /// question: the word as normally written (kanji where usual).
    public var question: String
    /// reading: the kana reading; required when `question` has kanji.
    public var reading: String?
    /// pronunciation: modified Hepburn romaji.
    public var pronunciation: String
    /// answer: a short English meaning, unique in its deck.
    public var answer: String
    /// category: where same-category distractors come from.
    public var category: String?

    public init(question: String, reading: String? = nil, pronunciation: String, answer: String, category: String? = nil) {
        self.question = question
        self.reading = reading
        self.pronunciation = pronunciation
        self.answer = answer
        self.category = category
    }
}

/// ChallengeTest: a challenge with the answer choices shown for it (the right one among them).
public struct ChallengeTest: Hashable, Sendable {
    /// challenge: the word being asked.
    public let challenge: Challenge
    /// answers: the shuffled choices, the right one among them.
    public let answers: [String]

    public init(challenge: Challenge, answers: [String]) {
        self.challenge = challenge
        self.answers = answers
    }

    /// isCorrect: whether `answer` is this challenge's answer.
    public func isCorrect(_ answer: String) -> Bool {
        answer == challenge.answer
    }

    /// correctIndex: where the right answer sits among the choices.
    public var correctIndex: Int? {
        answers.firstIndex(of: challenge.answer)
    }
}
