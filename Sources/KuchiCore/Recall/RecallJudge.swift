/// RecallVerdict: the outcome of a typed answer in any direction, as the quiz acts on it.
public enum RecallVerdict: Hashable, Sendable {
    /// right: the answer is right as typed (the reading, the written form, or the meaning).
    case right
    /// almost: an English near miss within the typo tolerance: accepted, shown as "almost — …".
    case almost(expected: String)
    /// otherWord: the meaning of another deck word: not graded, "that's the meaning of … — try again".
    case otherWord(question: String)
    /// wrong: graded Again.
    case wrong

    /// isAccepted: counts as right (Good on the first try).
    public var isAccepted: Bool {
        switch self {
        case .right, .almost: true
        case .otherWord, .wrong: false
        }
    }
}

/// RecallJudge: picks the judge for a study direction, so the quiz has one call per answer.
///
/// Japanese → English judges the meaning; English → Japanese and reading judge the kana. In the
/// reading direction the written form is what is shown, so typing it back is not an answer;
/// in English → Japanese it is (the learner produced the word).
public struct RecallJudge: Sendable {
    /// english: the meaning judge, holding the deck's index of meanings.
    public let english: EnglishJudge

    /// init: a judge for one deck; `also` gives a word's other accepted meanings.
    public init(deck: [Challenge], also: (Challenge) -> [String] = { _ in [] }) {
        english = EnglishJudge(index: MeaningIndex(challenges: deck, also: also))
    }

    /// judge: the verdict for `submission` (a `TypedAnswer.submission`) for `challenge` asked in
    /// `direction`; `also` is the word's other accepted meanings.
    public func judge(_ submission: String, for challenge: Challenge, direction: StudyDirection, also: [String] = []) -> RecallVerdict {
        switch direction {
        case .japaneseToEnglish:
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
            case .wrong: .wrong
            }
        }
    }
}

extension TypedAnswer.Mode {
    /// init(direction:): the answer field's mode for a direction: English for Japanese → English,
    /// romaji-to-kana for the two that are answered in Japanese.
    public init(direction: StudyDirection) {
        switch direction {
        case .japaneseToEnglish: self = .english
        case .englishToJapanese, .reading: self = .japanese
        }
    }
}
