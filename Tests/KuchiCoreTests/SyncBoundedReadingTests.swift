import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiBase
@testable import KuchiData
@testable import KuchiSync

/// SyncBoundedReadingTests: reading the folder is bounded by what it skips — an overlong line
/// is passed by searching and seeking, within the budget and the app's quitting, and never read
/// again; a file changed in place is read again from its start; a sync killed after its batch is
/// written leaves it (and its `.tmp`) in this machine's own folder.
@Suite("Sync reading is bounded")
struct SyncBoundedReadingTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let other = String(repeating: "ee", count: 16)

    /// ledger: the ledger row (offset, complete) of `name`, from `peer`'s database.
    func ledger(_ peer: Peer, _ name: String) throws -> (offset: Int64, complete: Int)? {
        guard let database = try LearnerDatabase.openReadOnly(directory: peer.data) else { return nil }
        return try database.writer.read { db in
            try Row.fetchOne(db, sql: #"SELECT "offset", complete FROM sync_file WHERE name = ?"#, arguments: [name]).map { ($0[0], $0[1]) }
        }
    }

    /// overlongBatch: a batch of `hana` whose first record line is `length` bytes of `filler`
    /// (a sparse hole when `sparse`), then one review and the end line.
    func overlongBatch(_ hana: Profile, in folder: URL, length: Int64, sparse: Bool) throws -> URL {
        let batch = Batch(learner: hana.id, machine: other)
        let url = try batch.write([], in: folder, end: false)
        let handle = try FileHandle(forWritingTo: url)
        let head = try handle.seekToEnd()
        if sparse {
            try handle.truncate(atOffset: head + UInt64(length))
            try handle.seekToEnd()
        } else {
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<(length >> 20) { try handle.write(contentsOf: chunk) }
        }
        try handle.write(contentsOf: Data(("\n" + Batch.review(uid(1), time: Milliseconds.from(start) - 60_000) + "\n" + #"{"end":2}"# + "\n").utf8))
        try handle.close()
        return url
    }

    @Test("a sparse 1 GiB line is seeked over: within a 1 MiB budget the review after it arrives in one sync, and no later sync reads it again")
    func sparseLineIsSeekedOver() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let url = try overlongBatch(hana, in: folder.url, length: 1 << 30, sparse: true)
        // Only where the file system keeps holes (ext4, tmpfs, xfs, btrfs) is the line free to pass.
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        let holes = lseek(fd, 4096, 3 /* SEEK_DATA */) > 4096
        let first = try a.sync(folder.url, budget: 1 << 20, now: start).get()
        if holes {
            #expect(first.received == 1 && !first.partial, "\(first)")
        } else {
            #expect(first.partial, "a file system without holes reads the line against the budget")
        }
        #expect(first.notices.contains { $0.contains("1 line skipped") && $0.contains("longer than 8 MiB") } || !holes, "\(first.notices)")
        let again = try a.sync(folder.url, budget: 1 << 20, now: start.addingTimeInterval(60)).get()
        #expect(again.notices.isEmpty || !holes, "the file was read to its end once: \(again.notices)")
    }

    @Test("an overlong line stops at the budget inside it; the next sync skips on from there to the review after it")
    func overlongLineHonoursBudget() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let url = try overlongBatch(hana, in: folder.url, length: 24 << 20, sparse: false)
        let first = try a.sync(folder.url, budget: 10 << 20, now: start).get()
        #expect(first.partial && first.received == 0, "\(first)")
        let stopped = try #require(try ledger(a, url.lastPathComponent))
        #expect(stopped.complete == 3 && stopped.offset > 8 << 20 && stopped.offset < 12 << 20, "stopped inside the line: \(stopped)")
        let second = try a.sync(folder.url, budget: 10 << 20, now: start.addingTimeInterval(60)).get()
        let after = try #require(try ledger(a, url.lastPathComponent))
        #expect(after.complete == 3 && after.offset > stopped.offset + (8 << 20), "went on from where it stopped: \(after)")
        #expect(second.received == 0)
        let third = try a.sync(folder.url, budget: 10 << 20, now: start.addingTimeInterval(120)).get()
        #expect(third.received == 1 && !third.partial, "\(third)")
        #expect(try ledger(a, url.lastPathComponent)?.complete == 1)
    }

    @Test("quitting stops the skipping of an overlong line at once, and the next start does not read it again")
    func overlongLineHonoursQuitting() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        _ = try overlongBatch(hana, in: folder.url, length: 24 << 20, sparse: false)
        // Quitting comes while the line streams past (after its first 8 MiB were buffered).
        let stop = SyncStop()
        let lines = SyncFolder(directory: folder.url)
        let listed = try #require(lines.list(learner: hana.id).files.first)
        var calls = 0
        let read = try lines.readFile(listed, learner: hana.id, from: nil, budget: .max, stop: {
            calls += 1
            if calls > 2 { stop.request() }
            return stop.isRequested
        }) { _ in }
        let progress = try #require(read.progress)
        #expect(read.stopped && progress.offset < 12 << 20, "stopped inside the line: \(progress)")
        // The next read goes on inside the line and finds the review after it.
        var reviews = 0
        let next = try lines.readFile(listed, learner: hana.id, from: progress, budget: .max) { entries in reviews += entries.count }
        #expect(reviews == 1 && next.progress?.complete == true)
        #expect(next.bytes < Int64(24 << 20) - progress.offset + (1 << 20), "only the rest of the line was read: \(next.bytes)")
    }

    @Test("a batch rewritten in place and grown is read again from its start: no machine keeps the records it lost")
    func grownRewrittenFileIsReadAgain() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let batch = Batch(learner: hana.id, machine: other)
        let time = Milliseconds.from(start) - 3_600_000
        // A copy still arriving: two records, no end line yet.
        let url = try batch.write([Batch.review(uid(1), time: time), Batch.review(uid(2), time: time)], in: folder.url, end: false)
        #expect(try a.sync(folder.url, now: start).get().received == 2)
        // The same file made again in place (same line lengths), other records, then grown.
        let changed = [uid(3), uid(4), uid(5)].map { Batch.review($0, time: time) }
        try batch.write(changed, in: folder.url, name: url.lastPathComponent)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        #expect(report.received == 3, "\(report)")
        #expect(report.notices.contains { $0.contains("changed in place") && $0.contains("read again from its start") }, "\(report.notices)")
        #expect(try a.reviews() == 5)
    }

    @Test("a batch that only grew is read on from where the last sync stopped, not again")
    func grownFileReadsOn() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let batch = Batch(learner: hana.id, machine: other)
        let time = Milliseconds.from(start) - 3_600_000
        let url = try batch.write([Batch.review(uid(1), time: time)], in: folder.url, end: false)
        #expect(try a.sync(folder.url, now: start).get().received == 1)
        try batch.write([Batch.review(uid(1), time: time), Batch.review(uid(2), time: time)], in: folder.url, name: url.lastPathComponent)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        #expect(report.received == 1 && report.notices.isEmpty, "\(report)")
    }

    @Test("a first sync killed after its batch is renamed leaves it in this machine's own folder: read, and cleaned with its .tmp")
    func killedFirstSyncLeavesNoOrphan() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 3, from: start)
        var request = SyncRequest(folder: folder.url, configDirectory: a.config, dataDirectory: a.data, now: start.addingTimeInterval(600))
        request.failAfterSend = true
        guard case .failure = SyncService.run(request) else {
            Issue.record("the interrupted sync should fail")
            return
        }
        let written = try #require(ownBatchFolder(in: folder.url))
        let machine = try LearnerDatabase.open(directory: a.data).writer.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = 'machine'")
        }
        #expect(machine == written.lastPathComponent, "the batch is under the id this machine keeps")
        // A kill 0.1 s into another write left its temporary file beside it.
        let temporary = written.appendingPathComponent(AtomicFile.temporaryName(for: "1800000000000-00000000000000ff.jsonl", pid: 99_999, nonce: 1))
        try Data("{}\n".utf8).write(to: temporary)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(700)).get()
        #expect(report.sent == 0, "the reviews the folder already holds are not sent again")
        #expect(!FileManager.default.fileExists(atPath: temporary.path), "the .tmp was removed")
        let machines = Set(filesUnder(folder.url).filter { $0.hasSuffix(".jsonl") }.map { ($0 as NSString).deletingLastPathComponent })
        #expect(machines.count == 1, "one machine folder: \(machines)")
    }

    @Test("sync --status leaves a damaged profile where it is")
    func statusLeavesDamagedProfile() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 1, from: start)
        let damaged = a.config.appendingPathComponent("profiles/\(UUID().uuidString.lowercased()).json")
        try Data("{not json".utf8).write(to: damaged)
        _ = try a.sync(folder.url, status: true, now: start).get()
        #expect(FileManager.default.fileExists(atPath: damaged.path))
        let names = try FileManager.default.contentsOfDirectory(atPath: damaged.deletingLastPathComponent().path)
        #expect(!names.contains { $0.contains("broken") }, "\(names)")
    }
}
