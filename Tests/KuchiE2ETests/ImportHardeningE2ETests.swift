import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `kuchi import` against hostile names and interruptions (issue 20, items 3, 4 and 9), run as
/// the real binary: nothing is left in $TMPDIR, nothing raw reaches the terminal, and the
/// bundled deck's names are never taken.
struct ImportHardeningE2ETests {
    /// packageScript: writes an old-schema Anki package from a JSON description (note types,
    /// decks, notes, and `bulk` generated notes) with Python's own sqlite3 and zipfile modules.
    static let packageScript = #"""
        import json, os, sqlite3, sys, zipfile
        spec = json.load(open(sys.argv[1], encoding="utf-8")); out = sys.argv[2]; db = out + ".db"
        con = sqlite3.connect(db)
        con.executescript("CREATE TABLE col (id INTEGER PRIMARY KEY, models TEXT, decks TEXT);"
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, guid TEXT, mid INTEGER, tags TEXT, flds TEXT);"
            "CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER, did INTEGER, ord INTEGER);")
        con.execute("INSERT INTO col VALUES (1, ?, ?)", (json.dumps(spec["models"]), json.dumps(spec["decks"])))
        notes = spec["notes"] + [[1001, 2001, "語%d" % i, "ご", "meaning %d" % i] for i in range(spec.get("bulk", 0))]
        for i, note in enumerate(notes, 1):
            con.execute("INSERT INTO notes VALUES (?, ?, ?, '', ?)", (i, "g%d" % i, note[0], "\x1f".join(note[2:])))
            con.execute("INSERT INTO cards VALUES (?, ?, ?, 0)", (i, i, note[1]))
        # strayCards: card rows naming notes that are not there (a flood of rows, few bytes each).
        con.execute("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?) "
            "INSERT INTO cards SELECT 1000000 + x, 1000000 + x, 1, 0 FROM n", (spec.get("strayCards", 0),))
        con.commit(); con.close()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive: archive.write(db, "collection.anki2")
        os.remove(db)
        """#

    /// package: builds the package `spec` describes at `url`.
    static func package(_ url: URL, _ spec: [String: Any]) throws {
        let specURL = url.appendingPathExtension("json")
        try JSONSerialization.data(withJSONObject: spec).write(to: specURL)
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", packageScript, specURL.path, url.path],
                                           timeout: .seconds(120))
        guard result.status == 0 else { throw HarnessError.invalidArgument("the package script failed: \(result.standardError)") }
    }

    /// japanese: one Expression/Reading/Meaning note type (1001) and deck 2001 named `deck`.
    static func japanese(deck: String = "Words", typeName: String = "Japanese", notes: [[Any]] = [], bulk: Int = 0) -> [String: Any] {
        let fields = ["Expression", "Reading", "Meaning"].enumerated().map { ["name": $1, "ord": $0] as [String: Any] }
        return ["models": ["1001": ["name": typeName, "flds": fields]], "decks": ["1": ["name": "Default"], "2001": ["name": deck]],
                "notes": notes, "bulk": bulk]
    }

    /// scratchFolders: Kuchi's unpacking folders in `temporary`.
    static func scratchFolders(_ temporary: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).filter { $0.hasPrefix("kuchi-import-") }
    }

    /// hasRawControls: whether `text` holds ESC, BEL, NUL or a C1 control as such.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0 || (0x80...0x9F).contains($0.value) }
    }

    @Test(arguments: ["C-c", "TERM", "HUP"])
    func anInterruptedImportLeavesNothingInTheTemporaryFolder(_ interruption: String) throws {
        let directory = try TemporaryDirectory()
        let temporary = directory.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let big = directory.file("big.apkg")
        try Self.package(big, Self.japanese(bulk: 40_000))
        let app = try KuchiApp(["import", big.path, "--name", "big"], directory: directory, environment: ["TMPDIR": temporary.path])
        try waitUntil("the collection unpacked in \(temporary.path)", timeout: .seconds(60)) {
            Self.scratchFolders(temporary).contains { FileManager.default.fileExists(atPath: temporary.appendingPathComponent("\($0)/collection.sqlite").path) }
        }
        let pid = try app.pid()
        let signal: Int32
        switch interruption {
        case "C-c":
            signal = SIGINT
            try app.session.sendKeys("C-c")
        case "TERM":
            signal = SIGTERM
            kill(pid, SIGTERM)
        default:
            signal = SIGHUP
            kill(pid, SIGHUP)
        }
        try waitUntil("kuchi \(pid) to end") { processIsGone(pid) }
        _ = try app.session.waitForText("kuchi-e2e: exited \(128 + signal)")
        #expect(Self.scratchFolders(temporary).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("data/kuchi/decks/big.json").path))
    }

    @Test func aKilledImportsFolderIsRemovedByTheNextImport() throws {
        let directory = try TemporaryDirectory()
        let temporary = directory.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let big = directory.file("big.apkg")
        try Self.package(big, Self.japanese(bulk: 40_000))
        let app = try KuchiApp(["import", big.path, "--name", "big"], directory: directory, environment: ["TMPDIR": temporary.path])
        try waitUntil("the collection unpacked", timeout: .seconds(60)) { !Self.scratchFolders(temporary).isEmpty }
        let pid = try app.pid()
        kill(pid, SIGKILL)
        try waitUntil("kuchi \(pid) to end") { processIsGone(pid) }
        #expect(Self.scratchFolders(temporary).count == 1)  // SIGKILL cannot be caught
        try Data("question,answer\nねこ,cat\nいぬ,dog\nとり,bird\n".utf8).write(to: directory.file("w.csv"))
        let next = try runKuchi(["import", "w.csv", "--data-dir", directory.file("data2").path],
                                environment: ["TMPDIR": temporary.path], in: directory.url)
        #expect(next.status == 0)
        #expect(Self.scratchFolders(temporary).isEmpty)
    }

    @Test("two million card rows around three notes cost no more memory than the notes: each note's deck is read, not every card")
    func aFloodOfCardRowsIsNotHeldInMemory() throws {
        let directory = try TemporaryDirectory()
        var spec = Self.japanese(deck: "Animals", notes: [[1001, 2001, "猫", "ねこ", "cat"], [1001, 2001, "犬", "いぬ", "dog"],
                                                          [1001, 2001, "鳥", "とり", "bird"]])
        spec["strayCards"] = 2_000_000
        try Self.package(directory.file("flood.apkg"), spec)
        let time = try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? URL(fileURLWithPath: "/usr/bin/time") : nil,
                                "/usr/bin/time is not installed: run scripts/install-deps --tests")
        let result = try ProcessRunner.run(time, ["-f", "peak-kib %M", try kuchiExecutable().path, "import", directory.file("flood.apkg").path,
                                                  "--data-dir", directory.file("data").path],
                                           environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"], timeout: .seconds(180))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Imported 3 entries"), "\(result.standardOutput)")
        let deck = try String(contentsOf: directory.file("data/decks/flood.json"), encoding: .utf8)
        #expect(deck.contains("\"category\": \"Animals\""), "each note's deck still names its category")
        let peak = try #require(result.standardError.split(separator: "\n").last { $0.hasPrefix("peak-kib ") }.flatMap { Int($0.dropFirst(9)) })
        #expect(peak < 80 * 1024, "peak RSS \(peak / 1024) MiB")
    }

    @Test func namesFromTheFileArePrintedEscaped() throws {
        let directory = try TemporaryDirectory()
        let data = ["--data-dir", directory.file("data").path]
        let hostile = "\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}1m\u{0}"
        try Data("\(hostile)word,sense\u{1B}[31m\nねこ,cat\n".utf8).write(to: directory.file("h.csv"))
        let csv = try runKuchi(["import", "h.csv"] + data, in: directory.url)
        #expect(csv.status == 1)
        #expect(csv.standardError.contains("\\x1b]0;pwned\\x07\\x1b[2J\\u009b1m\\x00word"))
        #expect(!Self.hasRawControls(csv.standardOutput + csv.standardError))

        // A note type with no word field is named in the skip messages; a deck name holding
        // ESC and U+202E is cleaned into the category, so its notes are not all skipped.
        var spec = Self.japanese(deck: "JP::\u{1B}[31mRed\u{202E}deck", notes: [
            [1001, 2001, "猫", "ねこ", "cat"], [1001, 2001, "犬", "いぬ", "dog"], [1001, 2001, "鳥", "とり", "bird"], [1002, 2001, "x", "y"],
        ])
        var models = spec["models"] as? [String: Any] ?? [:]
        models["1002"] = ["name": "Pics\(hostile)", "flds": [["name": "Image\u{1B}[5m", "ord": 0], ["name": "Caption", "ord": 1]]]
        spec["models"] = models
        try Self.package(directory.file("h.apkg"), spec)
        let package = try runKuchi(["import", "h.apkg"] + data, in: directory.url)
        #expect(package.status == 0)
        #expect(package.standardOutput.contains("Skipped 1 entry:\n  note 4: its note type 'Pics\\x1b]0;pwned\\x07"))
        #expect(package.standardOutput.contains("Image\\x1b[5m"))
        #expect(package.standardOutput.contains("Imported 3 entries"))
        #expect(!Self.hasRawControls(package.standardOutput + package.standardError))
        let deck = try String(contentsOf: directory.file("data/decks/h.json"), encoding: .utf8)
        #expect(deck.contains("\"category\": \"Reddeck\""))
    }

    @Test(arguments: ["Kuchi beginner deck (JLPT N5)", "challenges", "CHALLENGES", "Ｃｈａｌｌｅｎｇｅｓ"])
    func theBundledDecksNamesCannotBeTaken(_ name: String) throws {
        let directory = try TemporaryDirectory()
        try Data("question,answer\nねこ,cat\nいぬ,dog\nとり,bird\n".utf8).write(to: directory.file("w.csv"))
        for extra in [[], ["--replace"]] {
            let result = try runKuchi(["import", "w.csv", "--name", name, "--data-dir", directory.file("data").path] + extra, in: directory.url)
            #expect(result.status == 2)
            #expect(result.standardError.contains("is the name of the deck that comes with Kuchi; choose another --name."))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("data/decks").path))
    }

    @Test func aNameWithBidiOrControlsIsRefusedClearly() throws {
        let directory = try TemporaryDirectory()
        try Data("question,answer\nねこ,cat\nいぬ,dog\nとり,bird\n".utf8).write(to: directory.file("w.csv"))
        let result = try runKuchi(["import", "w.csv", "--name", "mine\u{202E}nosj.exe", "--data-dir", directory.file("data").path], in: directory.url)
        #expect(result.status == 2)
        #expect(result.standardError.lowercased().contains("the deck name contains u+202e, an invisible control or text-direction character"))
        #expect(!result.standardError.contains("\u{202E}"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("data/decks").path))
    }
}
