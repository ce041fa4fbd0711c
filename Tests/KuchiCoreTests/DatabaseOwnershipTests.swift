import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData
@testable import KuchiSync

/// DatabaseOwnershipTests: Kuchi marks its files with an application_id and never migrates into
/// another program's SQLite file (an Anki collection copied to kuchi.sqlite), while its own
/// files from before the id still open.
@Suite("Learner database ownership")
struct DatabaseOwnershipTests {
    @Test("a new file carries Kuchi's application_id")
    func newFileIsMarked() throws {
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem == nil)
        #expect(try database.writer.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") } == LearnerSchema.applicationID)
    }

    @Test("an Anki collection (another program's tables, application_id 0) is refused byte for byte untouched")
    func ankiCollectionRefused() throws {
        let folder = try TemporaryDirectory()
        let file = folder.path(LearnerDatabase.fileName)
        do {
            let queue = try DatabaseQueue(path: file.path)
            try queue.write { db in
                try db.execute(sql: """
                    CREATE TABLE col (id integer primary key, crt integer, mod integer, scm integer, ver integer);
                    CREATE TABLE notes (id integer primary key, guid text, mid integer, flds text);
                    CREATE TABLE cards (id integer primary key, nid integer, did integer, ord integer);
                    CREATE TABLE revlog (id integer primary key, cid integer, ease integer);
                    INSERT INTO col VALUES (1, 0, 0, 0, 18);
                    """)
            }
            try queue.close()
        }
        let before = try Data(contentsOf: file)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem?.kind == .foreign)
        #expect(database.problem?.message.contains("is not a Kuchi learner database") == true)
        #expect(database.url == nil, "the session goes on in memory")
        #expect(try Data(contentsOf: file) == before, "no table added, not switched to WAL")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [LearnerDatabase.fileName])
    }

    @Test("a file of another application_id is refused even with Kuchi's table names")
    func otherApplicationRefused() throws {
        let folder = try TemporaryDirectory()
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        }
        #expect(LearnerDatabase.open(directory: folder.url).problem?.kind == .foreign)
        #expect(throws: KuchiCore.PersistenceError.self) { try LearnerDatabase.openReadOnly(directory: folder.url) }
    }

    @Test("Kuchi's own file from before the id (application_id 0) opens with its data and is marked")
    func legacyFileAccepted() throws {
        let folder = try TemporaryDirectory()
        let learner = UUID()
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            _ = try database.cards(learner: learner, deck: try makeDeck(DeckJSON.words(3)))
            try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 0") }
        }
        #expect(try LearnerDatabase.openReadOnly(directory: folder.url) != nil)
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem == nil)
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") } == 3)
        #expect(try database.writer.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") } == LearnerSchema.applicationID)
    }

    @Test("an empty file is started fresh")
    func emptyFileStartsFresh() throws {
        let folder = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: folder.path(LearnerDatabase.fileName).path, contents: Data()))
        #expect(LearnerDatabase.open(directory: folder.url).problem == nil)
    }
}
