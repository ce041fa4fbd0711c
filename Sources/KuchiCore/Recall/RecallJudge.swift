/// RecallVerdict: the outcome of a typed answer in any direction, as the quiz acts on it.
public enum RecallVerdict: Hashable, Sendable {
    /// right: the answer is right as typed (the reading, the written form, or the meaning).
    case right
    /// almost: an English near miss within the typo tolerance: accepted, shown as "almost — …".
    case almost(expected: String)
    /// otherWord: the meaning of another deck word: not graded, "that's the meaning of … — try again".
    case otherWord(question: String)
    /// synonym: English → Japanese: another deck word (written `question`, meaning `meaning`)
    /// that is also a right translation of the prompt: not graded, "that's also … — we're
    /// asking for another word".
    case synonym(question: String, meaning: String)
    /// wrong: graded Again.
    case wrong

    /// isAccepted: counts as right (Good on the first try).
    public var isAccepted: Bool {
        switch self {
        case .right, .almost: true
        case .otherWord, .synonym, .wrong: false
        }
    }
}

/// RecallJudge: picks the judge for a study direction, so the quiz has one call per answer.
///
/// Japanese → English judges the meaning; English → Japanese and reading judge the kana. In the
/// reading direction the written form is what is shown, so typing it back is not an answer;
/// in English → Japanese it is (the learner produced the word). In English → Japanese, another
/// deck word sharing one of the prompt's meanings (はは for "mother (someone's)") is a synonym,
/// not a miss.
public struct RecallJudge: Sendable {
    /// english: the meaning judge, holding the deck's index of meanings.
    public let english: EnglishJudge
    /// wordsByQuestion: the deck's words by written form, for the synonym check.
    private let wordsByQuestion: [String: Challenge]
    /// alsoByQuestion: each word's other accepted meanings, as `also` gave them.
    private let alsoByQuestion: [String: [String]]

    /// init: a judge for one deck; `also` gives a word's other accepted meanings.
    public init(deck: [Challenge], also: (Challenge) -> [String] = { _ in [] }) {
        english = EnglishJudge(index: MeaningIndex(challenges: deck, also: also))
        var words: [String: Challenge] = [:]
        var alsos: [String: [String]] = [:]
        for challenge in deck where words[challenge.question] == nil {
            words[challenge.question] = challenge
            alsos[challenge.question] = also(challenge)
        }
        wordsByQuestion = words
        alsoByQuestion = alsos
    }

    /// judge: the verdict for `submission` (a `TypedAnswer.submission`) for `challenge` asked in
    /// `direction`; `also` is the word's other accepted meanings.
    public func judge(_ submission: String, for challenge: Challenge, direction: StudyDirection, also: [String] = []) -> RecallVerdict {
        switch direction {
        case .japaneseToEnglish, .listening:
            switch english.judge(submission, for: challenge, also: also) {
            case .exact: .right
            case let .almost(expected): .almost(expected: expected)
            case let .otherWord(question): .otherWord(question: question)
            case .wrong: .wrong
            }
        case .englishToJapanese, .reading:
            switch ReadingJudge.judge(submission, for: challenge) {
            case .right: .right
            case .writtenForm: direction == .englishToJapanese ? .right : .wrong
            case .wrong: direction == .englishToJapanese ? synonym(submission, for: challenge, also: also) ?? .wrong : .wrong
            }
        }
    }

    /// synonym: the deck word `submission` spells, if it shares a meaning with `challenge` (the
    /// prompt "mother (someone's)" and 母 "mother (one's own)" share "mother").
    func synonym(_ submission: String, for challenge: Challenge, also: [String]) -> RecallVerdict? {
        for variant in EnglishMeaning.variants(of: [challenge.answer] + also) {
            for question in english.index.questions(forNormalized: variant.normalized) where question != challenge.question {
                guard let other = wordsByQuestion[question], ReadingJudge.judge(submission, for: other).isAccepted else { continue }
                return .synonym(question: other.question, meaning: other.answer)
            }
        }
        return nil
    }
}

extension TypedAnswer.Mode {
    /// init(direction:): the answer field's mode for a direction: English for Japanese → English,
    /// romaji-to-kana for the two that are answered in Japanese.
    public init(direction: StudyDirection) {
        switch direction {
        case .japaneseToEnglish, .listening: self = .english
        case .englishToJapanese, .reading: self = .japanese
        }
    }
}
