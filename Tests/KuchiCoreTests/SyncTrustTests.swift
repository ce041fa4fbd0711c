import Foundation
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiDeck
@testable import KuchiData
@testable import KuchiSync

/// SyncTrustTests: records from the folder checked against sense — times, deck names, the deck
/// setting, learners by name — and nothing written outside the folder or printed raw.
@Suite("Sync trust")
struct SyncTrustTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a review dated after tomorrow is kept aside with a notice, moves no card, and is used once its time has come")
    func futureReviewKeptAside() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let month: Int64 = 30 * 86_400_000
        let now = Milliseconds.from(start)
        try Batch(learner: hana.id, machine: String(repeating: "ee", count: 16))
            .write([Batch.review(uid(1), time: now - 3_600_000), Batch.review(uid(2), time: now + month)], in: folder.url)
        let first = try a.sync(folder.url, now: start).get()
        #expect(first.received == 1)
        #expect(first.notices.contains { $0.contains("kept aside") && $0.contains("1 review") }, "\(first.notices)")
        let database = try #require(try LearnerDatabase.openReadOnly(directory: a.data))
        #expect(try count(database, "SELECT COUNT(*) FROM card WHERE due > \(now + month / 2)") == 0, "no card pushed into the future")
        let later = try a.sync(folder.url, now: start.addingTimeInterval(31 * 86_400)).get()
        #expect(later.received == 1 && later.rescheduled == 1)
    }

    @Test("a review logged with a clock before 2000 travels: the writer sends it and every reader takes it")
    func oldClockTravels() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try a.study(hana.id, count: 2, from: Date(timeIntervalSince1970: 800_000_000))
        #expect(try a.sync(folder.url, now: start).get().sent == 2)
        let arrived = try b.sync(folder.url, name: "Hana", now: start).get()
        #expect(arrived.received == 2 && arrived.notices.isEmpty, "\(arrived.notices)")
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(60)).get().sent == 0, "not sent again")
    }

    @Test("deck records may not take the bundled deck's names or title")
    func reservedDeckNames() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        /// deck: a deck record for `content` saved as `name`.
        func deck(_ name: String, title: String) -> String {
            let content = #"{"title": "\#(title)", "challenges": [{"question": "ねこ", "pronunciation": "neko", "answer": "impostor"}, {"question": "いぬ", "pronunciation": "inu", "answer": "dog"}, {"question": "とり", "pronunciation": "tori", "answer": "bird"}]}"#
            let line = try? SyncRecordCoding.encode(.deck(SyncDeck(name: name, hash: StableHash.hex128(Data(content.utf8)), content: Data(content.utf8))))
            return String(decoding: line ?? Data(), as: UTF8.self)
        }
        try Batch(learner: hana.id, machine: String(repeating: "ee", count: 16))
            .write([deck("challenges", title: "Animals"), deck("Challenges.json", title: "Animals"), deck("animals", title: DeckLibrary.bundledTitle)],
                   in: folder.url)
        let report = try a.sync(folder.url, now: start).get()
        #expect(DeckLibrary(dataDirectory: a.data).names().isEmpty, "none of the three was saved")
        #expect(report.notices.contains { $0.contains("2 lines skipped") }, "\(report.notices)")
        #expect(report.notices.contains { $0.contains("the deck that comes with Kuchi") })
    }

    @Test("the deck setting from another machine is a deck name, never a path")
    func deckSettingIsAName() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try Batch(learner: hana.id, machine: String(repeating: "ee", count: 16)).write([
            #"{"type":"setting","field":"deck","value":"\"../../../../tmp/evil_deck\"","time":1900000000000}"#,
        ], in: folder.url)
        let report = try a.sync(folder.url, now: start).get()
        #expect(report.settingsChanged.isEmpty)
        #expect(report.notices.contains { $0.contains("1 record refused") && $0.contains("eeeeeeee") }, "one notice naming the file and the machine")
        #expect(LearnerDatabase.open(directory: a.data).settings(of: hana).settings.deck == "")
        #expect(SettingValues.isValid(#""animals""#, for: .deck, base: hana), "a plain name is fine")
    }

    @Test("two learners of one name in the folder: --profile brings in neither and names both")
    func twoLearnersOfOneName() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let ids = [UUID(), UUID()]
        for (index, id) in ids.enumerated() {
            try Batch(learner: id, machine: String(repeating: index == 0 ? "aa" : "bb", count: 16)).write([
                #"{"type":"setting","field":"name","value":"\"Alice\"","time":1800000000000}"#,
            ], in: folder.url)
        }
        guard case .failure(.usage(let message)) = a.sync(folder.url, name: "alice", now: start) else {
            Issue.record("expected a refusal")
            return
        }
        for id in ids { #expect(message.contains(id.uuidString.lowercased()), "\(message)") }
        #expect(a.store.loadAll().profiles.isEmpty)
    }

    @Test("a symlinked machine folder is refused: nothing is written outside the sync folder")
    func symlinkedMachineFolder() throws {
        let (a, folder, outside) = (try Peer(), try TemporaryDirectory(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 1, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        let own = try #require(ownBatchFolder(in: folder.url))
        try FileManager.default.removeItem(at: own)
        try FileManager.default.createSymbolicLink(at: own, withDestinationURL: outside.url)
        try a.study(hana.id, count: 1, from: start.addingTimeInterval(120))
        let report = try a.sync(folder.url, now: start.addingTimeInterval(180)).get()
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
        #expect(report.notices.contains { $0.contains("symbolic link") }, "\(report.notices)")
        #expect(report.notices.allSatisfy { !$0.contains("Error Domain") && !$0.contains("NSCocoa") })
    }

    @Test("a write failure is a sentence, and the changes wait for the next sync")
    func writeFailureSentence() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 2, from: start)
        try FileManager.default.createDirectory(at: folder.file("kuchi"), withIntermediateDirectories: true)
        try Data().write(to: folder.file("kuchi/\(hana.id.uuidString.lowercased())"))
        let failed = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        #expect(failed.sent == 0)
        let notice = try #require(failed.notices.first { $0.hasPrefix("Could not write") })
        #expect(notice.hasSuffix("they will be sent next time.") && !notice.contains("Domain"), "\(notice)")
        try FileManager.default.removeItem(at: folder.file("kuchi/\(hana.id.uuidString.lowercased())"))
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(120)).get().sent == 2)
    }

    @Test("a file name holding a newline or an escape is printed escaped")
    func namesEscaped() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try Batch(learner: hana.id, machine: String(repeating: "ee", count: 16))
            .write(["not json"], in: folder.url, name: "evil\n\u{1B}[2Jname.jsonl")
        let report = try a.sync(folder.url, now: start).get()
        let notice = try #require(report.notices.first { $0.contains("evil") })
        #expect(notice.contains(#"evil\x0a\x1b[2Jname.jsonl"#) && !notice.contains("\n") && !notice.contains("\u{1B}"), "\(notice)")
    }

    @Test("~ in the Sync folder means $HOME")
    func tildeIsHome() {
        #expect(SyncFolderPath.home(environment: ["HOME": "/home/hana"]) == "/home/hana")
        #expect(SyncFolderPath.resolve("~/Sync/kuchi", home: "/home/hana") == "/home/hana/Sync/kuchi")
        #expect(SyncFolderPath.resolve("~", home: "/home/hana") == "/home/hana")
        #expect(SyncFolderPath.resolve("  ", home: "/home/hana") == "")
    }
}
