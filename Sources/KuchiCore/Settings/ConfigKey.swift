import Foundation
import KuchiBase
import KuchiDeck
import KuchiData
import KuchiSync

/// ConfigKey: a learner setting as `kuchi config` names it — the Settings items in kebab case —
/// with how its value is printed and read. The ranges are the Settings ranges: one rule, two
/// ways in (the Settings tab and the command line).
public enum ConfigKey: String, CaseIterable, Sendable {
    case questions
    case newWordsPerDay = "new-words-per-day"
    case retention
    case dayStartsAt = "day-starts-at"
    case deck
    case categories
    case levels
    case direction
    case answer
    case teach
    case learn
    case syncDir = "sync-dir"
    case appearance
    case cardColor = "card-color"
    case audio

    /// field: the profile field the key sets.
    public var field: ProfileField {
        switch self {
        case .questions: .numberOfQuestions
        case .newWordsPerDay: .newWordsPerDay
        case .retention: .desiredRetention
        case .dayStartsAt: .dayRolloverHour
        case .deck: .deck
        case .categories: .categories
        case .levels: .levels
        case .direction: .studyDirection
        case .answer: .answerKind
        case .teach: .teachNewWords
        case .learn: .learningEnabled
        case .syncDir: .syncFolder
        case .appearance: .appearance
        case .cardColor: .cardColor
        case .audio: .audio
        }
    }

    /// allowed: the values the key takes, as the sentence of a refusal says them.
    public var allowed: String {
        switch self {
        case .questions: "a number from \(Settings.questionRange.lowerBound) to \(Settings.questionRange.upperBound)"
        case .newWordsPerDay: "a number from \(Settings.newWordsPerDayRange.lowerBound) to \(Settings.newWordsPerDayRange.upperBound)"
        case .retention: "a fraction from 0.70 to 0.97 (or a percentage from 70 to 97)"
        case .dayStartsAt: "an hour from 0 to 23"
        case .deck: "a deck name from `kuchi decks`, or \"\" for the bundled deck"
        case .categories: "category names separated by commas, or \"\" for all of them"
        case .levels: "JLPT levels from 5 (N5) to 1 separated by commas (5,4 or N5,N4), or \"\" for all of them"
        case .direction: QuizDirection.allCases.map(\.rawValue).joined(separator: ", ")
        case .answer: AnswerKind.allCases.map(\.rawValue).joined(separator: ", ")
        case .teach, .learn: "on, off"
        case .syncDir: "a folder path, or \"\" for none"
        case .appearance: Appearance.allCases.map(\.rawValue).joined(separator: ", ")
        case .cardColor: CardColor.allCases.map(\.rawValue).joined(separator: ", ")
        case .audio: AudioMode.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }

    /// text: the key's value in `settings`, as `kuchi config` prints it.
    public func text(in settings: Settings) -> String {
        switch self {
        case .questions: String(settings.numberOfQuestions)
        case .newWordsPerDay: String(settings.newWordsPerDay)
        case .retention: String(format: "%.2f", settings.desiredRetention)
        case .dayStartsAt: String(settings.dayRolloverHour)
        case .deck: settings.deck
        case .categories: settings.categories.joined(separator: ",")
        case .levels: settings.levels.map(String.init).joined(separator: ",")
        case .direction: settings.studyDirection.rawValue
        case .answer: settings.answerKind.rawValue
        case .teach: settings.teachNewWords ? "on" : "off"
        case .learn: settings.learningEnabled ? "on" : "off"
        case .syncDir: settings.syncFolder
        case .appearance: settings.appearance.rawValue
        case .cardColor: settings.cardColor.rawValue
        case .audio: settings.audio.rawValue
        }
    }

    /// json: the key's value in `settings` as a JSON value (numbers as numbers, lists as arrays).
    func json(in settings: Settings) -> JSONValue {
        switch self {
        case .questions: .integer(Int64(settings.numberOfQuestions))
        case .newWordsPerDay: .integer(Int64(settings.newWordsPerDay))
        case .retention: .double(settings.desiredRetention)
        case .dayStartsAt: .integer(Int64(settings.dayRolloverHour))
        case .categories: .array(settings.categories.map(JSONValue.string))
        case .levels: .array(settings.levels.map { .integer(Int64($0)) })
        default: .string(text(in: settings))
        }
    }

    /// jsonValue: one key's value in `settings` as JSON text.
    public static func jsonValue(_ key: ConfigKey, in settings: Settings) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(key.json(in: settings))).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// jsonObject: every key's value in `settings` as one JSON object (keys sorted).
    public static func jsonObject(_ settings: Settings) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let object = JSONValue.object(Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.json(in: settings)) }))
        return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// setting: `settings` with the key set to `text`; nil when `text` is not one of `allowed`.
    /// The sync folder is made absolute as Settings makes it; its `~` is the home folder (`home`).
    public func setting(_ text: String, in settings: Settings, home: String) -> Settings? {
        var result = settings
        let trimmed = text.trimmingSpaces()
        switch self {
        case .questions:
            guard let value = Int(trimmed), Settings.questionRange.contains(value) else { return nil }
            result.numberOfQuestions = value
        case .newWordsPerDay:
            guard let value = Int(trimmed), Settings.newWordsPerDayRange.contains(value) else { return nil }
            result.newWordsPerDay = value
        case .retention:
            guard let value = Self.retention(trimmed) else { return nil }
            result.desiredRetention = value
        case .dayStartsAt:
            guard let value = Int(trimmed), Settings.dayRolloverHourRange.contains(value) else { return nil }
            result.dayRolloverHour = value
        case .deck:
            guard SettingRules.deckProblem(trimmed) == nil else { return nil }
            result.deck = trimmed
        case .categories:
            guard SettingRules.categoriesProblem(Self.list(trimmed)) == nil else { return nil }
            result.categories = Self.list(trimmed)
        case .levels:
            let levels = Self.list(trimmed).map { $0.uppercased().hasPrefix("N") ? String($0.dropFirst()) : $0 }.map { Int($0) }
            guard levels.allSatisfy({ $0.map { (1...5).contains($0) } ?? false }) else { return nil }
            result.levels = Array(Set(levels.compactMap { $0 })).sorted(by: >)
        case .direction:
            guard let value = QuizDirection(rawValue: trimmed) else { return nil }
            result.studyDirection = value
        case .answer:
            guard let value = AnswerKind(rawValue: trimmed) else { return nil }
            result.answerKind = value
        case .teach, .learn:
            guard let value = Self.onOff(trimmed) else { return nil }
            if self == .teach { result.teachNewWords = value } else { result.learningEnabled = value }
        case .syncDir:
            // The same absolute path Settings stores: a relative one would follow the current folder.
            guard let path = SyncFolderPath.resolve(trimmed, home: home) else { return nil }
            result.syncFolder = path
        case .appearance:
            guard let value = Appearance(rawValue: trimmed) else { return nil }
            result.appearance = value
        case .cardColor:
            guard let value = CardColor(rawValue: trimmed) else { return nil }
            result.cardColor = value
        case .audio:
            guard let value = AudioMode(rawValue: trimmed) else { return nil }
            result.audio = value
        }
        return result
    }

    /// retention: 0.70…0.97 given as a fraction, a percentage, or a percentage with "%".
    private static func retention(_ text: String) -> Double? {
        let percent = text.hasSuffix("%")
        guard var value = Double(percent ? String(text.dropLast()) : text), value.isFinite else { return nil }
        if percent || value > 1 { value /= 100 }
        value = (value * 100).rounded() / 100
        return Settings.desiredRetentionRange.contains(value) ? value : nil
    }

    /// list: comma-separated names, trimmed, without empties.
    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// onOff: on/off (also true/false, yes/no, 1/0).
    private static func onOff(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "on", "true", "yes", "1": true
        case "off", "false", "no", "0": false
        default: nil
        }
    }
}
