import Foundation
import KuchiBase
import KuchiDeck

/// SettingValues: a learner's travelling fields as values — each one's value as canonical JSON text,
/// read from a profile, checked when it comes from the folder, and written back into one.
package enum SettingValues {
    /// travelling: the fields that travel: the name and every setting except the sync folder
    /// (a path on this machine); `lastUsed` is this machine's own.
    package static let travelling: [ProfileField] = ProfileField.allCases.filter { $0 != .lastUsed && $0 != .syncFolder }

    /// values: each travelling field of `profile` as canonical JSON text.
    package static func values(of profile: Profile) -> [ProfileField: String] {
        guard let object = encodedObject(profile) else { return [:] }
        var values: [ProfileField: String] = [:]
        for field in travelling {
            if let value = value(at: field.path, in: object).flatMap(canonical) { values[field] = value }
        }
        return values
    }

    /// isValid: whether `value` is a value `field` can hold as this build reads it (a name
    /// Register would accept; a setting that decodes to itself, so nothing out of range).
    package static func isValid(_ value: String, for field: ProfileField, base: Profile) -> Bool {
        guard let applied = applying([field: value], to: base) else { return false }
        if field == .name {
            return Profile.isValidName(applied.name) && RecordRules.isCleanText(applied.name)
        }
        // The same rules as a change made here (`SettingRules`, issue 36): levels 1…5, printable
        // categories, a deck name never a path.
        if SettingRules.problem(field, in: applied.settings) != nil { return false }
        return values(of: applied)[field] == value
    }

    /// applying: `profile` with `changes` written in; nil when they do not decode.
    ///
    /// Every start reads the learner's settings through here (the app and `kuchi due`), so the
    /// tree is a `JSONValue` read and written by hand (`JSONValue+Text`): `JSONSerialization`'s
    /// dynamic casts were a quarter of the CPU time to the first screen (issue 39).
    package static func applying(_ changes: [ProfileField: String], to profile: Profile) -> Profile? {
        var object = profile.plainValue
        for (field, text) in changes {
            guard let parsed = JSONValue(json: text.utf8) else { return nil }
            object.set(parsed, at: field.path[...])
        }
        // Read back by hand when every value is plain (`Profile(plain:)`), else by `JSONDecoder`,
        // which judges the unusual ones as it always did.
        if let plain = Profile(plain: object, dates: .referenceSeconds) { return plain }
        return try? JSONDecoder().decode(Profile.self, from: Data(object.jsonText.utf8))
    }

    /// canonical: a JSON value as sorted, compact text, so equal values compare equal.
    package static func canonical(_ value: Any) -> String? {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// encodedObject: the profile as a JSON object (Foundation's default coding, both ways).
    private static func encodedObject(_ profile: Profile) -> [String: Any]? {
        guard let data = try? JSONEncoder().encode(profile) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// value: the value at `path` inside `object`.
    private static func value(at path: [String], in object: [String: Any]) -> Any? {
        var current: Any? = object
        for key in path { current = (current as? [String: Any])?[key] }
        return current
    }
}
