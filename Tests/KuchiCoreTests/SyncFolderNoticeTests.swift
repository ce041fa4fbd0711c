import Foundation
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiData
@testable import KuchiSync
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncFolderNoticeTests: what a sync tells about the folder — once, in the right words — and
/// what `--status` leaves as it was (probe 27, findings 3–7 and 9).
@Suite("Sync folder notices")
struct SyncFolderNoticeTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let other = String(repeating: "ee", count: 16)

    @Test("a folder, FIFO, socket, symlink or non-UTF-8 name called *.jsonl is told once; --status lists them again")
    func nonFilesToldOnce() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let place = try Batch(learner: hana.id, machine: other).write([Batch.review(uid(1))], in: folder.url).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: place.appendingPathComponent("dir.jsonl"), withIntermediateDirectories: true)
        #expect(mkfifo(place.appendingPathComponent("fifo.jsonl").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(at: place.appendingPathComponent("link.jsonl"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
        let raw = Array((place.path + "/bad").utf8) + [0xFF, 0xFE] + Array("name.jsonl".utf8) + [0]
        let fd = raw.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { path in
            path.baseAddress.map { open($0, O_CREAT | O_WRONLY, 0o600) } ?? -1
        }
        #expect(fd >= 0)
        close(fd)
        let first = try a.sync(folder.url, now: start).get()
        #expect(first.received == 1)
        for phrase in ["dir.jsonl is a folder", "fifo.jsonl is a FIFO", "link.jsonl is a symbolic link", #"bad\xff\xfename.jsonl has a name that is not valid UTF-8"#] {
            #expect(first.notices.contains { $0.contains(phrase) }, "\(phrase): \(first.notices)")
        }
        let again = try a.sync(folder.url, now: start.addingTimeInterval(60)).get()
        #expect(again.notices.isEmpty, "told once: \(again.notices)")
        let status = try a.sync(folder.url, status: true, now: start.addingTimeInterval(120)).get()
        #expect(status.notices.count == 4, "--status lists every file skipped: \(status.notices)")
        // A regular file that takes a refused name is read.
        try FileManager.default.removeItem(at: place.appendingPathComponent("dir.jsonl"))
        try Batch(learner: hana.id, machine: other).write([Batch.review(uid(2))], in: folder.url, name: "dir.jsonl")
        #expect(try a.sync(folder.url, now: start.addingTimeInterval(180)).get().received == 1)
    }

    @Test("a whole file whose lines are not records says how many lines were skipped, not 'incomplete'")
    func wholeFileOfBadLines() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let batch = Batch(learner: hana.id, machine: other)
        let text = [batch.header, "x", "x", "x", #"{"end":0}"#].joined(separator: "\n") + "\n"
        let url = try batch.write([], in: folder.url)
        try Data(text.utf8).write(to: url)
        let report = try a.sync(folder.url, now: start).get()
        #expect(report.notices.contains { $0.hasSuffix("3 lines skipped (not a JSON record).") }, "\(report.notices)")
        #expect(!report.notices.contains { $0.contains("incomplete") }, "\(report.notices)")
    }

    @Test("the clock notice names this machine when its own answers are dated after its tomorrow")
    func ownClockWrong() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 3, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        let hana = try #require(a.store.loadAll().profiles.first)
        try Batch(learner: hana.id, machine: other).write([Batch.review(uid(1), time: Milliseconds.from(start))], in: folder.url)
        let wrong = Date(timeIntervalSince1970: 1_000_000_000)
        let report = try a.sync(folder.url, now: wrong).get()
        let notice = try #require(report.notices.first { $0.contains("after tomorrow") })
        #expect(notice.contains("this machine's clock seems to be wrong (it says 2001-09-09)") && !notice.contains("from a machine whose"), "\(notice)")
    }

    @Test("bidi controls in a record's text are refused like C0/C1 controls, and never written")
    func bidiRefused() throws {
        #expect(!SyncRecordCoding.isCleanText("a cat \u{202E}evil") && !SyncRecordCoding.isCleanText("\u{2066}x"))
        #expect(SyncRecordCoding.isCleanText("犬 dog \u{200F}"), "marks stay: right-to-left text uses them")
        let review = SyncReview(uid: uid(1), deck: "D", question: "犬", reading: "いぬ", direction: .japaneseToEnglish, answer: "a cat \u{202E}evil",
                                time: 1_800_000_000_000, rating: .good, duration: 5)
        #expect(SyncRecordCoding.sendable(.review(review)) == nil)
        guard case .failure = SyncRecordCoding.decode((try? SyncRecordCoding.encode(.review(review))) ?? Data()) else {
            Issue.record("a review with U+202E was accepted")
            return
        }
    }

    @Test("--status on a damaged database changes nothing and says what a sync would do")
    func statusOnDamagedDatabase() throws {
        let (a, folder) = (try Peer(), try TemporaryDirectory())
        _ = try a.newLearner("Hana", answers: 3, from: start)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(600)).get()
        let file = a.data.appendingPathComponent(LearnerDatabase.fileName)
        let damaged = try Data(contentsOf: file).prefix(5000)
        for side in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + side) }
        try damaged.write(to: file)
        let before = try FileManager.default.contentsOfDirectory(atPath: a.data.path).sorted()
        guard case .failure(let failure) = a.sync(folder.url, status: true, now: start.addingTimeInterval(700)) else {
            Issue.record("--status counted against a damaged database")
            return
        }
        #expect(failure.message.contains("is damaged; --status changed nothing") && failure.message.contains("broken-"), "\(failure.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.data.path).sorted() == before)
        #expect(try Data(contentsOf: file) == damaged)
        // A real sync sets it aside and says so.
        let real = try a.sync(folder.url, now: start.addingTimeInterval(800)).get()
        #expect(real.notices.contains { $0.contains("was damaged; it was kept as") }, "\(real.notices)")
    }

    @Test("`config sync-dir` stores the absolute path Settings stores; ~name is that account's home, or refused")
    func syncDirIsAbsolute() throws {
        let settings = Settings()
        let relative = try #require(ConfigKey.syncDir.setting("S", in: settings, home: "/home/hana"))
        #expect(relative.syncFolder == SyncFolderPath.resolve("S") && relative.syncFolder.hasPrefix("/"))
        #expect(ConfigKey.syncDir.setting("~/Sync", in: settings, home: "/home/hana")?.syncFolder == "/home/hana/Sync")
        #expect(SyncFolderPath.resolve("~root/x", home: "/home/hana") == "/root/x")
        #expect(SyncFolderPath.resolve("~ken/x", home: "/h", account: { $0 == "ken" ? "/home/ken" : nil }) == "/home/ken/x")
        #expect(SyncFolderPath.resolve("~nobody-such-account/x", home: "/h", account: { _ in nil }) == nil)
        #expect(ConfigKey.syncDir.setting("~nobody-such-account/x", in: settings, home: "/h") == nil)
    }
}
