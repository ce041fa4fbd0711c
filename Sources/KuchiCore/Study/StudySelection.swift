import Foundation
import KuchiDeck
import KuchiData

/// StudyOverrides: this run's command-line choices (`--deck`, `--category`, `--level`,
/// `--direction`, `--answer`, `--questions`), held once; they win over the saved settings and
/// are never saved.
public struct StudyOverrides: Sendable {
    /// deck: `--deck NAME|FILE`: the learner's saved deck is not used while it is set.
    public var deck: DeckSource?
    public var categories: [String]?
    public var levels: [Int]?
    public var direction: QuizDirection?
    public var answerKind: AnswerKind?
    public var questions: Int?
    public var teachNewWords: Bool?

    /// init: overrides; nil leaves the saved setting in force.
    public init(deck: DeckSource? = nil, categories: [String]? = nil, levels: [Int]? = nil, direction: QuizDirection? = nil,
                answerKind: AnswerKind? = nil, questions: Int? = nil, teachNewWords: Bool? = nil) {
        self.deck = deck
        self.categories = categories
        self.levels = levels
        self.direction = direction
        self.answerKind = answerKind
        self.questions = questions
        self.teachNewWords = teachNewWords
    }
}

/// StudySelection: what the learner studies now — whose memory, which deck, which of its words,
/// which directions, and the settings that shape the queue. When it changes, the session makes
/// a new quiz (between sessions for queue settings, at once for other words).
public struct StudySelection: Equatable, Sendable {
    public var learner: UUID?
    /// deck: the saved deck name ("" the bundled deck); nil when `--deck` fixes the deck.
    public var deck: String?
    public var categories: [String]
    public var levels: [Int]
    public var direction: QuizDirection
    public var newWordLimit: Int
    public var desiredRetention: Double
    public var rolloverHour: Int
    public var teachNewWords: Bool

    /// init: a selection from its fields.
    public init(learner: UUID?, deck: String?, categories: [String], levels: [Int], direction: QuizDirection, newWordLimit: Int,
                desiredRetention: Double, rolloverHour: Int, teachNewWords: Bool) {
        self.learner = learner
        self.deck = deck
        self.categories = categories
        self.levels = levels
        self.direction = direction
        self.newWordLimit = newWordLimit
        self.desiredRetention = desiredRetention
        self.rolloverHour = rolloverHour
        self.teachNewWords = teachNewWords
    }

    /// init(learner:settings:): a saved learner's selection (what `kuchi due` counts).
    public init(learner: UUID, settings: Settings) {
        self.init(learner: learner, deck: settings.deck, categories: settings.categories, levels: settings.levels,
                  direction: settings.studyDirection, newWordLimit: settings.newWordsPerDay, desiredRetention: settings.desiredRetention,
                  rolloverHour: settings.dayRolloverHour, teachNewWords: settings.teachNewWords)
    }

    /// sameWords: the same learner studies the same cards (same deck, words and directions):
    /// only queue settings differ, which wait until no session is under way.
    public func sameWords(as other: StudySelection?) -> Bool {
        guard let other else { return false }
        return learner == other.learner && deck == other.deck && categories == other.categories && levels == other.levels
            && direction == other.direction
    }

    /// day: the learner's study day.
    public var day: StudyDay { StudyDay(rolloverHour: rolloverHour) }
}
