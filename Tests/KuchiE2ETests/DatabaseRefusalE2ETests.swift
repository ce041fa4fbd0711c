import Foundation
import KuchiCore
import Testing
import KuchiData
#if canImport(Glibc)
import Glibc
#endif

/// The read-only commands (`due`, `stats`, `export`) on databases they must refuse or may only
/// read: one judgement for all (a newer schema, another program's file), and a read-only medium
/// read without writing a byte.
struct DatabaseRefusalE2ETests {
    let home: LearnerHome
    let folders = LearnerHome.folders
    static let commands = ["due", "stats", "stats --json", "export reviews", "export cards"]

    init() throws {
        home = try LearnerHome()
    }

    /// digest: every file in the data folder, by name, byte for byte (proves "untouched").
    func digest() throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: home.data.path) {
            result[name] = try Data(contentsOf: home.data.appendingPathComponent(name))
        }
        return result
    }

    @Test(arguments: commands)
    func aNewerDatabaseIsRefusedByEveryCommand(command: String) throws {
        try home.addReviews(3)
        try home.python("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version = 99'); c.commit()",
                        [home.databaseURL.path])
        let before = try digest()
        let result = try home.shell("\"$KUCHI\" \(command) \(folders)")
        #expect(result.status == 2, "\(command): \(result)")
        #expect(result.standardError.contains("was written by a newer Kuchi (schema 99)"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        // A reader of a WAL file may add SQLite's empty -wal and its -shm index; the file itself
        // is byte for byte as it was, and nothing is moved aside.
        let after = try digest()
        #expect(after[LearnerDatabase.fileName] == before[LearnerDatabase.fileName])
        #expect(Set(after.keys).subtracting(before.keys).isSubset(of: ["kuchi.sqlite-wal", "kuchi.sqlite-shm"]))
        #expect(after["kuchi.sqlite-wal"].map(\.isEmpty) ?? true)
    }

    @Test(arguments: commands)
    func anotherProgramsDatabaseIsRefusedUntouched(command: String) throws {
        try FileManager.default.createDirectory(at: home.data, withIntermediateDirectories: true)
        // An Anki collection's tables (its application_id is 0, like Kuchi's files before the id).
        try home.python("""
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.executescript('''
                CREATE TABLE col (id integer primary key, crt integer, mod integer, scm integer, ver integer, dty integer,
                    usn integer, ls integer, conf text, models text, decks text, dconf text, tags text);
                CREATE TABLE notes (id integer primary key, guid text, mid integer, mod integer, usn integer, tags text,
                    flds text, sfld integer, csum integer, flags integer, data text);
                CREATE TABLE cards (id integer primary key, nid integer, did integer, ord integer, mod integer, usn integer,
                    type integer, queue integer, due integer, ivl integer, factor integer, reps integer, lapses integer,
                    left integer, odue integer, odid integer, flags integer, data text);
                CREATE TABLE revlog (id integer primary key, cid integer, usn integer, ease integer, ivl integer,
                    lastIvl integer, factor integer, time integer, type integer);
                INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '');
                INSERT INTO notes VALUES (1, 'g', 1, 0, 0, '', 'ねこ' || char(31) || 'cat', 'ねこ', 0, 0, '');
                ''')
            c.commit()
            """, [home.databaseURL.path])
        let before = try digest()
        let result = try home.shell("\"$KUCHI\" \(command) \(folders)")
        #expect(result.status == 2, "\(command): \(result)")
        #expect(result.standardError.contains("is not a Kuchi learner database"), "\(result.standardError)")
        #expect(try digest() == before)
    }

    /// ReadOnlyLayout: what lies next to the database on the read-only medium.
    enum ReadOnlyLayout: String, CaseIterable, Sendable {
        /// clean: closed cleanly (no `-wal`, no `-shm`), copied to a stick or a backup.
        case clean
        /// walAndShm: another window was open (its `-wal` holds a review, with its `-shm`).
        case walAndShm
        /// walOnly: a `-wal` without its `-shm` (copied without it).
        case walOnly
    }

    @Test(arguments: ["due", "stats", "export reviews"], ReadOnlyLayout.allCases)
    func aReadOnlyMediumIsReadWithoutWriting(command: String, layout: ReadOnlyLayout) throws {
        try home.addReviews(5)
        if layout != .clean {
            try home.python("""
                import sqlite3, sys, os
                c = sqlite3.connect(sys.argv[1])
                c.execute('PRAGMA wal_autocheckpoint = 0')
                c.execute('INSERT INTO review (card, time, rating, state, duration) SELECT card, time + 1, 3, 2, 700 FROM review LIMIT 1')
                c.commit()
                os._exit(0)
                """, [home.databaseURL.path])
            if layout == .walOnly { try FileManager.default.removeItem(atPath: home.databaseURL.path + "-shm") }
        }
        let before = try digest()
        // Unwritable for the user kuchi runs as: a read-only mount, or (as root, who may write
        // anywhere) kuchi run as nobody over root's read-only files.
        let runAs = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try home.shell("""
            chmod -R a+rX "$HOME" && chmod a-w "$KUCHI_DATA" "$KUCHI_DATA"/*
            \(runAs)"$KUCHI" \(command) \(folders) | wc -l
            """)
        #expect(result.standardError.isEmpty, "\(command), \(layout): \(result.standardError)")
        let lines = Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(lines > 0)
        if command == "export reviews" {
            // Where SQLite can index the -wal it is read; without its -shm on a read-only medium
            // the file is read as it is (immutable) and the -wal's review is not seen.
            #expect(lines == (layout == .walAndShm ? 7 : 6), "the header and the reviews")
        }
        #expect(try digest() == before, "nothing written, no side file created")
    }

    @Test func statsCapsAHugeWidth() throws {
        try home.addReviews(3)
        let result = try home.shell("\"$KUCHI\" stats \(folders) | awk '{ if (length($0) > max) max = length($0) } END { print max }'",
                                    environment: ["COLUMNS": "10000000"], timeout: .seconds(20))
        let widest = Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
        #expect(widest <= 1000 * 4, "lines fitted to the screen cap, not ten million columns: \(widest) bytes")
    }
}
