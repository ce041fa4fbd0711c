import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData
@testable import KuchiSync

/// DatabaseOpenOnceTests: Kuchi's own usable file is opened with one connection (the app's
/// start and the read-only commands), while every file the full inspection refuses or sets aside
/// still takes it and is left as it was — including one whose `-wal` holds a newer page 1 than
/// the header the quick open looks at.
@Suite("Opening the learner database once")
struct DatabaseOpenOnceTests {
    /// kuchiFile: a usable Kuchi file with three cards in `folder`, closed (no `-wal` left).
    func kuchiFile(in folder: TemporaryDirectory) throws -> String {
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            _ = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(3)))
        }
        let path = folder.url.appendingPathComponent(LearnerDatabase.fileName).path
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "the last connection closed and checkpointed")
        return path
    }

    /// files: the bytes of the database and its `-wal`, to compare before and after.
    func files(_ path: String) throws -> [Data?] {
        ["", "-wal"].map { FileManager.default.contents(atPath: path + $0) }
    }

    /// crash: runs `statement` on the file in another process that dies without closing, as a
    /// killed (or newer) Kuchi would: the change stays in the `-wal`, the main file's header
    /// still says what it said before.
    func crash(_ path: String, after statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA wal_autocheckpoint = 0')
            c.execute(sys.argv[2])
            os._exit(0)
            """, path, statement]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("a usable file: the start opens one connection, judges, migrates and claims on it")
    func usableFileOneConnection() throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        let before = FileConnections.count(path)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(FileConnections.count(path) - before == 1)
        #expect(database.problem == nil)
        #expect(database.url?.path == path)
        #expect(try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") } == 3)
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") } == 5000,
                "the probe's 1 s is given back")
    }

    @Test("`kuchi due`'s read-only open judges the file on the connection it returns")
    func readOnlyOneConnection() throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        let before = FileConnections.count(path)
        let database = try #require(try LearnerDatabase.openReadOnly(directory: folder.url))
        #expect(FileConnections.count(path) - before == 1)
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") } == 3)
    }

    @Test("after `kuchi due` (whose read-only connection leaves an empty -wal), the next start is still one connection")
    func afterReadOnlyCommand() throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        do { _ = try LearnerDatabase.openReadOnly(directory: folder.url) }
        #expect(try files(path)[1] == Data(), "an empty -wal is left")
        let before = FileConnections.count(path)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(FileConnections.count(path) - before == 1)
        #expect(database.problem == nil)
    }

    @Test("an older schema of Kuchi's is migrated on the one connection")
    func olderSchemaMigrated() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent(LearnerDatabase.fileName).path
        do {
            var configuration = Configuration()
            configuration.journalMode = .wal
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try LearnerSchema.migrator.migrate(queue, upTo: "v2")
            try LearnerSchema.claim(queue)
            try queue.close()
        }
        #expect(SQLiteHeader(path: path)?.userVersion == 2)
        let before = FileConnections.count(path)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(FileConnections.count(path) - before == 1)
        #expect(database.problem == nil)
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == LearnerSchema.version)
    }

    @Test("the header decides whether the quick open is tried",
          arguments: [("", true), ("PRAGMA user_version = 99", false), ("PRAGMA application_id = 1234", false),
                      ("PRAGMA application_id = 0", false), ("PRAGMA journal_mode = DELETE", false)])
    func headerPromise(statement: String, promises: Bool) throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        if !statement.isEmpty {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: statement) }
            try queue.close()
        }
        let header = try #require(SQLiteHeader(path: path))
        #expect(header.promisesUsableKuchiFile == promises)
        #expect(SQLiteHeader(bytes: Array(String(repeating: "not a database ", count: 10).utf8)) == nil)
        #expect(SQLiteHeader(path: folder.url.appendingPathComponent("missing").path) == nil)
    }

    @Test("a newer Kuchi's file in WAL mode is refused on its header, with no read-write connection, and left as it was")
    func newerInWALRefusedByHeader() throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
            try queue.close()
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let before = FileConnections.count(path)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem?.kind == .newerVersion)
        #expect(database.problem?.message.contains("was written by a newer Kuchi (schema 99") == true)
        #expect(FileConnections.count(path) - before == 1, "only the full inspection's read-only look")
        // (That read-only look leaves an empty -wal and the -shm of a WAL file, as it always did.)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("broken") }.isEmpty)
    }

    @Test("a -wal from a killed newer Kuchi (a newer page 1 than the header says) is refused and left byte for byte",
          arguments: [("PRAGMA user_version = 99", KuchiCore.PersistenceError.Kind.newerVersion), ("PRAGMA application_id = 1234", .foreign)])
    func staleHeaderBehindAWAL(statement: String, kind: KuchiCore.PersistenceError.Kind) throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        try crash(path, after: statement)
        #expect(SQLiteHeader(path: path)?.promisesUsableKuchiFile == true, "the main file's header is stale")
        let bytes = try files(path)
        #expect(bytes[1]?.isEmpty == false, "the change is in the -wal")
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem?.kind == kind)
        #expect(database.url == nil)
        #expect(try files(path) == bytes, "not checkpointed, not moved, not migrated")
        #expect(throws: KuchiCore.PersistenceError.self) { try LearnerDatabase.openReadOnly(directory: folder.url) }
        #expect(try files(path) == bytes)
    }

    @Test("the quick open judges on its connection: a header another connection has made stale is not trusted",
          arguments: ["PRAGMA user_version = 99", "PRAGMA application_id = 1234", "INSERT INTO grdb_migrations VALUES ('v99')"])
    func connectionJudgesAgain(statement: String) throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        // Another window (a newer Kuchi) still open: its change is in the -wal only.
        let other = try DatabaseQueue(path: path)
        try other.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0; \(statement)") }
        #expect(SQLiteHeader(path: path)?.promisesUsableKuchiFile == true)
        let bytes = try files(path)
        guard case .fullPath = LearnerDatabase.quickOpenChecked(URL(fileURLWithPath: path)) else {
            Issue.record("the quick open trusted a stale header")
            return
        }
        #expect(try files(path) == bytes)
        #expect(LearnerDatabase.open(directory: folder.url).url == nil, "refused by the full path")
        #expect(try files(path) == bytes)
        try other.close()
    }

    @Test("a damaged file with no -wal, whose header looks fine, is still set aside as it was",
          arguments: ["truncated", "smashed card table"])
    func damagedBehindAGoodHeader(kind: String) throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent(LearnerDatabase.fileName).path
        var root = 2
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            _ = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(200)))
            root = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'card'") ?? 2 }
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if kind == "truncated" {
            bytes = bytes.prefix(4096 + 100)
        } else {
            bytes.replaceSubrange((root - 1) * 4096..<((root - 1) * 4096 + 200), with: Data(repeating: 0xFF, count: 200))
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(SQLiteHeader(path: path)?.promisesUsableKuchiFile == true)
        let database = LearnerDatabase.open(directory: folder.url, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(database.problem?.kind == .corrupt)
        #expect(database.url?.path == path, "a fresh file is in use")
        #expect(try Data(contentsOf: folder.path("kuchi.sqlite.broken-20270115-080000")) == bytes, "the damaged file is kept as it was")
    }

    @Test("a lock taken after the header was read: the quick open says busy within its 1 s probe, and nothing is written")
    func busyOnTheQuickOpen() throws {
        let folder = try TemporaryDirectory()
        let path = try kuchiFile(in: folder)
        let holder = try BusyDatabaseTests.LockHolder(path)
        defer { try? holder.release() }
        let bytes = try files(path)
        let start = ContinuousClock.now
        guard case .busy = LearnerDatabase.quickOpenChecked(URL(fileURLWithPath: path)) else {
            Issue.record("the held lock was not seen")
            return
        }
        #expect(ContinuousClock.now - start < .milliseconds(4500), "the probe waits 1 s, not the connection's 5 s")
        #expect(try files(path) == bytes)
        let database = LearnerDatabase.busy(URL(fileURLWithPath: path))
        #expect(database.problem?.kind == .busy)
        #expect(database.pendingSave != nil, "the session is saved into the file once it is free")
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") } == 3)
        _ = database.pendingSave?.finish(timeout: 0)
    }
}
