import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData
@testable import KuchiSync

/// SettingsMachine: a data folder and a config folder standing for one machine.
private struct SettingsMachine {
    let home: TemporaryDirectory
    var config: URL { home.file("config") }
    var data: URL { home.file("data") }
    var store: ProfileStore { ProfileStore(directory: config) }

    init() throws { home = try TemporaryDirectory() }

    /// sync: one `SyncService` run at `now` (a learner brought in when `name` is given).
    func sync(_ folder: URL, name: String? = nil, status: Bool = false, now: Date) throws -> SyncReport {
        try SyncService.run(SyncRequest(folder: folder, profileName: name, configDirectory: config, dataDirectory: data,
                                        statusOnly: status, now: now)).get()
    }

    /// change: the learner changes `field` to the value `profile` has, on this machine at `now`
    /// (what the Settings tab and `kuchi config` do).
    func change(_ profile: Profile, _ field: ProfileField, now: Date) throws {
        try LearnerDatabase.open(directory: data, now: now).record([field], of: profile, now: now)
    }

    /// settings: the learner as this machine holds them now.
    func settings(_ id: UUID) throws -> Settings {
        let profile = try #require(try store.profile(id))
        return LearnerDatabase.open(directory: data).settings(of: profile).settings
    }
}

/// SettingsLogTests: a learner's settings are one log of stamped changes in the learner
/// database, the same on every machine whatever order the changes and syncs happen in.
@MainActor
@Suite("Settings log")
struct SettingsLogTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// learner: Hana, saved on `machine` and in the folder, then brought onto `other`.
    private func shared(_ a: SettingsMachine, _ b: SettingsMachine, folder: URL) throws -> Profile {
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try a.change(hana, .name, now: start)
        _ = try a.sync(folder, now: start)
        _ = try b.sync(folder, name: "Hana", now: start.addingTimeInterval(10))
        return hana
    }

    @Test("the later change wins on every machine, whichever machine syncs first")
    func laterChangeWinsWhateverTheSyncOrder() throws {
        let (a, b, folder) = (try SettingsMachine(), try SettingsMachine(), try TemporaryDirectory())
        var hana = try shared(a, b, folder: folder.url)
        hana.settings.desiredRetention = 0.80
        try a.change(hana, .desiredRetention, now: start.addingTimeInterval(100))
        hana.settings.desiredRetention = 0.95
        try b.change(hana, .desiredRetention, now: start.addingTimeInterval(200))
        // B (the later change) syncs first, then A: the last machine to sync must not win.
        _ = try b.sync(folder.url, now: start.addingTimeInterval(300))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(400))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(500))
        #expect(try a.settings(hana.id).desiredRetention == 0.95)
        #expect(try b.settings(hana.id).desiredRetention == 0.95)
    }

    @Test("a change stamped years ahead is received; one made after it was received wins")
    func futureStampDoesNotWinForever() throws {
        let (a, b, folder) = (try SettingsMachine(), try SettingsMachine(), try TemporaryDirectory())
        var hana = try shared(a, b, folder: folder.url)
        // A's clock is set to 2040: its change would otherwise beat everything until then.
        hana.settings.newWordsPerDay = 50
        let future = Date(timeIntervalSince1970: 2_200_000_000)
        try a.change(hana, .newWordsPerDay, now: future)
        _ = try a.sync(folder.url, now: future)
        _ = try b.sync(folder.url, now: start.addingTimeInterval(3600))
        #expect(try b.settings(hana.id).newWordsPerDay == 50, "received, at the stamp it carries")
        hana.settings.newWordsPerDay = 15
        try b.change(hana, .newWordsPerDay, now: start.addingTimeInterval(7200))
        #expect(try b.settings(hana.id).newWordsPerDay == 15, "a change made after it was received wins")
    }

    @Test("a change lost from the folder (or never written) is sent again; a new machine gets the learner whole")
    func unsentChangesAreResent() throws {
        let (a, c, folder) = (try SettingsMachine(), try SettingsMachine(), try TemporaryDirectory())
        var hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try a.change(hana, .name, now: start)
        hana.settings.studyDirection = .englishToJapanese
        try a.change(hana, .studyDirection, now: start.addingTimeInterval(1))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(2))
        // The batch went missing (a sync killed before the file was durable, a sync tool that
        // lost it): nothing on A says "sent"; what is in the folder is what was sent.
        let machineFolder = try #require(FileManager.default.subpathsOfDirectory(atPath: folder.url.path).first { $0.hasSuffix(".jsonl") })
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(machineFolder))
        let again = try a.sync(folder.url, now: start.addingTimeInterval(3))
        #expect(again.settingsSent >= 2, "name and direction go out again")
        let third = try a.sync(folder.url, now: start.addingTimeInterval(4))
        #expect(third.settingsSent == 0, "and once there, not again")
        // Known as sent by the file that holds it, not only by reading it back: a folder whose
        // other files hide this machine's batch from a read still counts it as there.
        let database = LearnerDatabase.open(directory: a.data)
        let unsent = try database.writer.read { db in
            try LearnerDatabase.unsent(db, learner: hana.id, machine: try #require(try LearnerDatabase.machineID(db, create: false, source: ReviewIDSource())),
                                       inFolder: [], isPresent: { _ in true })
        }
        #expect(unsent.isEmpty)
        let lost = try database.writer.read { db in
            try LearnerDatabase.unsent(db, learner: hana.id, machine: try #require(try LearnerDatabase.machineID(db, create: false, source: ReviewIDSource())),
                                       inFolder: [], isPresent: { _ in false })
        }
        #expect(lost.count >= 2, "a batch gone from the folder: its changes are unsent again")
        _ = try c.sync(folder.url, name: "Hana", now: start.addingTimeInterval(5))
        #expect(try c.settings(hana.id).studyDirection == .englishToJapanese)
    }

    @Test("a profile file written by an older Kuchi is carried over once, losing nothing, and never sent stale")
    func legacyProfileCarriedOver() throws {
        let (a, b, folder) = (try SettingsMachine(), try SettingsMachine(), try TemporaryDirectory())
        var hana = Profile(name: "Hana")
        hana.settings.numberOfQuestions = 12
        hana.settings.answerKind = .type
        hana.settings.categories = ["Food"]
        try a.store.save(hana)  // every field in the file, as today's main writes it
        let user = UserManager(store: a.store, clock: { start })
        user.loadSavedProfiles()
        user.attach(LearnerDatabase.open(directory: a.data))
        user.signIn(try #require(user.savedProfile(named: "Hana")))
        #expect(user.numberOfQuestions == 12 && user.answerKind == .type && user.categories == ["Food"])
        let database = LearnerDatabase.open(directory: a.data)
        let logged = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setting_change") ?? 0 }
        #expect(logged == SettingValues.travelling.count)
        _ = try a.sync(folder.url, now: start)
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(10))
        #expect(try b.settings(hana.id).numberOfQuestions == 12)
        // B changes the count; A's stale file still says 12 — it must not travel as a new change.
        hana.settings.numberOfQuestions = 4
        try b.change(hana, .numberOfQuestions, now: start.addingTimeInterval(20))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(30))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(40))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(50))
        #expect(try a.settings(hana.id).numberOfQuestions == 4)
        #expect(try b.settings(hana.id).numberOfQuestions == 4)
    }

    @Test("UserManager writes a setting as one change in the log, not into the profile file")
    func userManagerWritesTheLog() throws {
        let a = try SettingsMachine()
        let database = LearnerDatabase.open(directory: a.data)
        let user = UserManager(store: a.store, clock: { start })
        user.attach(database)
        #expect(user.register(name: "Hana", rememberMe: true) == .registered)
        user.desiredRetention = 0.85
        user.studyDirection = .reading
        let id = try #require(user.profileID)
        let file = try String(contentsOf: a.store.fileURL(for: id), encoding: .utf8)
        #expect(!file.contains("desiredRetention") && !file.contains("studyDirection"), "the file keeps this machine's part only")
        let profile = try #require(try a.store.profile(id))
        let settings = database.settings(of: profile).settings
        #expect(settings.desiredRetention == 0.85 && settings.studyDirection == .reading)
        let other = UserManager(store: a.store, clock: { start })
        other.loadSavedProfiles()
        other.attach(LearnerDatabase.open(directory: a.data))
        other.signIn(profile)
        #expect(other.desiredRetention == 0.85 && other.studyDirection == .reading, "a second window reads the same")
    }

    @Test("Forget me everywhere: every machine forgets the learner at its next sync, and none brings them back")
    func forgetEverywhere() throws {
        let (a, b, c, folder) = (try SettingsMachine(), try SettingsMachine(), try SettingsMachine(), try TemporaryDirectory())
        let hana = try shared(a, b, folder: folder.url)
        let database = LearnerDatabase.open(directory: a.data)
        let forgotten = SyncService.forgetEverywhere(hana.id, folder: folder.url, database: database, store: a.store,
                                                     now: start.addingTimeInterval(100))
        #expect((try? forgotten.get()) != nil)
        #expect(try a.store.profile(hana.id) == nil)
        let report = try b.sync(folder.url, now: start.addingTimeInterval(200))
        #expect(report.forgotten)
        #expect(try b.store.profile(hana.id) == nil)
        let onB = LearnerDatabase.open(directory: b.data)
        #expect(try onB.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setting_change") } == 0)
        let arriving = SyncService.run(SyncRequest(folder: folder.url, profileName: "Hana", configDirectory: c.config,
                                                   dataDirectory: c.data, now: start.addingTimeInterval(300)))
        guard case .failure(.nothing(let message)) = arriving else {
            Issue.record("a forgotten learner was brought in: \(arriving)")
            return
        }
        #expect(message.contains("forgotten"))
    }

    @Test("a folder written by an older Kuchi: its setting records (no stamp) count from their time")
    func olderFolderRecords() throws {
        let (a, folder) = (try SettingsMachine(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try a.change(hana, .name, now: start)
        let machine = String(repeating: "cd", count: 16)
        let place = folder.url.appendingPathComponent("kuchi/\(hana.id.uuidString.lowercased())/\(machine)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let time = Milliseconds.from(start.addingTimeInterval(60))
        let lines = [#"{"format":"kuchi-sync","version":1,"learner":"\#(hana.id.uuidString.lowercased())","machine":"\#(machine)"}"#,
                     #"{"type":"setting","field":"numberOfQuestions","value":"14","time":\#(time)}"#,
                     #"{"type":"setting","field":"studyDirection","value":"\"mixed\"","time":\#(time)}"#, #"{"end":2}"#]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: place.appendingPathComponent("\(time)-0000000000000001.jsonl"))
        let report = try a.sync(folder.url, now: start.addingTimeInterval(120))
        #expect(Set(report.settingsChanged) == [.numberOfQuestions, .studyDirection])
        let settings = try a.settings(hana.id)
        #expect(settings.numberOfQuestions == 14 && settings.studyDirection == .mixed)
    }

    @Test("stamps: a change after one seen sorts after it, even with a clock behind")
    func hybridClock() {
        let seen = SettingStamp.next(now: start.addingTimeInterval(3600), after: nil)
        let next = SettingStamp.next(now: start, after: seen)
        #expect(next > seen)
        #expect(SettingStamp.next(now: start.addingTimeInterval(7200), after: seen).milliseconds == Milliseconds.from(start.addingTimeInterval(7200)))
    }
}
