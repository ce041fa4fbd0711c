import Foundation

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

    public var numberOfQuestions: Int
    public var appearance: Appearance
    public var learningEnabled: Bool
    public var cardColor: CardColor

    public init(numberOfQuestions: Int = Settings.defaultQuestions, appearance: Appearance = .terminal,
                learningEnabled: Bool = true, cardColor: CardColor = .blue) {
        self.numberOfQuestions = Settings.clampQuestions(numberOfQuestions)
        self.appearance = appearance
        self.learningEnabled = learningEnabled
        self.cardColor = cardColor
    }

    /// clampQuestions: keeps a question count inside `questionRange`.
    public static func clampQuestions(_ value: Int) -> Int {
        min(max(value, questionRange.lowerBound), questionRange.upperBound)
    }

    private enum CodingKeys: String, CodingKey {
        case numberOfQuestions, appearance, learningEnabled, cardColor
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = Settings()
        numberOfQuestions = Settings.clampQuestions((try? container.decodeIfPresent(Int.self, forKey: .numberOfQuestions)) ?? nil ?? defaults.numberOfQuestions)
        appearance = (try? container.decodeIfPresent(Appearance.self, forKey: .appearance)) ?? nil ?? defaults.appearance
        learningEnabled = (try? container.decodeIfPresent(Bool.self, forKey: .learningEnabled)) ?? nil ?? defaults.learningEnabled
        cardColor = (try? container.decodeIfPresent(CardColor.self, forKey: .cardColor)) ?? nil ?? defaults.cardColor
    }
}

/// Profile: one learner — a name, their settings, and when they last played.
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
}
