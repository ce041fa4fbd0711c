import Foundation
import KuchiDeck

/// SettingRules: what a setting's value may be, whoever sets it — the Settings tab, `kuchi
/// config`, a profile file carried over, or another machine through the sync folder (issue 36).
///
/// Numbers are kept in range by `Settings`' decoder, so a value out of range does not survive
/// the round trip `SettingValues.isValid` makes; the lists and texts are checked here: a level
/// is a JLPT level (1…5), a category a line of printable text (a newline in one made `kuchi
/// config` print a forged `questions = 20` line), the deck a name from the library.
public enum SettingRules {
    /// maximumCategory: the longest category name accepted, in bytes (the longest a deck has is
    /// a few dozen).
    package static let maximumCategory = 200
    /// maximumCategories: the most categories one choice may hold.
    package static let maximumCategories = 1000
    /// levels: the JLPT levels.
    public static let levels = 1...5

    /// problem: why `field` of `settings` may not be kept, nil when it may.
    public static func problem(_ field: ProfileField, in settings: Settings) -> String? {
        switch field {
        case .numberOfQuestions:
            return Settings.questionRange.contains(settings.numberOfQuestions) ? nil : "questions is outside 3–20"
        case .newWordsPerDay:
            return Settings.newWordsPerDayRange.contains(settings.newWordsPerDay) ? nil : "new-words-per-day is outside 0–100"
        case .desiredRetention:
            return Settings.desiredRetentionRange.contains(settings.desiredRetention) ? nil : "retention is outside 0.70–0.97"
        case .dayRolloverHour:
            return Settings.dayRolloverHourRange.contains(settings.dayRolloverHour) ? nil : "day-starts-at is outside 0–23"
        case .deck:
            return deckProblem(settings.deck)
        case .categories:
            return categoriesProblem(settings.categories)
        case .levels:
            guard settings.levels.count <= levels.count, settings.levels.allSatisfy(levels.contains),
                  Set(settings.levels).count == settings.levels.count else { return "levels are not JLPT levels 5 (N5) to 1" }
            return nil
        case .syncFolder:
            return settings.syncFolder.utf8.count <= 4096 && !settings.syncFolder.containsControlCharacters
                ? nil : "the sync folder holds control characters or is overlong"
        default:
            return nil
        }
    }

    /// deckProblem: why `deck` may not be the deck studied: a name from the library (or "" for
    /// the bundled deck), never a path.
    public static func deckProblem(_ deck: String) -> String? {
        guard !deck.isEmpty else { return nil }
        guard (try? DeckLibrary.checkName(deck)) != nil, !deck.contains("\\"), !deck.containsControlCharacters else {
            return "the deck is not a deck name from `kuchi decks`"
        }
        return nil
    }

    /// categoriesProblem: why `categories` may not be the categories chosen.
    public static func categoriesProblem(_ categories: [String]) -> String? {
        guard categories.count <= maximumCategories else { return "more than \(maximumCategories) categories" }
        for category in categories {
            guard !category.isEmpty, category.utf8.count <= maximumCategory, !category.containsControlCharacters else {
                return "a category is empty, overlong or holds a control character (a newline)"
            }
        }
        return nil
    }

    /// problem: why the profile's travelling settings (and name) may not be kept, nil when they may.
    package static func problem(in profile: Profile, fields: some Sequence<ProfileField>) -> String? {
        for field in fields {
            if field == .name {
                guard Profile.isValidName(profile.name), RecordRules.isCleanText(profile.name) else { return "the name is not a valid name" }
            } else if let problem = problem(field, in: profile.settings) {
                return problem
            }
        }
        return nil
    }
}
