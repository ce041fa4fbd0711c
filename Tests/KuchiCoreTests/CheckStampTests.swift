import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData
#if canImport(Glibc)
import Glibc
#endif

/// CheckStampTests: the file as the last whole-file check left it (`CheckStamp`). A quit that
/// found the file sound stamps it; a start (its table check) and a quit (the whole check) skip
/// the work only while the file is exactly the one stamped, and every kind of change — a write,
/// a touch, a copy put in its place, a crash's `-wal`, damage written over a page — sends the
/// next start back to checking.
@Suite("The whole-file check's stamp")
struct CheckStampTests {
    /// learnerFile: a database in a fresh folder with `cards` card rows (enough for several leaf
    /// pages) and a few reviews, closed by a quit that checked it.
    func learnerFile(cards: Int = 3000) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.url)
        let card = try #require(try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(3))).cards.first).id
        try database.writer.write { db in
            let deck = try #require(try Int64.fetchOne(db, sql: "SELECT learner_deck FROM card WHERE id = ?", arguments: [card]))
            for index in 0..<cards {
                try db.execute(sql: "INSERT INTO card (learner_deck, question, reading, direction, answer) VALUES (?, ?, ?, 'jaToEn', ?)",
                               arguments: [deck, "語\(index)", "ご\(index)", "word \(index)"])
            }
            for index in 0..<20 {
                try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, 3, 2, 1500)",
                               arguments: [card, 1_700_000_000_000 + Int64(index) * 1000])
            }
        }
        #expect(database.finishAtQuit() == nil)
        return folder
    }

    func path(_ folder: TemporaryDirectory) -> String {
        folder.path(LearnerDatabase.fileName).path
    }

    /// overwriteCardPage: one leaf page of the card table written over with junk, in place.
    func overwriteCardPage(_ folder: TemporaryDirectory) throws {
        let (page, size) = try DatabaseQueue(path: path(folder)).read { db in
            (try #require(try Int.fetchOne(db, sql: "SELECT pageno FROM dbstat WHERE name = 'card' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 2")),
             try #require(try Int.fetchOne(db, sql: "PRAGMA page_size")))
        }
        let handle = try FileHandle(forUpdating: folder.path(LearnerDatabase.fileName))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: size))
        try handle.close()
    }

    @Test("a quit that checked the file stamps it, and a start that writes nothing keeps the stamp good")
    func aCheckedQuitStamps() throws {
        let folder = try learnerFile()
        #expect(FileManager.default.fileExists(atPath: CheckStamp.stampPath(for: path(folder))))
        #expect(CheckStamp.unchanged(path(folder)))
        for _ in 0..<2 {
            let again = LearnerDatabase.open(directory: folder.url)
            #expect(again.problem == nil)
            #expect(try again.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") } == 3003)
            #expect(CheckStamp.unchanged(path(folder)), "opening and reading wrote nothing")
            #expect(again.finishAtQuit() == nil)
            #expect(CheckStamp.unchanged(path(folder)))
        }
    }

    @Test("a write during the session: the quit checks again and stamps what it wrote")
    func aWriteIsCheckedAtQuit() throws {
        let folder = try learnerFile()
        let before = try #require(CheckStamp.recorded(path(folder)))
        let database = LearnerDatabase.open(directory: folder.url)
        try database.writer.write { db in try db.execute(sql: "UPDATE card SET reps = reps + 1 WHERE id = 1") }
        #expect(!CheckStamp.unchanged(path(folder)), "the write sits in the -wal")
        #expect(database.finishAtQuit() == nil)
        let after = try #require(CheckStamp.recorded(path(folder)))
        #expect(after != before)
        #expect(CheckStamp.unchanged(path(folder)))
    }

    /// Changes: each a different way the file can change behind Kuchi's back.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case sqliteWrite, touchedToTheSameTimes, modeChanged, sameBytesRewritten, copyPutInItsPlace, grown, walLeftByACrash
        var testDescription: String { rawValue }
    }

    @Test("every change to the file after the stamp is seen", arguments: Change.allCases)
    func everyChangeIsSeen(change: Change) throws {
        let folder = try learnerFile(cards: 200)
        let file = path(folder)
        #expect(CheckStamp.unchanged(file))
        var keepOpen: DatabaseQueue?
        switch change {
        case .sqliteWrite:
            let queue = try DatabaseQueue(path: file)
            try queue.write { db in try db.execute(sql: "UPDATE card SET lapses = 1 WHERE id = 2") }
            try queue.close()
        case .touchedToTheSameTimes:
            var info = stat()
            #expect(stat(file, &info) == 0)
            var times = [info.st_atim, info.st_mtim]
            #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        case .modeChanged:
            #expect(chmod(file, 0o600) == 0 && chmod(file, 0o644) == 0)
        case .sameBytesRewritten:
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            let handle = try #require(FileHandle(forUpdatingAtPath: file))
            try handle.write(contentsOf: bytes)
            try handle.close()
        case .copyPutInItsPlace:
            var info = stat()
            #expect(stat(file, &info) == 0)
            let copy = file + ".copy"
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            var times = [info.st_atim, info.st_mtim]
            #expect(utimensat(AT_FDCWD, copy, &times, 0) == 0)
            #expect(rename(copy, file) == 0)
        case .grown:
            let handle = try #require(FileHandle(forUpdatingAtPath: file))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(count: 4096))
            try handle.close()
        case .walLeftByACrash:
            let queue = try DatabaseQueue(path: file)
            try queue.write { db in try db.execute(sql: "UPDATE card SET lapses = 1 WHERE id = 2") }
            keepOpen = queue
        }
        #expect(!CheckStamp.unchanged(file), "\(change)")
        try keepOpen?.close()
    }

    @Test("damage written over a card page after the stamp is found at the next start")
    func damageAfterTheStampIsFound() throws {
        let folder = try learnerFile()
        try overwriteCardPage(folder)
        #expect(!CheckStamp.unchanged(path(folder)))
        let database = LearnerDatabase.open(directory: folder.url)
        let problem = try #require(database.problem, "the start checked the card table")
        #expect(problem.kind == .corrupt)
        #expect(problem.message.contains("was damaged; it was kept as"), "\(problem.message)")
    }

    @Test("the stamp is what lets a start and a quit skip their checks: its exact identity and nothing else")
    func theStampIsTrustedOnlyExactly() throws {
        let folder = try learnerFile()
        try overwriteCardPage(folder)
        let file = path(folder)
        // The damaged file stamped as if checked: a start and a quit trust it.
        CheckStamp.record(file)
        #expect(CheckStamp.unchanged(file))
        let trusting = LearnerDatabase.open(directory: folder.url)
        #expect(trusting.problem == nil, "no table check at start")
        #expect(trusting.finishAtQuit() == nil, "no whole-file check at quit")
        #expect(CheckStamp.unchanged(file))
        // One field of the stamp off (the size): the start checks and finds the damage.
        let stamped = try #require(CheckStamp.recorded(file))
        var fields = stamped.fields
        fields[2] += 1
        try (CheckStamp.header + "\n" + fields.map(String.init).joined(separator: " ") + "\n")
            .write(toFile: CheckStamp.stampPath(for: file), atomically: true, encoding: .utf8)
        #expect(!CheckStamp.unchanged(file))
        let checking = LearnerDatabase.open(directory: folder.url)
        #expect(checking.problem?.kind == .corrupt)
    }

    @Test("a stamp that does not read is no stamp", arguments: ["", "kuchi whole-file check 1\n1 2 3\n", "kuchi whole-file check 2\n1 2 3 4 5 6 7\n", "\u{0}\u{1}"])
    func unreadableStamps(text: String) throws {
        let folder = try learnerFile(cards: 10)
        let file = path(folder)
        try text.write(toFile: CheckStamp.stampPath(for: file), atomically: true, encoding: .utf8)
        #expect(!CheckStamp.unchanged(file))
        #expect(LearnerDatabase.open(directory: folder.url).finishAtQuit() == nil)
        #expect(CheckStamp.unchanged(file), "the quit checked the file and stamped it again")
    }

    @Test("no stamp while another connection still holds frames in the -wal")
    func noStampBesideAnotherWriter() throws {
        let folder = try learnerFile(cards: 10)
        let file = path(folder)
        let database = LearnerDatabase.open(directory: folder.url)
        let other = try DatabaseQueue(path: file)
        try other.write { db in try db.execute(sql: "UPDATE card SET lapses = 2 WHERE id = 1") }
        #expect(database.finishAtQuit() == nil)
        #expect(!FileManager.default.fileExists(atPath: CheckStamp.stampPath(for: file)))
        #expect(!CheckStamp.unchanged(file))
        try other.close()
        #expect(!CheckStamp.unchanged(file), "the other window's write was never checked")
    }

    @Test("a damaged review log is found by the quit, set aside, and nothing is stamped")
    func damageAtQuitLeavesNoStamp() throws {
        let folder = try learnerFile(cards: 10)
        let file = path(folder)
        let database = LearnerDatabase.open(directory: folder.url)
        try database.writer.write { db in
            for index in 0..<3000 {
                try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (1, ?, 3, 2, 1500)",
                               arguments: [1_800_000_000_000 + Int64(index) * 1000])
            }
        }
        try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let (page, size) = try database.writer.read { db in
            (try #require(try Int.fetchOne(db, sql: "SELECT pageno FROM dbstat WHERE name = 'review' AND pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 3")),
             try #require(try Int.fetchOne(db, sql: "PRAGMA page_size")))
        }
        try database.writer.close()
        let handle = try FileHandle(forUpdating: folder.path(LearnerDatabase.fileName))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: size))
        try handle.close()
        let reopened = LearnerDatabase.open(directory: folder.url)
        #expect(reopened.problem == nil, "a start does not check the review log")
        let damage = try #require(reopened.finishAtQuit())
        #expect(damage.kind == .corrupt)
        #expect(!FileManager.default.fileExists(atPath: CheckStamp.stampPath(for: file)))
    }
}
