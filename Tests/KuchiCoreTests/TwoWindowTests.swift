import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData
@testable import KuchiSync
#if canImport(Glibc)
import Glibc
#endif

/// TwoWindowTests: two Kuchi windows on one learner — two UserManagers, each with its own
/// ProfileStore on one folder, as two processes would have — never undo each other.
@MainActor
@Suite("Two windows")
struct TwoWindowTests {
    let folder: TemporaryDirectory
    let time = ClockBox()

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// window: a new "process" on the shared folder, signed in as the only saved profile.
    func window() throws -> UserManager {
        let user = UserManager(store: ProfileStore(directory: folder.url), clock: time.clock)
        user.loadSavedProfiles()
        user.attach(LearnerDatabase.open(directory: folder.file("data")))
        user.signIn(try #require(user.savedProfiles.first))
        return user
    }

    /// settings: the learner's settings as the learner database holds them (the one place).
    func settings() throws -> Settings {
        LearnerDatabase.open(directory: folder.file("data")).settings(of: try onDisk()).settings
    }

    var profilesDirectory: URL { folder.url.appendingPathComponent("profiles") }

    func profileFiles() -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { profilesDirectory.appendingPathComponent($0) }
    }

    func onDisk() throws -> Profile {
        let profiles = ProfileStore(directory: folder.url).loadAll().profiles
        try #require(profiles.count == 1, "\(profiles)")
        return try #require(profiles.first)
    }

    func register() {
        let user = UserManager(store: ProfileStore(directory: folder.url), clock: time.clock)
        user.attach(LearnerDatabase.open(directory: folder.file("data")))
        user.register(name: "Sakura", rememberMe: true)
    }

    @Test("A changes the question count, B the card colour, both exit: both are kept")
    func bothChangesKept() throws {
        register()
        let first = try window()
        let second = try window()
        first.numberOfQuestions = 12
        second.cardColor = .yellow
        time.advance(60)
        first.recordUse()
        time.advance(60)
        second.recordUse()
        #expect(try settings().numberOfQuestions == 12)
        #expect(try settings().cardColor == .yellow)
        #expect(try onDisk().lastUsed == time.now)
        #expect(first.problem == nil && second.problem == nil)
    }

    @Test("recordUse writes only lastUsed: an exit never undoes the other window's settings")
    func recordUseOnlyStamps() throws {
        register()
        let idle = try window()
        let busy = try window()
        busy.appearance = .light
        busy.learningEnabled = false
        idle.recordUse()
        let saved = try settings()
        #expect(saved.appearance == .light && !saved.learningEnabled)
        #expect(idle.appearance == .terminal, "the idle window's screen is not changed under it")
    }

    @Test("Forget me in A: B's later change and exit stamp do not bring the profile back")
    func forgetIsNotUndone() throws {
        register()
        let first = try window()
        let second = try window()
        first.forget()
        #expect(profileFiles().isEmpty)

        second.cardColor = .red
        #expect(profileFiles().isEmpty, "a setting change does not recreate the file")
        #expect(second.cardColor == .red && second.isRegistered, "the change is kept for this session")
        #expect(!second.rememberMe)
        #expect(second.problem?.contains("deleted in another Kuchi window") == true, "\(second.problem ?? "no problem")")
        #expect(second.savedProfiles.isEmpty)
        second.clearProblem()
        second.numberOfQuestions = 15
        second.recordUse()
        #expect(profileFiles().isEmpty, "the exit stamp does not recreate the file")
        #expect(second.problem == nil, "told once, not at every change")
    }

    @Test("the exit stamp alone does not bring back a profile forgotten elsewhere")
    func exitStampAfterForget() throws {
        register()
        let first = try window()
        let second = try window()
        first.forget()
        second.recordUse()
        #expect(profileFiles().isEmpty)
        #expect(second.problem != nil)
    }

    @Test("keys a newer Kuchi wrote, at every level, survive every kind of save")
    func unknownKeysKept() throws {
        let id = UUID()
        try FileManager.default.createDirectory(at: profilesDirectory, withIntermediateDirectories: true)
        let url = profilesDirectory.appendingPathComponent("\(id.uuidString.lowercased()).json")
        let original: [String: Any] = [
            "version": 1,
            "sync": ["device": "laptop", "peers": [1, 2, 3]],
            "profile": [
                "id": id.uuidString, "name": "Sakura", "lastUsed": "2024-01-01T00:00:00Z",
                "avatar": ["glyph": "🌸", "colour": "pink"],
                "settings": ["numberOfQuestions": 8, "cardColor": "green", "fontScale": 1.25, "voice": ["on": true, "speed": 0.8]],
            ],
        ]
        try JSONSerialization.data(withJSONObject: original).write(to: url)
        let user = try window()
        user.cardColor = .cyan
        user.dayRolloverHour = 6
        time.advance(60)
        user.recordUse()
        let store = ProfileStore(directory: folder.url)
        try store.save(try onDisk())

        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let profile = try #require(saved["profile"] as? [String: Any])
        let settings = try #require(profile["settings"] as? [String: Any])
        #expect(NSDictionary(dictionary: saved["sync"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: original["sync"] as? [String: Any] ?? [:]))
        #expect(NSDictionary(dictionary: profile["avatar"] as? [String: Any] ?? [:]) == ["glyph": "🌸", "colour": "pink"])
        #expect(settings["fontScale"] as? Double == 1.25)
        #expect(NSDictionary(dictionary: settings["voice"] as? [String: Any] ?? [:]) == ["on": true, "speed": 0.8])
        #expect(settings["cardColor"] as? String == "green" && settings["numberOfQuestions"] as? Int == 8,
                "an older Kuchi's settings are left as they were; the learner database holds the settings now")
        let logged = try self.settings()
        #expect(logged.cardColor == .cyan && logged.dayRolloverHour == 6 && logged.numberOfQuestions == 8)
        #expect(profile["lastUsed"] as? String == "2023-11-14T22:14:20Z")
    }

    @Test("a save waits for the profiles lock; one held too long is reported and the file is unchanged")
    func lockIsTaken() throws {
        register()
        let url = try #require(profileFiles().first)
        let before = try Data(contentsOf: url)
        let holder = open(profilesDirectory.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
        try #require(holder >= 0)
        defer { close(holder) }
        try #require(flock(holder, LOCK_EX) == 0)

        let store = ProfileStore(directory: folder.url, lockTimeout: .milliseconds(50))
        let user = UserManager(store: store, clock: time.clock)
        user.loadSavedProfiles()
        user.signIn(try #require(user.savedProfiles.first))
        user.syncFolder = "/red"
        #expect(user.problem?.contains("another Kuchi window is holding the profiles lock") == true, "\(user.problem ?? "no problem")")
        #expect(try Data(contentsOf: url) == before)

        flock(holder, LOCK_UN)
        user.syncFolder = "/green"
        #expect(user.problem == nil)
        #expect(try onDisk().settings.syncFolder == "/green")
    }

    @Test("another process holding the lock (flock(1)) holds off a save until it lets go",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func lockAcrossProcesses() throws {
        register()
        let lock = profilesDirectory.appendingPathComponent(".lock")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // Holds the lock, says so, and lets go when its stdin closes.
        holder.arguments = ["--exclusive", lock.path, "/bin/sh", "-c", "echo locked; cat >/dev/null"]
        let input = Pipe()
        let output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        let said = output.fileHandleForReading.availableData  // blocks until "locked" is written
        #expect(String(decoding: said, as: UTF8.self) == "locked\n")

        let store = ProfileStore(directory: folder.url, lockTimeout: .milliseconds(50))
        var profile = try onDisk()
        profile.settings.cardColor = .red
        #expect(throws: PersistenceError.self) { try store.update(profile, fields: [.cardColor]) }
        #expect(try onDisk().settings.cardColor == .blue)

        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(try store.update(profile, fields: [.cardColor])?.settings.cardColor == .red)
        #expect(try onDisk().settings.cardColor == .red)
    }
}
