import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData

/// RegistrationTests: a new profile never deletes or takes over another learner's profile, and
/// Remember me only ever touches the current learner's own file.
@MainActor
@Suite("Registration")
struct RegistrationTests {
    let folder: TemporaryDirectory
    let store: ProfileStore
    let time = ClockBox()
    /// database: the learner database settings live in (as the app attaches it).
    let database: LearnerDatabase

    init() throws {
        folder = try TemporaryDirectory()
        store = ProfileStore(directory: folder.url)
        database = LearnerDatabase.open(directory: folder.file("data"))
    }

    func manager() -> UserManager {
        let user = UserManager(store: store, clock: time.clock)
        user.loadSavedProfiles()
        user.attach(database)
        return user
    }

    /// snapshot: every profile file's bytes by name, to show nothing on disk changed.
    func snapshot() throws -> [String: Data] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: store.profilesDirectory.path)) ?? []).filter { $0.hasSuffix(".json") }
        return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: store.profilesDirectory.appendingPathComponent($0))) })
    }

    /// savedSakura: a remembered Sakura with her own settings, as a previous launch left her.
    @discardableResult
    func savedSakura() throws -> Profile {
        let first = manager()
        #expect(first.register(name: "Sakura", rememberMe: true) == .registered)
        first.cardColor = .green
        first.numberOfQuestions = 9
        return try #require(first.savedProfile(named: "Sakura"))
    }

    @Test("a name a saved profile has (any case, width or spacing) is refused and nothing changes",
          arguments: [(" SAKURA ", true), ("sakura", false), ("ｓａｋｕｒａ", true), ("Sakura", false)])
    func nameTakenChangesNothing(typed: String, rememberMe: Bool) throws {
        let sakura = try savedSakura()
        let before = try snapshot()
        let user = manager()
        let result = user.register(name: typed, rememberMe: rememberMe)
        #expect(result == .nameTaken(sakura))
        #expect(!user.isRegistered && user.profileID == nil && user.settings == Settings(), "nothing was taken over")
        #expect(try snapshot() == before, "no profile was deleted, renamed or rewritten")
        #expect(user.savedProfiles == [sakura])
    }

    @Test("savedProfile(named:) finds a profile trimmed, ignoring case and width; other names find nothing")
    func savedProfileNamed() throws {
        let sakura = try savedSakura()
        let user = manager()
        for name in ["Sakura", "  sakura\n", "SAKURA", "ｓａｋｕｒａ"] { #expect(user.savedProfile(named: name) == sakura, "\(name)") }
        for name in ["Sakur", "Sakura2", "さくら", ""] { #expect(user.savedProfile(named: name) == nil, "\(name)") }
    }

    @Test("a name another window saved after this one started is refused too")
    func nameSavedByAnotherWindow() throws {
        let late = manager()  // listed the (empty) folder at launch
        let sakura = try savedSakura()
        #expect(late.register(name: "sakura", rememberMe: true) == .nameTaken(sakura))
        #expect(try snapshot().count == 1)
    }

    @Test("registering with Remember me off saves nothing and deletes nothing")
    func rememberMeOffTouchesNothing() throws {
        try savedSakura()
        manager().register(name: "Hinata", rememberMe: true)
        let before = try snapshot()
        let user = manager()
        #expect(user.register(name: "Kenji", rememberMe: false) == .registered)
        #expect(user.isRegistered && user.name == "Kenji" && !user.rememberMe)
        user.cardColor = .red
        user.recordUse()
        #expect(try snapshot() == before)
        #expect(Set(user.savedProfiles.map(\.name)) == ["Sakura", "Hinata"])
    }

    @Test("every registration is a new learner with a new id and default settings")
    func newIDEveryTime() throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        let first = try #require(user.profileID)
        user.cardColor = .red
        user.forget()
        #expect(user.register(name: "Sakura", rememberMe: true) == .registered)
        #expect(user.profileID != nil && user.profileID != first)
        #expect(user.cardColor == Settings().cardColor)
    }

    @Test("an invalid name changes nothing")
    func invalidName() {
        let user = manager()
        #expect(user.register(name: " ab ", rememberMe: true) == .invalidName)
        #expect(!user.isRegistered && user.savedProfiles.isEmpty)
    }

    @Test("turning Remember me off deletes only this learner's file; on saves them again")
    func setRememberMe() throws {
        try savedSakura()
        let user = manager()
        user.register(name: "Hinata", rememberMe: true)
        user.cardColor = .cyan
        #expect(try snapshot().count == 2)
        #expect(user.setRememberMe(false) == .registered)
        #expect(!user.rememberMe && user.isRegistered && user.cardColor == .cyan)
        #expect(manager().savedProfiles.map(\.name) == ["Sakura"], "only Hinata's own file went")
        user.numberOfQuestions = 12
        #expect(try snapshot().count == 1, "nothing is saved while Remember me is off")
        #expect(user.setRememberMe(true) == .registered)
        #expect(user.rememberMe)
        let hinata = database.settings(of: try #require(manager().savedProfile(named: "Hinata")))
        #expect(hinata.id == user.profileID && hinata.settings.cardColor == .cyan && hinata.settings.numberOfQuestions == 12)
    }

    @Test("Remember me on is refused when a saved profile took the name meanwhile")
    func setRememberMeNameTaken() throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: false)
        let sakura = try savedSakura()
        #expect(user.setRememberMe(true) == .nameTaken(sakura))
        #expect(!user.rememberMe)
        #expect(try snapshot().count == 1)
    }

    @Test("signing in takes the settings on disk now, not the list read at launch")
    func signInReadsFreshSettings() throws {
        try savedSakura()
        let picker = manager()
        let listed = try #require(picker.savedProfiles.first)
        let other = manager()
        other.signIn(listed)
        other.cardColor = .magenta
        picker.signIn(listed)
        #expect(picker.cardColor == .magenta)
    }

    @Test("new scheduler settings are clamped, saved one by one and come back", arguments: [
        (-5, 0.5, -1, 0, 0.70, 0), (10, 0.9, 4, 10, 0.90, 4), (100, 0.97, 23, 100, 0.97, 23), (500, 1.5, 24, 100, 0.97, 23),
        (7, Double.nan, 12, 7, 0.90, 12),
    ])
    func schedulerSettings(words: Int, retention: Double, hour: Int, wordsClamped: Int, retentionClamped: Double, hourClamped: Int) throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        user.newWordsPerDay = words
        user.desiredRetention = retention
        user.dayRolloverHour = hour
        #expect(user.newWordsPerDay == wordsClamped && user.desiredRetention == retentionClamped && user.dayRolloverHour == hourClamped)
        let next = manager()
        next.signIn(try #require(next.savedProfiles.first))
        #expect(next.newWordsPerDay == wordsClamped && next.desiredRetention == retentionClamped && next.dayRolloverHour == hourClamped)
    }

    @Test("an older profile without the scheduler settings gets their defaults")
    func schedulerSettingsDefaults() throws {
        let id = UUID()
        try FileManager.default.createDirectory(at: store.profilesDirectory, withIntermediateDirectories: true)
        try Data(#"{"version":1,"profile":{"id":"\#(id)","name":"Sakura","lastUsed":"2024-01-01T00:00:00Z","settings":{"cardColor":"red"}}}"#.utf8)
            .write(to: store.fileURL(for: id))
        let settings = try #require(store.loadAll().profiles.first).settings
        #expect(settings == Settings(cardColor: .red))
        #expect(settings.newWordsPerDay == 10 && settings.desiredRetention == 0.9 && settings.dayRolloverHour == 4)
    }
}
