import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// Import limits (issue 20, items 7 and 8): crafted packages whose tables are not plain data are
/// refused before any value is read, reading stops at a time limit, and text files with
/// thousands of columns are refused with a short message.
struct ImportLimitsTests {
    /// craftedPackage: an old-schema collection whose `notes` table is created by `notesTable`
    /// (plus `extra` SQL), with three good notes when the table takes them, packed as an .apkg.
    static func craftedPackage(in folder: TemporaryDirectory, notesTable: String, extra: String = "", insertNotes: Bool = true) throws -> URL {
        let database = folder.path("crafted.db")
        let queue = try DatabaseQueue(path: database.path)
        let models = #"{"1001": {"name": "Japanese", "flds": [{"name": "Expression", "ord": 0}, {"name": "Meaning", "ord": 1}]}}"#
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE col (id INTEGER PRIMARY KEY, models TEXT, decks TEXT);
                CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER, did INTEGER, ord INTEGER);
                \(notesTable);
                \(extra)
                """)
            try db.execute(sql: "INSERT INTO col VALUES (1, ?, '{}')", arguments: [models])
            if insertNotes {
                for (index, word) in ["ねこ\u{1F}cat", "いぬ\u{1F}dog", "とり\u{1F}bird"].enumerated() {
                    try db.execute(sql: "INSERT INTO notes (id, mid, tags, flds) VALUES (?, 1001, '', ?)", arguments: [index + 1, word])
                }
            }
        }
        try queue.close()
        let package = folder.path("crafted.apkg")
        try ImportFixtures.package(package, collection: database)
        return package
    }

    static func refusal(_ url: URL) -> String? {
        HostileImportTests.refusal(url)
    }

    @Test func aGeneratedZeroblobFieldIsRefusedWithoutReadingIt() throws {
        let folder = try TemporaryDirectory()
        let package = try Self.craftedPackage(in: folder, notesTable: """
            CREATE TABLE notes (id INTEGER PRIMARY KEY, mid INTEGER, tags TEXT, real TEXT,
                                flds BLOB GENERATED ALWAYS AS (zeroblob(999000000)) VIRTUAL)
            """, insertNotes: false)
        let started = ContinuousClock.now
        let message = Self.refusal(package)
        #expect(message?.contains("its notes table has generated columns") == true, "\(message ?? "imported")")
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func triggersAndVirtualTablesOnTheReadTablesAreRefused() throws {
        let folder = try TemporaryDirectory()
        let plain = "CREATE TABLE notes (id INTEGER PRIMARY KEY, mid INTEGER, tags TEXT, flds TEXT)"
        let triggered = try Self.craftedPackage(in: folder, notesTable: plain,
                                                extra: "CREATE TRIGGER spy AFTER UPDATE ON notes BEGIN SELECT 1; END;")
        #expect(Self.refusal(triggered)?.contains("it has a trigger (spy) on the tables Kuchi reads") == true)
        let other = try TemporaryDirectory()
        let virtual = try Self.craftedPackage(in: other, notesTable: "CREATE VIRTUAL TABLE notes USING fts4(id, mid, tags, flds)")
        #expect(Self.refusal(virtual)?.contains("its notes table is a virtual table") == true)
    }

    @Test func aFieldLongerThanTheCapIsSkippedByItsLengthInSQL() throws {
        let folder = try TemporaryDirectory()
        let plain = "CREATE TABLE notes (id INTEGER PRIMARY KEY, mid INTEGER, tags TEXT, flds TEXT)"
        let package = try Self.craftedPackage(in: folder, notesTable: plain, extra: """
            INSERT INTO notes VALUES (9, 1001, '', 'うま' || char(31) || hex(zeroblob(200000)));
            INSERT INTO notes VALUES (10, 1001, '', 'さる' || char(31) || 'monkey');
            """)
        let imported = try DeckImporter().convert(package, title: "x")
        #expect(imported.deck.challenges.map(\.answer) == ["cat", "dog", "bird", "monkey"])
        #expect(imported.skipped.map(\.description) == ["note 4: its fields are longer than 256 KiB; this is not a vocabulary note"])
    }

    @Test func readingStopsAtTheTimeLimit() throws {
        let folder = try TemporaryDirectory()
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: HostileImportTests.goodNotes)
        // The deadline's interrupt races the read: it can land in BEGIN, in a statement's
        // preparation (SQLite then says SQLITE_ERROR "interrupted") or in a step. Wherever it
        // lands the learner reads the time limit, so the race is run many times.
        for _ in 0..<40 {
            do {
                _ = try AnkiCollection(path: folder.path("c.db").path, timeLimit: .zero)
                Issue.record("read within no time at all")
            } catch {
                #expect(error.detail == "reading it took longer than 0 seconds, far beyond any real collection")
            }
        }
        #expect(try AnkiCollection(path: folder.path("c.db").path).notes.count == 3)
    }

    /// Limits a few milliseconds long: the read either finishes whole or stops with the time
    /// limit's message — never another error, never a partial collection.
    @Test(arguments: [1, 2, 3, 5, 8])
    func aDeadlineMidReadEndsWholeOrWithTheLimit(milliseconds: Int) throws {
        let folder = try TemporaryDirectory()
        try ImportFixtures.oldCollection(folder.path("c.db"), notes: HostileImportTests.goodNotes)
        for _ in 0..<20 {
            do {
                let collection = try AnkiCollection(path: folder.path("c.db").path, timeLimit: .milliseconds(milliseconds))
                #expect(collection.notes.count == 3)
            } catch {
                #expect(error.detail == "reading it took longer than 0 seconds, far beyond any real collection")
            }
        }
    }

    @Test func theWatchdogInterruptsOnlyARunningRead() {
        let finishedFirst = Watchdog()
        finishedFirst.finish()
        #expect(!finishedFirst.expire())
        #expect(!finishedFirst.interrupted)
        let expiredFirst = Watchdog()
        #expect(expiredFirst.expire())
        expiredFirst.finish()
        #expect(expiredFirst.interrupted)
        #expect(!expiredFirst.expire(), "a deadline fires once")
        #expect(expiredFirst.interrupted)
    }

    @Test(arguments: [true, false])
    func aLineOfCommasIsRefusedWithAShortMessage(inHeader: Bool) async throws {
        let folder = try TemporaryDirectory()
        let commas = String(repeating: ",", count: 4 * 1024 * 1024)
        let text = inHeader ? "question" + commas + "answer\nねこ,cat\n" : "question,answer\nねこ,cat\nいぬ" + commas + "\n"
        // A hang guard, not a speed check (the speed is the bench's): a quadratic column split
        // of four million commas would not return at all.
        let message = try #require(await finishes(within: 120) { () -> String? in
            do {
                _ = try convert(text, named: "commas.csv", in: folder)
                return nil
            } catch {
                return (error as? ImportError)?.message ?? "\(error)"
            }
        }, "the import did not return within 120 s")
        #expect(message == "line \(inHeader ? 1 : 3) has more than 256 columns; this is not a word list.", "imported, or another refusal")
    }

    @Test func messagesQuotingColumnsAreShort() throws {
        let folder = try TemporaryDirectory()
        let header = (1...200).map { "c\($0)" + String(repeating: "x", count: 500) }.joined(separator: ",")
        do {
            _ = try convert(header + "\nねこ,cat\n", named: "wide.csv", in: folder)
            Issue.record("imported")
        } catch let error as ImportError {
            #expect(error.message.count < 2_000)
            #expect(error.message.contains("… and 180 more"))
        }
        do {
            _ = try convert(header + "\nねこ,cat\n", named: "wide.csv", in: folder, map: "question=nope")
            Issue.record("imported")
        } catch let error as ImportError {
            #expect(error.message.count < 2_000)
        }
    }

    @Test func aLongReadingIsQuotedShort() throws {
        let folder = try TemporaryDirectory()
        let csv = "question,reading,answer\n猫,\(String(repeating: "x", count: 100_000)),cat\nねこ,,kitty\nいぬ,,dog\nとり,,bird\n"
        let imported = try convert(csv, named: "long.csv", in: folder)
        #expect(imported.skipped.count == 1)
        #expect(imported.skipped[0].reason.count < 200)
    }
}
