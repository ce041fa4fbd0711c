import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData
@testable import KuchiSync

/// Machine: a data folder and a config folder standing for one machine, synced in process.
private struct Machine {
    let home: TemporaryDirectory
    var config: URL { home.file("config") }
    var data: URL { home.file("data") }

    /// init: an empty machine.
    init() throws { home = try TemporaryDirectory() }

    /// sync: one `SyncService` run at `now`.
    func sync(_ folder: URL, name: String? = nil, status: Bool = false, now: Date) -> Result<SyncReport, SyncFailure> {
        SyncService.run(SyncRequest(folder: folder, profileName: name, configDirectory: config, dataDirectory: data, statusOnly: status, now: now))
    }

    var store: ProfileStore { ProfileStore(directory: config) }
}

/// SyncServiceTests: undos and settings travelling, and a hostile folder read safely.
@Suite("Sync service")
struct SyncServiceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("an undo travels: the other machine drops the review and its card goes back")
    func undoTravels() throws {
        let (a, b, folder) = (try Machine(), try Machine(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let database = LearnerDatabase.open(directory: a.data)
        let deck = try makeDeck(DeckJSON.words(5))
        let card = try database.cards(learner: hana.id, deck: deck, now: start).cards[0].id
        for offset in [0.0, 600] {
            try database.record(ReviewInput(cardID: card, rating: .good, time: start.addingTimeInterval(offset), duration: 900),
                                scheduler: FSRSScheduler())
        }
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(700)).get().sent == 2)
        #expect(try b.sync(folder.url, name: "hana", now: start.addingTimeInterval(800)).get().received == 2)
        // Undo on A: the last review goes (the log's remove keeps its tombstone), the card is replayed.
        try database.writer.write { db in
            let uid = try #require(try Data.fetchOne(db, sql: "SELECT uid FROM review WHERE time = (SELECT MAX(time) FROM review)"))
            try ReviewLog.write(.remove(uid: ReviewID.text(uid)), in: db)
            _ = try SyncReplay.replay(db, learner: hana.id, scheduler: FSRSScheduler())
        }
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(900)).get().sent == 1)
        let received = try b.sync(folder.url, now: start.addingTimeInterval(1000)).get()
        #expect(received.received == 1 && received.rescheduled == 1)
        let onB = try #require(try LearnerDatabase.openReadOnly(directory: b.data))
        #expect(try count(onB, "SELECT COUNT(*) FROM review") == 1)
        #expect(try count(onB, "SELECT step FROM card") == 1, "back at the second learning step, as after one Good")
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(1100)).get().received == 0, "the undo does not come back")
    }

    @Test("settings: the latest change wins per field; values out of range and foreign names are refused")
    func settingsLastWriterWins() throws {
        let (a, b, folder) = (try Machine(), try Machine(), try TemporaryDirectory())
        var hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        _ = try a.sync(folder.url, now: start).get()
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(10)).get()
        hana.settings.desiredRetention = 0.8
        hana.settings.newWordsPerDay = 20
        try LearnerDatabase.open(directory: a.data).record([.desiredRetention, .newWordsPerDay], of: hana, now: start.addingTimeInterval(50))
        var onB = hana
        onB.settings.newWordsPerDay = Settings.defaultNewWordsPerDay
        onB.settings.desiredRetention = 0.95
        try LearnerDatabase.open(directory: b.data).record([.desiredRetention], of: onB, now: start.addingTimeInterval(60))
        onB.settings.syncFolder = "/somewhere/on/b"
        _ = try b.store.update(onB, fields: [.syncFolder])
        _ = try a.sync(folder.url, now: start.addingTimeInterval(100)).get()
        let later = try b.sync(folder.url, now: start.addingTimeInterval(200)).get()
        #expect(later.settingsChanged == [.newWordsPerDay])
        _ = try a.sync(folder.url, now: start.addingTimeInterval(300)).get()
        for machine in [a, b] {
            let profile = try #require(try machine.store.profile(hana.id))
            let settings = LearnerDatabase.open(directory: machine.data).settings(of: profile).settings
            #expect(settings.desiredRetention == 0.95 && settings.newWordsPerDay == 20, "B's later retention, A's word limit")
        }
        #expect(try #require(try a.store.profile(hana.id)).settings.syncFolder == "", "the sync folder is each machine's own")
    }

    @Test("a hostile folder: bad records, foreign headers and odd files are skipped with notices; good records kept")
    func hostileFolder() throws {
        let (a, folder) = (try Machine(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let machine = String(repeating: "ab", count: 16)
        let place = folder.url.appendingPathComponent("kuchi/\(hana.id.uuidString.lowercased())/\(machine)")
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
        let header = #"{"format":"kuchi-sync","version":1,"learner":"\#(hana.id.uuidString.lowercased())","machine":"\#(machine)"}"#
        /// review: one review line, with the field under test changed.
        func review(_ uid: String, question: String = "ねこ", rating: Int = 3, time: Int64 = 1_800_000_000_000) -> String {
            #"{"type":"review","uid":"\#(uid)","deck":"D","question":"\#(question)","reading":"","direction":"jp-en","answer":"cat","time":\#(time),"rating":\#(rating),"duration":5}"#
        }
        let good = String(repeating: "1", count: 32)
        let lines = [header, review(good), review("xyz"), review(String(repeating: "2", count: 32), question: "ね\\u001b[2Jこ"),
                     review(String(repeating: "3", count: 32), rating: 9), review(String(repeating: "4", count: 32), time: -5),
                     #"{"type":"setting","field":"desiredRetention","value":"5.0","time":1}"#,
                     #"{"type":"setting","field":"lastUsed","value":"1","time":1}"#, "not json", #"{"type":"virus"}"#, #"{"end":9}"#]
        try Data(lines.joined(separator: "\n").utf8).write(to: place.appendingPathComponent("1800000000000-0000000000000001.jsonl"))
        let foreign = header.replacingOccurrences(of: machine, with: String(repeating: "cd", count: 16))
        try Data((foreign + "\n" + review(String(repeating: "5", count: 32)) + "\n").utf8)
            .write(to: place.appendingPathComponent("1800000000001-0000000000000002.jsonl"))
        try FileManager.default.createSymbolicLink(at: place.appendingPathComponent("1800000000002-0000000000000003.jsonl"),
                                                   withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        let report = try a.sync(folder.url, now: start).get()
        #expect(report.received == 1, "only the one good review")
        #expect(report.notices.count == 4, "\(report.notices)")
        #expect(report.notices.contains { $0.contains("7 lines skipped") }, "\(report.notices)")
        #expect(report.notices.contains { $0.contains("names another learner or machine") })
        #expect(report.notices.contains { $0.contains("a symbolic link") })
        #expect(report.notices.contains { $0.contains("1 record refused") && $0.contains("retention setting") && $0.contains("machine abababab") },
                "the gate names the file and the machine (issue 36)")
        #expect(try #require(try a.store.profile(hana.id)).settings.desiredRetention == 0.9)
    }

    @Test("a folder holding nothing for an unknown learner is exit 1; a missing folder is a usage error")
    func failures() throws {
        let (a, folder) = (try Machine(), try TemporaryDirectory())
        guard case .failure(.nothing) = a.sync(folder.url, name: "Nobody", now: start) else { Issue.record("expected nothing"); return }
        guard case .failure(.usage) = a.sync(folder.file("missing"), name: "Nobody", now: start) else { Issue.record("expected usage"); return }
    }
}
