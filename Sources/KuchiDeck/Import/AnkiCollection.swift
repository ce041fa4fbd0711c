import Foundation
import GRDB

/// AnkiCollection: the notes of an Anki collection (the SQLite file inside a package), with
/// their note types' field names, tags and deck names, in either schema: the current one with
/// `notetypes`, `fields` and `decks` tables, or the old one with JSON in the `col` row.
package struct AnkiCollection {
    /// Note: one note's fields in note-type order, and where it belongs.
    package struct Note {
        package let position: Int
        package let noteType: Int64
        package let fields: [String]
        package let tags: [String]
        package let deckName: String?
    }

    /// NoteType: a note type's name and field names in order.
    package struct NoteType {
        package let name: String
        package let fields: [String]
    }

    /// noteTypes: every note type, by id.
    package private(set) var noteTypes: [Int64: NoteType] = [:]
    /// notes: every readable note, in creation order.
    package private(set) var notes: [Note] = []
    /// unreadable: notes that could not be read, with why (invalid UTF-8, a field too large).
    package private(set) var unreadable: [(position: Int, reason: String)] = []
    /// hasMedia: whether any field shows a picture or plays a sound.
    package private(set) var hasMedia = false

    /// Failure: the file is not an Anki collection we can read; `detail` is SQLite's reason.
    package struct Failure: Error {
        package let detail: String
    }

    /// maximumNameCharacters: longer note-type, field and deck names are read as empty.
    package static let maximumNameCharacters = 1024
    /// maximumJSONCharacters: the old schema's `col.models`/`col.decks` JSON beyond this is
    /// not read (real ones, with every template and its CSS, are a few hundred KiB).
    package static let maximumJSONCharacters = 64 * 1024 * 1024
    /// maximumNotes: more notes are refused; the largest real vocabulary decks hold tens of
    /// thousands.
    package static let maximumNotes = 200_000
    /// defaultTimeLimit: how long reading may take before it is stopped (20k notes take a
    /// fraction of a second).
    package static let defaultTimeLimit: Duration = .seconds(20)

    /// init: reads the collection at `path`, read-only, stopping after `timeLimit`.
    package init(path: String, timeLimit: Duration = defaultTimeLimit) throws(Failure) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "AnkiCollection"
        // The current schema declares Anki's own "unicase" collation on names; reading does not
        // sort by it, but SQLite needs it to exist for any statement touching those columns.
        configuration.prepareDatabase { db in
            db.add(collation: DatabaseCollation("unicase") { left, right in
                let (a, b) = (left.lowercased(), right.lowercased())
                return a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
            })
        }
        let watchdog = Watchdog()
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // A statement still running at the deadline is interrupted; `load` also checks the
            // clock between notes, for time spent outside SQLite.
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeLimit.components.seconds * 1000
                + timeLimit.components.attoseconds / 1_000_000_000_000_000))) { [weak queue] in
                if watchdog.expire() { queue?.interrupt() }
            }
            defer { watchdog.finish() }
            let deadline = ContinuousClock.now + timeLimit
            self = try queue.read { db in try Self.load(db, deadline: deadline) }
        } catch {
            // Once the deadline has interrupted the read, whatever error it surfaced as is the
            // time limit's.
            if watchdog.interrupted || (error as? DatabaseError)?.resultCode == .SQLITE_INTERRUPT {
                throw Failure(detail: Self.tooSlow(timeLimit))
            }
            switch error {
            case let error as DatabaseError: throw Failure(detail: error.message ?? error.description)
            case let error as Failure: throw error
            default: throw Failure(detail: String(describing: error))
            }
        }
    }

    /// init: an empty collection, filled by `load`.
    private init() {}

    /// tooSlow: why reading stopped at the time limit.
    private static func tooSlow(_ limit: Duration) -> String {
        "reading it took longer than \(limit.components.seconds) seconds, far beyond any real collection"
    }

    /// load: everything the import needs, in one read transaction, refusing collections whose
    /// tables are not plain stored data.
    private static func load(_ db: Database, deadline: ContinuousClock.Instant) throws -> AnkiCollection {
        var collection = AnkiCollection()
        let isNewSchema = try isTable("notetypes", db)
        let needed = isNewSchema ? ["notes", "cards", "notetypes", "fields", "decks"] : ["notes", "cards", "col"]
        try SchemaCheck.requirePlainTables(needed, db)
        var deckNames: [Int64: String] = [:]
        if isNewSchema {
            var types: [Int64: (name: String, fields: [String])] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, \(capped("name")) AS name FROM notetypes") {
                types[row["id"]] = (row["name"] ?? "", [])
            }
            for row in try Row.fetchAll(db, sql: "SELECT ntid, \(capped("name")) AS name FROM fields ORDER BY ntid, ord") {
                let id: Int64 = row["ntid"]
                types[id, default: ("", [])].fields.append(row["name"] ?? "")
            }
            collection.noteTypes = types.mapValues { NoteType(name: $0.name, fields: $0.fields) }
            for row in try Row.fetchAll(db, sql: "SELECT id, \(capped("name")) AS name FROM decks") {
                let name: String = row["name"] ?? ""
                deckNames[row["id"]] = name.replacingOccurrences(of: "\u{1F}", with: "::")
            }
        } else {
            let json = "SELECT \(capped("models", maximumJSONCharacters)) AS models, \(capped("decks", maximumJSONCharacters)) AS decks FROM col LIMIT 1"
            guard let row = try Row.fetchOne(db, sql: json) else {
                throw Failure(detail: "its col table is empty")
            }
            let decoder = JSONDecoder()
            let models = (try? decoder.decode([String: OldModel].self, from: Data((row["models"] as String? ?? "").utf8))) ?? [:]
            collection.noteTypes = Dictionary(uniqueKeysWithValues: models.compactMap { key, model in
                Int64(key).map { ($0, NoteType(name: model.name, fields: model.flds.sorted { $0.ord < $1.ord }.map(\.name))) }
            })
            let decks = (try? decoder.decode([String: OldDeck].self, from: Data((row["decks"] as String? ?? "").utf8))) ?? [:]
            for (key, deck) in decks { if let id = Int64(key) { deckNames[id] = deck.name } }
        }
        // The deck of each note read (its first card's), one row per note: the cards table may
        // hold millions of rows, and only the notes' own count is kept in memory.
        var noteDecks: [Int64: Int64] = [:]
        let decks = try Row.fetchCursor(db, sql: """
            SELECT nid, did, MIN(ord) FROM cards
            WHERE nid IN (SELECT id FROM notes ORDER BY id LIMIT \(maximumNotes + 1)) GROUP BY nid
            """)
        while let row = try decks.next() {
            if ContinuousClock.now > deadline { throw DatabaseError(resultCode: .SQLITE_INTERRUPT) }
            noteDecks[row["nid"]] = row["did"]
        }
        // Fields as bytes: SQLite's text would be repaired silently; invalid UTF-8 is reported.
        // Their length is checked in SQL before the value is read into Kuchi.
        let cap = DelimitedText.maximumFieldBytes
        let cursor = try Row.fetchCursor(db, sql: """
            SELECT id, mid, \(capped("tags")) AS tags, length(flds) AS length,
                   CASE WHEN length(flds) <= \(cap) THEN CAST(flds AS BLOB) END AS flds
            FROM notes ORDER BY id LIMIT \(maximumNotes + 1)
            """)
        var position = 0
        while let row = try cursor.next() {
            position += 1
            if position > maximumNotes { throw Failure(detail: "it has more than \(maximumNotes) notes; split it into smaller decks") }
            if ContinuousClock.now > deadline { throw DatabaseError(resultCode: .SQLITE_INTERRUPT) }
            let bytes: Data = row["flds"] ?? Data()
            let length: Int = row["length"] ?? 0
            guard length <= cap, bytes.count <= cap else {
                collection.unreadable.append((position, "its fields are longer than \(cap / 1024) KiB; this is not a vocabulary note"))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                collection.unreadable.append((position, "its text is not valid UTF-8"))
                continue
            }
            if !collection.hasMedia, text.utf8.contains(where: { $0 == 0x3C || $0 == 0x5B }),
               text.contains("<img") || text.contains("[sound:") { collection.hasMedia = true }
            let id: Int64 = row["id"]
            let tags: String = row["tags"] ?? ""
            collection.notes.append(Note(position: position, noteType: row["mid"] ?? 0,
                              fields: text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init),
                              tags: tags.split(separator: " ").map(String.init),
                              deckName: noteDecks[id].flatMap { deckNames[$0] }))
        }
        return collection
    }

    /// isTable: whether `name` is a table (not a view, which could run any query).
    private static func isTable(_ name: String, _ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ?", arguments: [name]) == "table"
    }

    /// capped: SQL reading `column` only when it is at most `limit` characters, else NULL —
    /// the length is checked before the value reaches Kuchi.
    private static func capped(_ column: String, _ limit: Int = maximumNameCharacters) -> String {
        "CASE WHEN length(\(column)) <= \(limit) THEN \(column) END"
    }

    /// OldModel: a note type in the old schema's `col.models` JSON.
    private struct OldModel: Decodable {
        /// Field: one field of the note type, with its position.
        struct Field: Decodable {
            package let name: String
            package let ord: Int
        }

        let name: String
        let flds: [Field]
    }

    /// OldDeck: a deck in the old schema's `col.decks` JSON.
    private struct OldDeck: Decodable {
        let name: String
    }
}
