import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData
@testable import KuchiSync

/// The learner database file: migrations, refusing a newer file, setting a damaged one aside,
/// falling back to memory, two windows on one file, crash safety and size per review.
@Suite("Learner database")
struct LearnerDatabaseTests {
    @Test("a fresh folder gets a migrated WAL database with every table")
    func migratesFromEmpty() throws {
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.path("nested", "kuchi"))
        #expect(database.problem == nil)
        #expect(database.url?.lastPathComponent == "kuchi.sqlite")
        let tables = try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        for table in ["card", "learner_deck", "review", "session"] { #expect(tables.contains(table)) }
        #expect(try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try count(database, "PRAGMA user_version") == LearnerSchema.version)
        // Opening again migrates nothing and keeps the data.
        let learner = UUID()
        _ = try database.cards(learner: learner, deck: try makeDeck(DeckJSON.words(3)))
        let again = LearnerDatabase.open(directory: folder.path("nested", "kuchi"))
        #expect(again.problem == nil)
        #expect(try count(again, "SELECT COUNT(*) FROM card") == 3)
    }

    @Test("the default folder follows XDG_DATA_HOME, else ~/.local/share")
    func defaultDirectory() {
        #expect(LearnerDatabase.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path == "/x/data/kuchi")
        #expect(LearnerDatabase.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path == "/h/.local/share/kuchi")
        #expect(LearnerDatabase.defaultDirectory(environment: ["HOME": "/h"]).path == "/h/.local/share/kuchi")
    }

    @Test("a database from a newer Kuchi is refused with a message and left byte for byte untouched")
    func newerVersionRefused() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("kuchi.sqlite")
        do {
            let writer = try DatabaseQueue(path: file.path)
            try writer.write { db in
                try db.execute(sql: "CREATE TABLE future (x); INSERT INTO future VALUES (42); PRAGMA user_version = 99")
            }
            try writer.close()
        }
        let before = try Data(contentsOf: file)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem?.kind == .newerVersion)
        #expect(database.problem?.message.contains("newer Kuchi") == true)
        #expect(database.url == nil, "the session goes on in memory")
        #expect(try Data(contentsOf: file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("broken") }.isEmpty)
        // The read-only open for `kuchi due` refuses it too.
        #expect(throws: KuchiCore.PersistenceError.self) { try LearnerDatabase.openReadOnly(directory: folder.url) }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("a migration this Kuchi does not know is a newer database too")
    func unknownMigrationRefused() throws {
        let folder = try TemporaryDirectory()
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
            }
        }
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem?.kind == .newerVersion)
    }

    @Test("a damaged file is moved aside with its -wal and -shm, and a fresh database starts",
          arguments: ["garbage", "truncated", "smashed card table"])
    func damagedMovedAside(kind: String) throws {
        let folder = try TemporaryDirectory()
        let file = folder.path("kuchi.sqlite")
        let bytes: Data
        if kind == "garbage" {
            bytes = Data("this is not a database, just text that happens to be here\n".utf8)
        } else {
            var root = 2
            do {
                let database = LearnerDatabase.open(directory: folder.url)
                _ = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(200)))
                try database.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
                root = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'card'") ?? 2 }
            }
            var whole = try Data(contentsOf: file)
            if kind == "truncated" {
                whole = whole.prefix(4096 + 100)
            } else {
                // The card table's root page overwritten: SQLite opens the file, quick_check fails.
                whole.replaceSubrange((root - 1) * 4096..<((root - 1) * 4096 + 200), with: Data(repeating: 0xFF, count: 200))
            }
            bytes = whole
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        }
        try bytes.write(to: file)
        try Data("wal".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        let database = LearnerDatabase.open(directory: folder.url, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(database.problem?.kind == .corrupt)
        #expect(database.problem?.message.contains("kuchi.sqlite.broken-20270115-080000") == true, "\(String(describing: database.problem))")
        #expect(database.url == file, "a fresh file is in use")
        let aside = folder.path("kuchi.sqlite.broken-20270115-080000")
        #expect(try Data(contentsOf: aside) == bytes, "the damaged file is kept as it was")
        #expect(FileManager.default.fileExists(atPath: aside.path + "-wal"))
        _ = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(3)))
        #expect(try count(database, "SELECT COUNT(*) FROM card") == 3)
    }

    @Test("a file whose migration fails (a table of another shape) is moved aside and a fresh one started")
    func failedMigrationMovedAside() throws {
        let folder = try TemporaryDirectory()
        do {
            let writer = try DatabaseQueue(path: folder.path("kuchi.sqlite").path)
            try writer.write { db in try db.execute(sql: "CREATE TABLE card (something_else TEXT); INSERT INTO card VALUES ('kept')") }
            try writer.close()
        }
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem?.kind == .corrupt)
        #expect(database.url != nil)
        let aside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("kuchi.sqlite.broken-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(aside.count == 1)
        let old = try DatabaseQueue(path: folder.path(try #require(aside.first)).path)
        #expect(try old.read { db in try String.fetchOne(db, sql: "SELECT something_else FROM card") } == "kept")
        _ = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(3)))
        #expect(try count(database, "SELECT COUNT(*) FROM card") == 3)
    }

    @Test("a folder that cannot be created gives an in-memory database and a notice")
    func unwritableFolderFallsBackToMemory() throws {
        let folder = try TemporaryDirectory()
        let blocker = folder.path("file")
        try Data("a file, not a folder".utf8).write(to: blocker)
        let database = LearnerDatabase.open(directory: blocker.appendingPathComponent("kuchi"))
        #expect(database.url == nil)
        #expect(database.problem?.kind == .unwritable)
        #expect(database.problem?.message.contains("in memory") == true)
        // The session still works, in memory.
        let cards = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(4)))
        #expect(cards.cards.count == 4)
        try database.record(ReviewInput(cardID: cards.cards[0].id, rating: .good, time: Date(), duration: 900),
                            scheduler: SimpleScheduler())
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 1)
    }

    @Test("two connections on one file (two windows) both log their reviews and build on each other")
    func twoWindows() throws {
        let fixture = try StudyFixture()
        let first = fixture.open()
        let second = fixture.open()
        let ids = try first.cards(learner: fixture.learner, deck: fixture.deck).cards.map(\.id)
        #expect(try second.cards(learner: fixture.learner, deck: fixture.deck).cards.map(\.id) == ids)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for round in 0..<20 {
            let window = round.isMultiple(of: 2) ? first : second
            try window.record(ReviewInput(cardID: ids[0], rating: .good, time: start.addingTimeInterval(Double(round) * 86_400 * 40),
                                          duration: round), scheduler: SimpleScheduler())
        }
        #expect(try count(first, "SELECT COUNT(*) FROM review") == 20)
        #expect(try count(second, "SELECT reps FROM card WHERE id = \(ids[0])") == 20, "each review built on the other window's")
        let states = try first.writer.read { db in try Int.fetchAll(db, sql: "SELECT state FROM review ORDER BY id") }
        #expect(states.prefix(3) == [0, 1, 2], "the state before each review is the one the other window left")
    }

    @Test("two connections writing at the same time on threads lose no review")
    func concurrentWriters() async throws {
        let fixture = try StudyFixture()
        let ids = try fixture.open().cards(learner: fixture.learner, deck: fixture.deck).cards.map(\.id)
        let folder = fixture.folder.url
        try await withThrowingTaskGroup(of: Void.self) { group in
            for window in 0..<2 {
                group.addTask {
                    let database = LearnerDatabase.open(directory: folder)
                    for index in 0..<50 {
                        try database.record(ReviewInput(cardID: ids[index % ids.count], rating: .again, time: Date(), duration: window),
                                            scheduler: SimpleScheduler())
                    }
                }
            }
            try await group.waitForAll()
        }
        let database = fixture.open()
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 100)
        #expect(try count(database, "SELECT SUM(reps) FROM card") == 100)
    }

    @Test("a kill before commit leaves the last committed state: WAL plus one transaction per answer")
    func killSafety() throws {
        // A kill -9 ends the process mid-transaction: SQLite then finds in the WAL only frames
        // of committed transactions (a commit frame ends each) and ignores the rest on the next
        // open. Simulated here by copying the files while a writer holds an open transaction.
        let fixture = try StudyFixture()
        let database = fixture.open()
        let ids = try database.cards(learner: fixture.learner, deck: fixture.deck).cards.map(\.id)
        try database.record(ReviewInput(cardID: ids[0], rating: .good, time: Date(), duration: 1), scheduler: SimpleScheduler())
        let copy = try TemporaryDirectory()
        let file = fixture.folder.path("kuchi.sqlite").path
        try database.writer.inDatabase { db in
            try db.execute(sql: "PRAGMA cache_size = 1")
            try db.execute(sql: "BEGIN IMMEDIATE")
            for index in 0..<500 {
                try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, 0, 3, 0, ?)", arguments: [ids[1], index])
            }
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: file + suffix) {
                try FileManager.default.copyItem(atPath: file + suffix, toPath: copy.path("kuchi.sqlite" + suffix).path)
            }
            try db.execute(sql: "ROLLBACK")
        }
        let reopened = LearnerDatabase.open(directory: copy.url)
        #expect(reopened.problem == nil, "the crashed copy opens cleanly")
        #expect(try count(reopened, "SELECT COUNT(*) FROM review") == 1, "the committed answer is there, the unfinished one is not")
        #expect(try count(reopened, "SELECT reps FROM card WHERE id = \(ids[0])") == 1)
    }

    @Test("a review costs well under 100 bytes of database (10,000 reviews measured)")
    func bytesPerReview() throws {
        let fixture = try StudyFixture(words: 500)
        let database = fixture.open()
        let ids = try database.cards(learner: fixture.learner, deck: fixture.deck).cards.map(\.id)
        func size() throws -> Int {
            try database.writer.writeWithoutTransaction { db in
                _ = try db.checkpoint(.truncate)
                return try Int.fetchOne(db, sql: "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()") ?? 0
            }
        }
        let before = try size()
        var time = Date(timeIntervalSince1970: 1_800_000_000)
        for index in 0..<10_000 {
            time = time.addingTimeInterval(37)
            try database.record(ReviewInput(cardID: ids[index % ids.count], rating: index % 7 == 0 ? .again : .good, time: time,
                                            duration: 800 + index % 5000), scheduler: SimpleScheduler())
        }
        let bytes = Double(try size() - before) / 10_000
        print("bytes per review: \(bytes)")
        #expect(bytes < 100)
        #expect(bytes > 5, "the measurement sees the reviews")
    }
}
