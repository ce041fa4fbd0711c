import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData

/// StartupReadsTests: the two reads every start makes, taken a shorter way in issue 39, give
/// what the long way gives — a profile file read by the hand JSON reader gets the verdict
/// `JSONSerialization` gave it, and a settings log applied at once gives the profile that
/// applying it field by field gives, a value that breaks the profile included.
@Suite("Start-up reads: the short way agrees with the long one")
struct StartupReadsTests {
    /// long: the profile as the document read for changing gives it (the way it always was).
    static func long(_ data: Data) -> Result<Profile, ProfileDocument.Problem> {
        Result { () throws(ProfileDocument.Problem) -> Profile in try ProfileDocument(data: data).profile() }
    }

    static func short(_ data: Data) -> Result<Profile, ProfileDocument.Problem> {
        Result { () throws(ProfileDocument.Problem) -> Profile in try ProfileDocument.profile(reading: data) }
    }

    static let body = #""id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Ren", "lastUsed": "2026-01-01T00:00:00Z""#

    nonisolated static let files: [(String, Data)] = [
        ("plain", Data(#"{"version": 1, "profile": {\#(body), "settings": {"numberOfQuestions": 12, "levels": [5, 4]}}}"#.utf8)),
        ("a newer Kuchi's keys", Data(#"{"version": 1, "later": [1, {"x": null}], "profile": {\#(body), "settings": {"new": true}}}"#.utf8)),
        ("version 1.0", Data(#"{"version": 1.0, "profile": {\#(body), "settings": {}}}"#.utf8)),
        ("version as text", Data(#"{"version": "1", "profile": {\#(body), "settings": {}}}"#.utf8)),
        ("newer version", Data(#"{"version": 2, "profile": {"shape": "unknown"}}"#.utf8)),
        ("newer version, no profile", Data(#"{"version": 7}"#.utf8)),
        ("profile not an object", Data(#"{"version": 1, "profile": [1, 2]}"#.utf8)),
        ("no name", Data(#"{"version": 1, "profile": {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "settings": {}}}"#.utf8)),
        ("bad date", Data(#"{"version": 1, "profile": {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Ren", "lastUsed": "soon", "settings": {}}}"#.utf8)),
        ("cut short", Data(#"{"version": 1, "profile": {\#(body)"#.utf8)),
        ("not JSON", Data("version=1".utf8)),
        ("empty", Data()),
        ("byte order mark", Data([0xEF, 0xBB, 0xBF]) + Data(#"{"version": 1, "profile": {\#(body), "settings": {}}}"#.utf8)),
        ("UTF-16", #"{"version": 1, "profile": {\#(body), "settings": {}}}"#.data(using: .utf16) ?? Data()),
        ("every setting", Data(#"""
            {"version": 1, "profile": {\#(body), "settings": {"numberOfQuestions": 25, "appearance": "dark", "learningEnabled": false,
             "cardColor": "cyan", "newWordsPerDay": 0, "desiredRetention": 0.85, "dayRolloverHour": 23, "deck": "n4",
             "categories": ["Food & drink", "家族"], "studyDirection": "reading", "answerKind": "type", "teachNewWords": false,
             "levels": [], "syncFolder": "/sync", "audio": "off"}}}
            """#.utf8)),
        ("unusual values", Data(#"""
            {"version": 1, "profile": {\#(body), "settings": {"numberOfQuestions": 7.0, "appearance": "purple", "learningEnabled": 1,
             "desiredRetention": 2, "levels": [5, "4"], "deck": null}}}
            """#.utf8)),
        ("a leap day that is not one", Data(#"{"version": 1, "profile": {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Ren", "lastUsed": "2026-02-29T10:00:00Z", "settings": {}}}"#.utf8)),
        ("a date with a fraction", Data(#"{"version": 1, "profile": {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Ren", "lastUsed": "2026-03-01T10:00:00.5Z", "settings": {}}}"#.utf8)),
        ("a date with an offset", Data(#"{"version": 1, "profile": {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Ren", "lastUsed": "2026-03-01T10:00:00+09:00", "settings": {}}}"#.utf8)),
        ("a lower-case id", Data(#"{"version": 1, "profile": {"id": "6f9619ff-8b86-d011-b42d-00c04fc964ff", "name": "Ren", "lastUsed": "1999-12-31T23:59:59Z", "settings": {}}}"#.utf8)),
        ("settings null", Data(#"{"version": 1, "profile": {\#(body), "settings": null}}"#.utf8)),
    ]

    @Test("a profile file gets the same profile, or the same problem, either way", arguments: files.indices)
    func profileFiles(_ index: Int) {
        let (name, data) = Self.files[index]
        switch (Self.long(data), Self.short(data)) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(name)")
        case (.failure(let a), .failure(let b)): #expect(a == b, "\(name)")
        case (let a, let b): Issue.record("\(name): the long way gave \(a), the short way \(b)")
        }
    }

    @Test("plain files are read by hand, to the profile JSONDecoder reads")
    func plainReads() throws {
        let profile = try Self.short(Self.files[0].1).get()
        #expect(profile.name == "Ren" && profile.settings.numberOfQuestions == 12 && profile.settings.levels == [5, 4])
        for (name, data) in Self.files where ["plain", "every setting", "a newer Kuchi's keys"].contains(name) {
            guard case .object(let top)? = JSONValue(json: data), let body = top["profile"] else {
                Issue.record("\(name): not read")
                continue
            }
            let decoded = try ProfileStore.decoder.decode(Profile.self, from: JSONEncoder().encode(body))
            #expect(Profile(plain: body, dates: .iso8601) == decoded, "\(name)")
        }
        #expect(Profile.isoDate("2024-02-29T12:34:56Z") == Date(timeIntervalSince1970: 1_709_210_096))
        #expect(Profile.isoDate("1969-12-31T23:59:59Z") == Date(timeIntervalSince1970: -1))
    }

    /// changes: a log's winning values, one per field, stamped alike.
    static func changes(_ values: [ProfileField: String]) -> [ProfileField: SettingChange] {
        values.reduce(into: [:]) { $0[$1.key] = SettingChange(field: $1.key, value: $1.value, stamp: SettingStamp(rawValue: 5), machine: "m") }
    }

    /// fieldByField: the log applied one field at a time through `JSONEncoder` and
    /// `JSONDecoder`, as it was before issue 39.
    static func fieldByField(_ changes: [ProfileField: SettingChange], to profile: Profile) -> Profile {
        var result = profile
        result.settings = Settings(syncFolder: profile.settings.syncFolder)
        for (field, change) in changes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let data = try? JSONEncoder().encode(result), var object = JSONValue(json: data),
                  let parsed = JSONValue(json: change.value.utf8) else { continue }
            object.set(parsed, at: field.path[...])
            if let applied = try? JSONDecoder().decode(Profile.self, from: Data(object.jsonText.utf8)) { result = applied }
        }
        return result
    }

    nonisolated static let logs: [(String, [ProfileField: String])] = [
        ("every kind of value", [.name: #""Ken""#, .numberOfQuestions: "14", .learningEnabled: "false", .desiredRetention: "0.85",
                                 .categories: #"["Food & drink"]"#, .levels: "[4]", .studyDirection: #""mixed""#, .deck: #""n4""#]),
        ("out of range and of the wrong type", [.numberOfQuestions: "99", .newWordsPerDay: #""many""#, .dayRolloverHour: "-3",
                                                .appearance: #""purple""#, .answerKind: "7"]),
        ("a name that is not text", [.name: "42", .numberOfQuestions: "9", .cardColor: #""red""#]),
        ("a value that is not JSON", [.numberOfQuestions: "{", .teachNewWords: "false"]),
        ("numbers of other kinds", [.numberOfQuestions: "12.0", .newWordsPerDay: "1e1", .desiredRetention: "1", .levels: "[5, 4.0]"]),
        ("lists and nulls", [.categories: #"["食べ物", "Verbs"]"#, .levels: "[]", .deck: "null", .audio: #""automatic""#,
                             .answerKind: #""type""#, .appearance: "true"]),
        ("nothing", [:]),
    ]

    @Test("a settings log applied at once gives the profile applying it field by field gives", arguments: logs.indices)
    func settingsAtOnce(_ index: Int) {
        let (name, values) = Self.logs[index]
        var profile = Profile(name: "Ren")
        profile.settings.syncFolder = "/sync/here"
        profile.settings.numberOfQuestions = 18
        let changes = Self.changes(values)
        let atOnce = LearnerDatabase.applying(changes, to: profile)
        #expect(atOnce == Self.fieldByField(changes, to: profile), "\(name)")
        #expect(atOnce.settings.syncFolder == "/sync/here", "\(name): the sync folder is this machine's own")
        if index == 2 { #expect(atOnce.name == "Ren" && atOnce.settings.numberOfQuestions == 9, "the other fields still apply") }
    }
}
