import Foundation
import KuchiDeck

/// Appearance: how Kuchi colours the terminal.
public enum Appearance: String, Codable, CaseIterable, Sendable {
    /// terminal: the terminal's own colours (default background and foreground).
    case terminal
    case dark
    case light
    /// monochrome: no colour at all; meaning is carried by text and attributes.
    case monochrome
}

/// CardColor: the learner's flash-card colour, from the terminal's eight-colour palette.
public enum CardColor: String, Codable, CaseIterable, Sendable {
    case red, green, yellow, blue, magenta, cyan, white
}

/// Settings: a learner's preferences, saved with the profile.
///
/// Decoding is lenient per field (a missing or unknown value falls back to its default) so an
/// older or hand-edited file keeps the learner's other settings instead of being rejected whole.
public struct Settings: Hashable, Sendable, Codable {
    /// questionRange: Kuchi's allowed number of questions per session.
    public static let questionRange = 3...20
    public static let defaultQuestions = 6
    /// newWordsPerDayRange: new words introduced per day by the scheduler.
    public static let newWordsPerDayRange = 0...100
    public static let defaultNewWordsPerDay = 10
    /// desiredRetentionRange: the recall probability FSRS schedules for.
    public static let desiredRetentionRange = 0.70...0.97
    public static let defaultDesiredRetention = 0.90
    /// dayRolloverHourRange: the local hour at which "today" begins (as Anki's "next day starts at").
    public static let dayRolloverHourRange = 0...23
    public static let defaultDayRolloverHour = 4

    /// numberOfQuestions: correct answers that end a session.
    public var numberOfQuestions: Int
    /// appearance: the colour scheme.
    public var appearance: Appearance
    /// learningEnabled: the Learn tab shows.
    public var learningEnabled: Bool
    /// cardColor: the flash cards' colour.
    public var cardColor: CardColor
    /// newWordsPerDay: new words introduced per study day.
    public var newWordsPerDay: Int
    /// desiredRetention: the recall probability the scheduler aims for.
    public var desiredRetention: Double
    /// dayRolloverHour: the local hour a study day starts.
    public var dayRolloverHour: Int
    /// deck: the deck studied — a name from `kuchi decks`; empty is the bundled deck.
    public var deck: String
    /// categories: the deck's categories studied; empty is all of them.
    public var categories: [String]
    /// studyDirection: which way words are asked (Japanese → English by default, as in Kuchi).
    public var studyDirection: QuizDirection
    /// answerKind: choose from three (Kuchi's way) or type the answer.
    public var answerKind: AnswerKind
    /// teachNewWords: a word met for the first time is shown as a New word card before it is
    /// asked (on by default).
    public var teachNewWords: Bool
    /// levels: the JLPT levels studied (5 = N5); empty is all of them. N5 unless the learner chose
    /// (issue 38: the deck holds N4 too, which a beginner meets once N4 is chosen).
    public var levels: [Int]
    /// syncFolder: the folder `kuchi sync` shares with the learner's other machines; empty is
    /// none. It names a path on this machine, so it never travels itself.
    public var syncFolder: String
    /// audio: when words are said (off, on request with `a`, or automatically); issue 31.
    public var audio: AudioMode

    public init(numberOfQuestions: Int = Settings.defaultQuestions, appearance: Appearance = .terminal,
                learningEnabled: Bool = true, cardColor: CardColor = .blue,
                newWordsPerDay: Int = Settings.defaultNewWordsPerDay,
                desiredRetention: Double = Settings.defaultDesiredRetention,
                dayRolloverHour: Int = Settings.defaultDayRolloverHour, deck: String = "", categories: [String] = [],
                studyDirection: QuizDirection = .japaneseToEnglish, answerKind: AnswerKind = .choose,
                teachNewWords: Bool = true, levels: [Int] = [5], syncFolder: String = "", audio: AudioMode = .onRequest) {
        self.numberOfQuestions = Settings.clampQuestions(numberOfQuestions)
        self.appearance = appearance
        self.learningEnabled = learningEnabled
        self.cardColor = cardColor
        self.newWordsPerDay = Settings.clampNewWordsPerDay(newWordsPerDay)
        self.desiredRetention = Settings.clampDesiredRetention(desiredRetention)
        self.dayRolloverHour = Settings.clampDayRolloverHour(dayRolloverHour)
        self.deck = deck
        self.categories = categories
        self.studyDirection = studyDirection
        self.answerKind = answerKind
        self.teachNewWords = teachNewWords
        self.levels = levels
        self.syncFolder = syncFolder
        self.audio = audio
    }

    /// clampQuestions: keeps a question count inside `questionRange`.
    public static func clampQuestions(_ value: Int) -> Int {
        min(max(value, questionRange.lowerBound), questionRange.upperBound)
    }

    /// clampNewWordsPerDay: keeps a daily new-word limit inside `newWordsPerDayRange`.
    public static func clampNewWordsPerDay(_ value: Int) -> Int {
        min(max(value, newWordsPerDayRange.lowerBound), newWordsPerDayRange.upperBound)
    }

    /// clampDesiredRetention: keeps a retention inside `desiredRetentionRange`; NaN (which no
    /// comparison clamps) becomes the default.
    public static func clampDesiredRetention(_ value: Double) -> Double {
        guard !value.isNaN else { return defaultDesiredRetention }
        return min(max(value, desiredRetentionRange.lowerBound), desiredRetentionRange.upperBound)
    }

    /// clampDayRolloverHour: keeps an hour inside `dayRolloverHourRange`.
    public static func clampDayRolloverHour(_ value: Int) -> Int {
        min(max(value, dayRolloverHourRange.lowerBound), dayRolloverHourRange.upperBound)
    }

    private enum CodingKeys: String, CodingKey {
        case numberOfQuestions, appearance, learningEnabled, cardColor, newWordsPerDay, desiredRetention, dayRolloverHour
        case deck, categories
        case studyDirection, answerKind
        case teachNewWords, levels
        case syncFolder
        case audio
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        /// value: the stored value, or nil when it is missing or of the wrong type.
        func value<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            (try? container.decodeIfPresent(type, forKey: key)) ?? nil
        }
        let defaults = Settings()
        self.init(numberOfQuestions: value(Int.self, .numberOfQuestions) ?? defaults.numberOfQuestions,
                  appearance: value(Appearance.self, .appearance) ?? defaults.appearance,
                  learningEnabled: value(Bool.self, .learningEnabled) ?? defaults.learningEnabled,
                  cardColor: value(CardColor.self, .cardColor) ?? defaults.cardColor,
                  newWordsPerDay: value(Int.self, .newWordsPerDay) ?? defaults.newWordsPerDay,
                  desiredRetention: value(Double.self, .desiredRetention) ?? defaults.desiredRetention,
                  dayRolloverHour: value(Int.self, .dayRolloverHour) ?? defaults.dayRolloverHour,
                  deck: value(String.self, .deck) ?? defaults.deck,
                  categories: value([String].self, .categories) ?? defaults.categories,
                  studyDirection: value(QuizDirection.self, .studyDirection) ?? defaults.studyDirection,
                  answerKind: value(AnswerKind.self, .answerKind) ?? defaults.answerKind,
                  teachNewWords: value(Bool.self, .teachNewWords) ?? defaults.teachNewWords,
                  levels: value([Int].self, .levels) ?? defaults.levels,
                  syncFolder: value(String.self, .syncFolder) ?? defaults.syncFolder,
                  audio: value(AudioMode.self, .audio) ?? defaults.audio)
    }
}
