import Foundation
import KuchiBase
import KuchiDeck

/// ProfilePlainJSON: a profile read from and written to a `JSONValue` by hand, for the reads
/// every start makes (the profile file, then the settings log applied to it).
///
/// `JSONDecoder` and `JSONEncoder` instantiate their generic containers' metadata and check
/// conformances at run time on first use: with the settings applied field by field that was a
/// quarter of `kuchi due`'s instructions, and a fifth after (issue 39). This reader takes only
/// what is plainly right — every value of the kind its field has, a date in the one form Kuchi
/// writes — and answers nil for anything else, so `JSONDecoder` still decides every unusual
/// file exactly as before (`ProfileDocument.profile(reading:)`, `SettingValues.applying`).
extension Profile {
    /// DateForm: how `lastUsed` is written: the profile file's ISO 8601 text, or `JSONEncoder`'s
    /// default (seconds since 2001, what the settings log is applied through).
    package enum DateForm {
        case iso8601
        case referenceSeconds
    }

    /// init(plain:dates:): the profile `value` holds, nil unless every field reads plainly.
    package init?(plain value: JSONValue, dates: DateForm) {
        guard case .object(let members) = value, case .string(let idText)? = members["id"], let id = UUID(uuidString: idText),
              case .string(let name)? = members["name"], let settingsValue = members["settings"],
              let settings = Settings(plain: settingsValue), let lastUsedValue = members["lastUsed"] else { return nil }
        let lastUsed: Date
        switch (dates, lastUsedValue) {
        case (.iso8601, .string(let text)):
            guard let date = Self.isoDate(text) else { return nil }
            lastUsed = date
        case (.referenceSeconds, .double(let seconds)): lastUsed = Date(timeIntervalSinceReferenceDate: seconds)
        case (.referenceSeconds, .integer(let seconds)): lastUsed = Date(timeIntervalSinceReferenceDate: Double(seconds))
        default: return nil
        }
        self.init(id: id, name: name, settings: settings, lastUsed: lastUsed)
    }

    /// plainValue: the profile as `JSONEncoder()` encodes it (the id upper case, `lastUsed` in
    /// seconds since 2001), for `init(plain:dates: .referenceSeconds)` or `JSONDecoder` to read.
    package var plainValue: JSONValue {
        .object(["id": .string(id.uuidString), "name": .string(name), "settings": settings.plainValue,
                 "lastUsed": .double(lastUsed.timeIntervalSinceReferenceDate)])
    }

    /// isoDate: "YYYY-MM-DDTHH:MM:SSZ", the form the profile file's encoder writes; nil for any
    /// other (fractions, offsets, out-of-range fields: `JSONDecoder` judges those).
    package static func isoDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), year >= 1, (1...12).contains(month), hour < 24, minute < 60,
              second < 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= lengths[month - 1] else { return nil }
        // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}

extension Settings {
    /// init(plain:): the settings `value` holds, nil unless every field present is of its kind
    /// and, for a choice, one of its names (a missing field or null is its default, as in
    /// `init(from:)`); ranges are clamped by `init`, as they are when decoded.
    package init?(plain value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        let defaults = Settings()
        /// field: the member `key` read by `read`; the default when absent or null; nil when it
        /// does not read plainly.
        func field<T>(_ key: String, _ fallback: T, _ read: (JSONValue) -> T?) -> T? {
            guard let member = members[key] else { return fallback }
            if case .null = member { return fallback }
            return read(member)
        }
        func int(_ member: JSONValue) -> Int? {
            if case .integer(let number) = member { return Int(exactly: number) }
            return nil
        }
        func bool(_ member: JSONValue) -> Bool? {
            if case .bool(let flag) = member { return flag }
            return nil
        }
        func string(_ member: JSONValue) -> String? {
            if case .string(let text) = member { return text }
            return nil
        }
        func choice<C: RawRepresentable<String>>(_ type: C.Type) -> (JSONValue) -> C? {
            { string($0).flatMap(C.init(rawValue:)) }
        }
        func double(_ member: JSONValue) -> Double? {
            switch member {
            case .double(let number): return number
            case .integer(let number): return Double(exactly: number)
            default: return nil
            }
        }
        func list<T>(_ element: @escaping (JSONValue) -> T?) -> (JSONValue) -> [T]? {
            { member in
                guard case .array(let values) = member else { return nil }
                var items: [T] = []
                for value in values {
                    guard let item = element(value) else { return nil }
                    items.append(item)
                }
                return items
            }
        }
        guard let numberOfQuestions = field("numberOfQuestions", defaults.numberOfQuestions, int),
              let appearance = field("appearance", defaults.appearance, choice(Appearance.self)),
              let learningEnabled = field("learningEnabled", defaults.learningEnabled, bool),
              let cardColor = field("cardColor", defaults.cardColor, choice(CardColor.self)),
              let newWordsPerDay = field("newWordsPerDay", defaults.newWordsPerDay, int),
              let desiredRetention = field("desiredRetention", defaults.desiredRetention, double),
              let dayRolloverHour = field("dayRolloverHour", defaults.dayRolloverHour, int),
              let deck = field("deck", defaults.deck, string),
              let categories = field("categories", defaults.categories, list(string)),
              let studyDirection = field("studyDirection", defaults.studyDirection, choice(QuizDirection.self)),
              let answerKind = field("answerKind", defaults.answerKind, choice(AnswerKind.self)),
              let teachNewWords = field("teachNewWords", defaults.teachNewWords, bool),
              let levels = field("levels", defaults.levels, list(int)),
              let syncFolder = field("syncFolder", defaults.syncFolder, string),
              let audio = field("audio", defaults.audio, choice(AudioMode.self)) else { return nil }
        self.init(numberOfQuestions: numberOfQuestions, appearance: appearance, learningEnabled: learningEnabled, cardColor: cardColor,
                  newWordsPerDay: newWordsPerDay, desiredRetention: desiredRetention, dayRolloverHour: dayRolloverHour, deck: deck,
                  categories: categories, studyDirection: studyDirection, answerKind: answerKind, teachNewWords: teachNewWords,
                  levels: levels, syncFolder: syncFolder, audio: audio)
    }

    /// plainValue: the settings as `JSONEncoder` encodes them (every field).
    package var plainValue: JSONValue {
        .object(["numberOfQuestions": .integer(Int64(numberOfQuestions)), "appearance": .string(appearance.rawValue),
                 "learningEnabled": .bool(learningEnabled), "cardColor": .string(cardColor.rawValue),
                 "newWordsPerDay": .integer(Int64(newWordsPerDay)), "desiredRetention": .double(desiredRetention),
                 "dayRolloverHour": .integer(Int64(dayRolloverHour)), "deck": .string(deck), "categories": .array(categories.map(JSONValue.string)),
                 "studyDirection": .string(studyDirection.rawValue), "answerKind": .string(answerKind.rawValue),
                 "teachNewWords": .bool(teachNewWords), "levels": .array(levels.map { .integer(Int64($0)) }),
                 "syncFolder": .string(syncFolder), "audio": .string(audio.rawValue)])
    }
}
