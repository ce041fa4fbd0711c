import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiMemory
@testable import KuchiData
@testable import KuchiSync

/// Peer: a data folder and a config folder standing for one machine, synced in process.
struct Peer {
    let home: TemporaryDirectory
    var config: URL { home.file("config") }
    var data: URL { home.file("data") }
    var store: ProfileStore { ProfileStore(directory: config) }

    /// init: an empty machine.
    init() throws { home = try TemporaryDirectory() }

    /// sync: one `SyncService` run at `now`.
    func sync(_ folder: URL, name: String? = nil, status: Bool = false, budget: Int = SyncFolder.defaultBudget, stop: SyncStop? = nil,
              now: Date) -> Result<SyncReport, SyncFailure> {
        var request = SyncRequest(folder: folder, profileName: name, configDirectory: config, dataDirectory: data, statusOnly: status, now: now)
        request.budget = budget
        request.stop = stop
        return SyncService.run(request)
    }

    /// study: `count` Good answers on the deck's first words, a minute apart from `start`.
    func study(_ learner: UUID, count: Int, from start: Date, deckJSON: [[String: Any]] = DeckJSON.words(12)) throws {
        let database = LearnerDatabase.open(directory: data)
        let deck = try makeDeck(deckJSON)
        for index in 0..<count {
            let time = start.addingTimeInterval(Double(index) * 60)
            let card = try database.cards(learner: learner, deck: deck, now: time).cards[index % deck.challenges.count].id
            try database.record(ReviewInput(cardID: card, rating: .good, time: time, duration: 900), scheduler: FSRSScheduler())
        }
    }

    /// newLearner: a learner saved here (profile file) with `answers` Good answers from `start`.
    func newLearner(_ name: String = "Hana", answers: Int, from start: Date) throws -> Profile {
        let profile = Profile(name: name)
        _ = try store.create(profile)
        try study(profile.id, count: answers, from: start)
        return profile
    }

    /// reviews: how many reviews this machine holds.
    func reviews() throws -> Int {
        guard let database = try LearnerDatabase.openReadOnly(directory: data) else { return 0 }
        return try count(database, "SELECT COUNT(*) FROM review")
    }
}

/// ownBatchFolder: the machine folder holding the first batch file in the sync folder.
func ownBatchFolder(in folder: URL) -> URL? {
    filesUnder(folder).first { $0.hasSuffix(".jsonl") }.map { folder.appendingPathComponent($0).deletingLastPathComponent() }
}

/// SyncScaleTests: a sync reads only what is new, within a budget that every machine shares,
/// sends each change once, and takes turns with another sync of the same data folder.
@Suite("Sync at scale")
struct SyncScaleTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a sync with nothing new opens no old file: one listed at the size and time it had is not read again")
    func noChangeReadsNothing() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 5, from: start)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(600)).get().sent == 5)
        #expect(try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get().received == 5)
        let batch = try #require(filesUnder(folder.url).first { $0.hasSuffix(".jsonl") })
        let url = folder.url.appendingPathComponent(batch)
        let size = try Data(contentsOf: url).count
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        // Garbage of the same size, with the time it had (to the nanosecond): were the file
        // opened, it would be refused aloud.
        try Data(repeating: UInt8(ascii: "x"), count: size).write(to: url)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
        let again = try b.sync(folder.url, now: start.addingTimeInterval(800)).get()
        #expect(again.notices.isEmpty, "the old file was not opened: \(again.notices)")
        #expect(again.received == 0 && again.sent == 0 && again.rescheduled == 0)
    }

    @Test("a batch that first arrives zero-filled at its full size, then filled in place at that size, is read once filled")
    func aFileFilledInPlaceIsReadAgain() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 5, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        #expect(try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get().received == 5)
        let before = Set(filesUnder(folder.url))
        try a.study(hana.id, count: 5, from: start.addingTimeInterval(3600))
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(7200)).get().sent == 5)
        let batch = try #require(Set(filesUnder(folder.url)).subtracting(before).first { $0.hasSuffix(".jsonl") })
        let url = folder.url.appendingPathComponent(batch)
        let content = try Data(contentsOf: url)
        let arrived = Date(timeIntervalSince1970: 1_800_010_000)
        // A copy tool that makes the file at its full size first (preallocation) …
        try Data(count: content.count).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: arrived], ofItemAtPath: url.path)
        let early = try b.sync(folder.url, now: start.addingTimeInterval(7300)).get()
        #expect(early.received == 0)
        #expect(early.notices.contains { $0.contains("is not a Kuchi sync file") }, "\(early.notices)")
        // … then fills it in place: the same size, a later time. The next sync reads it.
        try content.write(to: url)
        try FileManager.default.setAttributes([.modificationDate: arrived.addingTimeInterval(2)], ofItemAtPath: url.path)
        let filled = try b.sync(folder.url, now: start.addingTimeInterval(7400)).get()
        #expect(filled.received == 5, "\(filled.notices)")
        #expect(try b.reviews() == 10)
        // Read to its end at that size and time: not read again.
        let after = try b.sync(folder.url, now: start.addingTimeInterval(7500)).get()
        #expect(after.received == 0 && after.notices.isEmpty, "\(after.notices)")
    }

    @Test("a sync asked to stop (the app quitting) reads no further, still sends this machine's answers and commits; the next reads on")
    func aStoppedSyncKeepsWhatItDid() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 5, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        #expect(try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(700)).get().received == 5)
        try a.study(hana.id, count: 5, from: start.addingTimeInterval(3600))
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(7200)).get().sent == 5)
        try b.study(hana.id, count: 3, from: start.addingTimeInterval(3700))
        let stop = SyncStop()
        stop.request()
        let stopped = try b.sync(folder.url, stop: stop, now: start.addingTimeInterval(7300)).get()
        #expect(stopped.received == 0)
        #expect(stopped.sent == 3, "this machine's new answers still go out")
        #expect(stopped.partial)
        #expect(stopped.notices.contains { $0.contains("Kuchi quit before the sync had read everything new") }, "\(stopped.notices)")
        let next = try b.sync(folder.url, now: start.addingTimeInterval(7400)).get()
        #expect(next.received == 5 && next.sent == 0 && !next.partial, "\(next.notices)")
        #expect(try b.reviews() == 13)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(7500)).get().received == 3)
    }

    @Test("a budget smaller than the folder: every machine's files get their turn, no byte twice, the learner told")
    func budgetTakesTurns() throws {
        let (b, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try b.store.create(hana)
        var size = 0
        for (index, machine) in ["aa", "bb", "cc"].enumerated() {
            let batch = Batch(learner: hana.id, machine: String(repeating: machine, count: 16))
            for file in 0..<3 {
                let lines = (0..<10).map { Batch.review(uid(index * 100 + file * 10 + $0, machine), question: "q\(file)-\($0)") }
                size = try Data(contentsOf: batch.write(lines, in: folder.url, name: "180000000000\(file)-000000000000000\(file).jsonl")).count
            }
        }
        var totals: [Int] = []
        for step in 0..<5 {
            let report = try b.sync(folder.url, budget: size * 3, now: start.addingTimeInterval(Double(step) * 60)).get()
            totals.append(report.received)
            #expect(report.partial == (step < 2), "step \(step): \(report.notices)")
            if step < 2 { #expect(report.notices.contains { $0.contains("the rest is read by the next sync") }) }
        }
        #expect(totals == [30, 30, 30, 0, 0], "one file of each machine per sync, then nothing")
        #expect(try b.reviews() == 90)
    }

    @Test("what was sent is not sent again, even when the folder is too large to read at once")
    func sentOnce() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 6, from: start)
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(600)).get().sent == 6)
        try Batch(learner: hana.id, machine: String(repeating: "cd", count: 16))
            .write((0..<50).map { Batch.review(uid($0, "cd")) }, in: folder.url)
        let small = try a.sync(folder.url, budget: 200, now: start.addingTimeInterval(700)).get()
        #expect(small.sent == 0 && small.partial)
        try a.study(hana.id, count: 1, from: start.addingTimeInterval(800))
        #expect(try a.sync(folder.url, budget: 200, now: start.addingTimeInterval(900)).get().sent == 1)
        let names = filesUnder(folder.url).filter { $0.hasSuffix(".jsonl") && !$0.contains("/cdcd") }
        #expect(names.count == 2, "two batches of A: 6 reviews, then 1: \(names)")
    }

    @Test("two syncs of one data folder at once take turns: the history is written once")
    func twoSyncsAtOnce() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 400, from: start)
        let now = start.addingTimeInterval(86_400)
        let lock = NSLock()
        nonisolated(unsafe) var results: [Result<SyncReport, SyncFailure>] = []
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = a.sync(folder.url, now: now.addingTimeInterval(Double(index)))
            lock.withLock { results.append(result) }
        }
        let sent = try results.map { try $0.get().sent }.sorted()
        #expect(sent == [0, 400])
        #expect(filesUnder(folder.url).filter { $0.hasSuffix(".jsonl") }.count == 1)
    }

    @Test("a machine folds its own batches: the folder stops growing and another machine loses nothing")
    func folding() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        for day in 0..<24 {
            let moment = start.addingTimeInterval(Double(day) * 86_400)
            try a.study(hana.id, count: 2, from: moment)
            _ = try a.sync(folder.url, now: moment.addingTimeInterval(3600)).get()
            if day == 10 { _ = try b.sync(folder.url, name: "Hana", now: moment.addingTimeInterval(4000)).get() }
        }
        let files = filesUnder(folder.url).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count < SyncCompaction.threshold, "\(files.count) files")
        #expect(filesUnder(folder.url).allSatisfy { !$0.contains(".tmp-") })
        _ = try b.sync(folder.url, now: start.addingTimeInterval(30 * 86_400)).get()
        #expect(try b.reviews() == 48 && a.reviews() == 48)
        #expect(try b.sync(folder.url, now: start.addingTimeInterval(31 * 86_400)).get().received == 0)
    }

    @Test("a killed sync's temporary file of this machine is removed at its next sync")
    func staleTemporary() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 1, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        let own = try #require(ownBatchFolder(in: folder.url))
        let stale = own.appendingPathComponent(".1800000000000-00000000000000aa.jsonl.tmp-999999-12")
        try Data("half a batch".utf8).write(to: stale)
        try a.study(hana.id, count: 1, from: start.addingTimeInterval(120))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(180)).get()
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test("--status on a fresh machine creates nothing: no data folder, no database")
    func statusCreatesNothing() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 3, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        let status = try b.sync(folder.url, name: "Hana", status: true, now: start.addingTimeInterval(120)).get()
        #expect(status.received == 3 && status.statusOnly)
        #expect(!FileManager.default.fileExists(atPath: b.data.path))
        #expect(!FileManager.default.fileExists(atPath: b.config.path))
    }
}
