import Foundation
import KuchiBase

/// Profile: one learner — a name, their settings, and when they last played.
///
/// `id` is the learner's identity everywhere (the profile file's name, the progress database's
/// key); the name is only what people see, and two profiles never share it (see `isNamed`).
public struct Profile: Hashable, Sendable, Codable, Identifiable {
    public let id: UUID
    public var name: String
    public var settings: Settings
    public var lastUsed: Date

    public init(id: UUID = UUID(), name: String, settings: Settings = Settings(), lastUsed: Date = Date()) {
        self.id = id
        self.name = name
        self.settings = settings
        self.lastUsed = lastUsed
    }

    /// nameLengthRange: user-perceived characters allowed in a name, after trimming.
    public static let nameLengthRange = 3...32

    /// isValidName: at least 3 display columns and at most 32 user-perceived characters after
    /// trimming (the same rule for a name typed here and one received from the sync folder).
    public static func isValidName(_ name: String) -> Bool {
        let trimmed = name.trimmingSpacesAndNewlines()
        return trimmed.displayWidth >= nameLengthRange.lowerBound && trimmed.count <= nameLengthRange.upperBound
    }

    /// isNamed: whether `other` names this learner: compared trimmed, ignoring case and
    /// full-width/half-width forms ("ｓａｋｕｒａ " is Sakura), so a new profile never looks
    /// like an old one in the picker.
    public func isNamed(_ other: String) -> Bool {
        Self.nameKey(name) == Self.nameKey(other)
    }

    /// nameKey: the form two names are compared in. An ASCII name folds to its lower case, which
    /// is what Foundation's folding gives it (a test holds them equal); Foundation is asked for
    /// the rest only — its first use in a process bridges through NSString, about 600k
    /// instructions of `kuchi due --profile NAME`.
    package static func nameKey(_ name: String) -> String {
        let trimmed = name.trimmingSpacesAndNewlines()
        if trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return trimmed.lowercased() }
        return trimmed.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}

/// ProfileField: one saved field of a profile, and where it lives in the profile file.
///
/// A save names the fields that changed, and only those are written into the file as it is on
/// disk now; so two windows changing different settings both keep their change, and keys this
/// build does not know are left as they are.
public enum ProfileField: String, CaseIterable, Sendable {
    case name, lastUsed
    case numberOfQuestions, appearance, learningEnabled, cardColor, newWordsPerDay, desiredRetention, dayRolloverHour
    case deck, categories
    case studyDirection, answerKind
    case teachNewWords, levels
    case syncFolder
    case audio

    /// local: what the profile file keeps — this machine's part of the learner: the name it
    /// lists them by, when they last played here, and the folder this machine syncs through.
    /// Every other field is a setting, kept in the learner database's log (`SettingValues`).
    public static let local: [ProfileField] = [.name, .lastUsed, .syncFolder]

    /// settingTitle: how a sentence names the field — its `kuchi config` key (`ConfigKey`'s raw
    /// value, a test holds them equal), or "name". Here, below the config keys, so the data
    /// layer's gate names a refused setting the way `kuchi config` does.
    public var settingTitle: String {
        switch self {
        case .name: "name"
        case .lastUsed: "lastUsed"
        case .numberOfQuestions: "questions"
        case .newWordsPerDay: "new-words-per-day"
        case .desiredRetention: "retention"
        case .dayRolloverHour: "day-starts-at"
        case .deck: "deck"
        case .categories: "categories"
        case .levels: "levels"
        case .studyDirection: "direction"
        case .answerKind: "answer"
        case .teachNewWords: "teach"
        case .learningEnabled: "learn"
        case .syncFolder: "sync-dir"
        case .appearance: "appearance"
        case .cardColor: "card-color"
        case .audio: "audio"
        }
    }

    /// path: the keys from the `profile` object down to the value.
    package var path: [String] {
        switch self {
        case .name, .lastUsed: [rawValue]
        default: ["settings", rawValue]
        }
    }
}
