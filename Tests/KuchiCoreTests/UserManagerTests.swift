import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData

@MainActor
@Suite("User manager")
struct UserManagerTests {
    let folder: TemporaryDirectory
    let store: ProfileStore
    let time = ClockBox()
    /// database: the learner database the settings live in (as the app attaches it).
    let database: LearnerDatabase

    init() throws {
        folder = try TemporaryDirectory()
        store = ProfileStore(directory: folder.url)
        database = LearnerDatabase.open(directory: folder.file("data"))
    }

    func manager() -> UserManager {
        let user = UserManager(store: store, clock: time.clock)
        user.attach(database)
        return user
    }

    /// savedSettings: the first saved learner's settings as the learner database holds them.
    func savedSettings(_ user: UserManager) -> Settings? {
        user.savedProfiles.first.map { database.settings(of: $0).settings }
    }

    /// savedFiles: the profiles folder's entries, without the lock file every save uses.
    func savedFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.profilesDirectory.path)) ?? []).filter { $0 != ".lock" }.sorted()
    }

    @Test("names need 3 to 32 user-perceived characters after trimming", arguments: [
        ("さくら", true), ("ab ", false), ("  abc  ", true), ("ab", false), ("", false), ("   ", false),
        (String(repeating: "a", count: 32), true), (String(repeating: "a", count: 33), false),
        (String(repeating: "e\u{301}", count: 3), true), (String(repeating: "e\u{301}", count: 2), false),
        (String(repeating: "👩‍👩‍👧", count: 3), true), ("\n\tKen\n", true),
    ])
    func nameValidity(name: String, valid: Bool) {
        #expect(UserManager.isValidName(name) == valid)
    }

    @Test("register trims the name and an invalid one is refused")
    func registerTrims() {
        let user = UserManager(store: nil)
        user.register(name: "ab ", rememberMe: true)
        #expect(!user.isRegistered)
        user.register(name: "  さくら  ", rememberMe: false)
        #expect(user.isRegistered)
        #expect(user.name == "さくら")
        #expect(user.rememberMe == false)
    }

    @Test("remember me saves the profile, and a new launch finds it")
    func rememberMeSaves() throws {
        let user = manager()
        user.register(name: "さくら", rememberMe: true)
        #expect(user.problem == nil)
        #expect(savedFiles().count == 1)
        #expect(savedFiles().first?.hasSuffix(".json") == true)
        #expect(user.savedProfiles.map(\.name) == ["さくら"])

        let next = manager()
        #expect(next.loadSavedProfiles().isEmpty)
        let profile = try #require(next.savedProfiles.first)
        #expect(profile.name == "さくら")
        #expect(profile.lastUsed == time.now)
        next.signIn(profile)
        #expect(next.isRegistered && next.name == "さくら" && next.rememberMe)
    }

    @Test("settings changes are saved and come back on the next launch")
    func settingsPersist() throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        user.numberOfQuestions = 12
        user.appearance = .monochrome
        user.learningEnabled = false
        user.cardColor = .cyan
        let next = manager()
        next.loadSavedProfiles()
        next.signIn(try #require(next.savedProfiles.first))
        #expect(next.settings == Settings(numberOfQuestions: 12, appearance: .monochrome, learningEnabled: false, cardColor: .cyan))
    }

    @Test("the number of questions is clamped to 3...20", arguments: [(1, 3), (3, 3), (10, 10), (20, 20), (21, 20), (-5, 3), (Int.max, 20)])
    func clampsQuestions(value: Int, clamped: Int) throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        user.numberOfQuestions = value
        #expect(user.numberOfQuestions == clamped)
        #expect(savedSettings(user)?.numberOfQuestions == clamped)
        let next = manager()
        next.loadSavedProfiles()
        #expect(savedSettings(next)?.numberOfQuestions == clamped)
    }

    @Test("forget deletes the file and signs out")
    func forget() {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        user.cardColor = .red
        #expect(savedFiles().count == 1)
        user.forget()
        #expect(savedFiles().isEmpty)
        #expect(!user.isRegistered)
        #expect(user.name.isEmpty)
        #expect(user.rememberMe == false)
        #expect(user.settings == Settings())
        #expect(user.savedProfiles.isEmpty)
        user.cardColor = .green
        #expect(savedFiles().isEmpty, "a signed-out learner is not saved")
    }

    @Test("sign in picks the profile's settings without writing; recordUse stamps the use")
    func signInRecordsUse() throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        user.cardColor = .magenta
        let registeredAt = time.now
        time.advance(3600)
        let next = manager()
        next.loadSavedProfiles()
        next.signIn(try #require(next.savedProfiles.first))
        #expect(next.cardColor == .magenta)
        let afterSignIn = manager()
        afterSignIn.loadSavedProfiles()
        #expect(afterSignIn.savedProfiles.first?.lastUsed == registeredAt, "signing in does not touch the disk")
        next.recordUse()
        let again = manager()
        again.loadSavedProfiles()
        #expect(again.savedProfiles.first?.lastUsed == time.now)
    }

    @Test("saved profiles are listed last used first")
    func lastUsedFirst() {
        for name in ["Aki", "Ben", "Chie"] {
            manager().register(name: name, rememberMe: true)
            time.advance(60)
        }
        let next = manager()
        next.loadSavedProfiles()
        #expect(next.savedProfiles.map(\.name) == ["Chie", "Ben", "Aki"])
    }

    @Test("a failed save is reported and the session goes on")
    func saveFailure() throws {
        let blocker = folder.path("config-is-a-file")
        try Data("not a folder".utf8).write(to: blocker)
        let user = UserManager(store: ProfileStore(directory: blocker), clock: time.clock)
        user.register(name: "Sakura", rememberMe: true)
        #expect(user.isRegistered)
        #expect(user.name == "Sakura")
        #expect(user.problem?.isEmpty == false)
        user.clearProblem()
        user.syncFolder = "/sync"
        #expect(user.syncFolder == "/sync")
        #expect(user.problem != nil, "every failed save is reported")
        #expect(user.savedProfiles.isEmpty)
    }

    @Test("a profiles entry that is a file makes saving fail, not crash")
    func profilesIsAFile() throws {
        try Data("x".utf8).write(to: store.profilesDirectory)
        let user = manager()
        #expect(user.loadSavedProfiles().map(\.kind) == [.unreadable])
        #expect(user.problem != nil)
        user.clearProblem()
        user.register(name: "Sakura", rememberMe: true)
        #expect(user.isRegistered)
        #expect(user.problem != nil)
    }

    @Test("a successful save clears an earlier problem")
    func saveClearsProblem() throws {
        let user = manager()
        user.register(name: "Sakura", rememberMe: true)
        // A folder where the lock file goes makes saves fail without touching the profile.
        let lock = store.profilesDirectory.appendingPathComponent(".lock")
        try FileManager.default.removeItem(at: lock)
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        user.syncFolder = "/one"
        #expect(user.problem != nil)
        try FileManager.default.removeItem(at: lock)
        user.syncFolder = "/two"
        #expect(user.problem == nil)
        #expect(savedFiles().count == 1)
        #expect(store.loadAll().profiles.first?.settings.syncFolder == "/two")
    }

    @Test("without a store everything stays in memory")
    func inMemory() {
        let user = UserManager(store: nil)
        #expect(user.loadSavedProfiles().isEmpty)
        user.register(name: "Sakura", rememberMe: true)
        user.cardColor = .red
        #expect(user.problem == nil)
        #expect(user.savedProfiles.isEmpty)
    }
}
