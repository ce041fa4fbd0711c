import Foundation
import KuchiDeck

/// Feedback: what the learner is told after an answer.
public enum Feedback: Hashable, Sendable {
    /// correct: the challenge just answered right (the quiz has already moved on).
    case correct(Challenge)
    /// alsoRight: a typed meaning that is right but not the one taught (a JMdict gloss of another
    /// sense, "vacation" for 休み): accepted; the feedback shows the taught meaning too.
    case alsoRight(Challenge, typed: String)
    /// wrong: the answer chosen, which was not the current challenge's.
    case wrong(String)
    /// almost: a typed near miss, accepted ("almost — restaurant"); the quiz has moved on.
    case almost(Challenge, expected: String)
    /// missed: a typed answer that is wrong; the right one is shown and typing it goes on.
    case missed(Challenge, typed: String)
    /// revealed: "I don't know": the answer is shown; typing it goes on.
    case revealed(Challenge)
    /// otherWord: the typed meaning belongs to another word: not counted, try again.
    case otherWord(typed: String, question: String)
    /// englishExpected: Japanese was typed where the English meaning is asked: not counted.
    case englishExpected(typed: String)
    /// nothingToUndo: undo was asked for with no answer of this session to take back.
    case nothingToUndo
    /// synonym: English → Japanese: the typed word (written `question`, meaning `meaning`) is
    /// also a right translation, but another word is asked: not counted, try again.
    case synonym(typed: String, question: String, meaning: String)
    /// contrasted: a typed answer that is the word's contrast partner (written `question`,
    /// meaning `meaning`): graded as a miss; the feedback says how the two differ.
    case contrasted(Challenge, typed: String, question: String, meaning: String)
    /// otherReading: reading direction: `reading` is another real reading of the written form,
    /// meaning `meaning`: not counted; the feedback shows the meaning this card asks for.
    case otherReading(Challenge, reading: String, meaning: String)
    /// overruled: "I was right" (F5): the miss on `typed` now counts as right; asks whether to
    /// keep `typed` as the learner's own answer for the word.
    case overruled(Challenge, typed: String, direction: StudyDirection)
    /// overruleRefused: "I was right" (F5) on an answer that is another deck word's (written
    /// `question`, meaning `meaning`): the miss stands, and the sentence names that word.
    case overruleRefused(Challenge, typed: String, question: String, meaning: String, isPartner: Bool)
    /// confirmingOwnAnswer: "y" after F5 on an answer Kuchi knows as no meaning of the word:
    /// asks once more before keeping it ("“banana” is not a meaning Kuchi knows for 犬").
    case confirmingOwnAnswer(Challenge, typed: String, direction: StudyDirection)
    /// ownAnswerKept: the learner's own answer `typed` is accepted for the word from now on.
    case ownAnswerKept(Challenge, typed: String)

    /// showsAnswer: the feedback reveals the current word's answer (a miss or "I don't know").
    public var showsAnswer: Bool {
        switch self {
        case .missed, .revealed, .contrasted, .overruleRefused: true
        default: false
        }
    }

    /// missedTyped: the typed answer of a graded miss (what "I was right" would count as right).
    public var missedTyped: String? {
        switch self {
        case .missed(_, let typed), .contrasted(_, let typed, _, _): typed
        default: nil
        }
    }
}

/// Confirmation: a right answer as it is confirmed — the test answered (its word and choices)
/// and the verdict (`correct`, or a typed `almost`).
public struct Confirmation: Hashable, Sendable {
    /// test: the word answered, with the choices it was asked with.
    public let test: ChallengeTest
    /// feedback: the verdict shown.
    public let feedback: Feedback
}

/// Leech: a card forgotten `WordHistory.leechLapses` times or more, as the learner is told.
public struct Leech: Hashable, Sendable {
    public let challenge: Challenge
    public let cardID: Int64
    public let lapses: Int
}

/// AnswerOutcome: the result of `ChallengesViewModel.check(_:)`.
public enum AnswerOutcome: Hashable, Sendable {
    case correct
    case wrong
    /// alreadyTried: the same wrong answer again; it changes nothing and costs nothing.
    case alreadyTried
    /// notAChoice: no challenge is up, or the answer is not one of its choices (or is empty).
    case notAChoice
    /// notCounted: a typed meaning of another deck word: neither right nor wrong.
    case notCounted
}
