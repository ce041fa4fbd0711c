import Foundation
import GRDB

/// AnkiCollection: the notes of an Anki collection (the SQLite file inside a package), with
/// their note types' field names, tags and deck names, in either schema: the current one with
/// `notetypes`, `fields` and `decks` tables, or the old one with JSON in the `col` row.
struct AnkiCollection {
    /// Note: one note's fields in note-type order, and where it belongs.
    struct Note {
        let position: Int
        let noteType: Int64
        let fields: [String]
        let tags: [String]
        let deckName: String?
    }

    /// NoteType: a note type's name and field names in order.
    struct NoteType {
        let name: String
        let fields: [String]
    }

    /// noteTypes: every note type, by id.
    private(set) var noteTypes: [Int64: NoteType] = [:]
    /// notes: every readable note, in creation order.
    private(set) var notes: [Note] = []
    /// unreadable: notes that could not be read, with why (invalid UTF-8, a field too large).
    private(set) var unreadable: [(position: Int, reason: String)] = []
    /// hasMedia: whether any field shows a picture or plays a sound.
    private(set) var hasMedia = false

    /// Failure: the file is not an Anki collection we can read; `detail` is SQLite's reason.
    struct Failure: Error {
        let detail: String
    }

    /// init: reads the collection at `path`, read-only.
    init(path: String) throws(Failure) {
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
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            self = try queue.read { db in try Self.load(db) }
        } catch let error as DatabaseError {
            throw Failure(detail: error.message ?? error.description)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(detail: String(describing: error))
        }
    }

    /// init: an empty collection, filled by `load`.
    private init() {}

    /// load: everything the import needs, in one read transaction.
    private static func load(_ db: Database) throws -> AnkiCollection {
        var collection = AnkiCollection()
        // A hostile file could make `notes` a view over an endless recursive query; only plain
        // tables are read.
        let isNewSchema = try isTable("notetypes", db)
        let needed = isNewSchema ? ["notes", "cards", "notetypes", "fields", "decks"] : ["notes", "cards", "col"]
        for table in needed where try !isTable(table, db) {
            throw Failure(detail: "it has no \(table) table")
        }
        var deckNames: [Int64: String] = [:]
        if isNewSchema {
            var types: [Int64: (name: String, fields: [String])] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM notetypes") {
                types[row["id"]] = (row["name"] ?? "", [])
            }
            for row in try Row.fetchAll(db, sql: "SELECT ntid, name FROM fields ORDER BY ntid, ord") {
                let id: Int64 = row["ntid"]
                types[id, default: ("", [])].fields.append(row["name"] ?? "")
            }
            collection.noteTypes = types.mapValues { NoteType(name: $0.name, fields: $0.fields) }
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM decks") {
                let name: String = row["name"] ?? ""
                deckNames[row["id"]] = name.replacingOccurrences(of: "\u{1F}", with: "::")
            }
        } else {
            guard let row = try Row.fetchOne(db, sql: "SELECT models, decks FROM col LIMIT 1") else {
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
        var noteDecks: [Int64: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT nid, did FROM cards ORDER BY nid, ord") {
            let note: Int64 = row["nid"]
            if noteDecks[note] == nil { noteDecks[note] = row["did"] }
        }
        // Fields as bytes: SQLite's text would be repaired silently; invalid UTF-8 is reported.
        let cursor = try Row.fetchCursor(db, sql: "SELECT id, mid, tags, CAST(flds AS BLOB) AS flds FROM notes ORDER BY id")
        var position = 0
        while let row = try cursor.next() {
            position += 1
            let bytes: Data = row["flds"] ?? Data()
            guard bytes.count <= DelimitedText.maximumFieldBytes else {
                collection.unreadable.append((position, "its fields are \(bytes.count / 1024) KiB; this is not a vocabulary note"))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                collection.unreadable.append((position, "its text is not valid UTF-8"))
                continue
            }
            if !collection.hasMedia, text.contains("<img") || text.contains("[sound:") { collection.hasMedia = true }
            let id: Int64 = row["id"]
            let tags: String = row["tags"] ?? ""
            collection.notes.append(Note(position: position, noteType: row["mid"] ?? 0,
                              fields: text.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init),
                              tags: tags.split(separator: " ").map(String.init),
                              deckName: noteDecks[id].flatMap { deckNames[$0] }))
        }
        return collection
    }

    /// isTable: whether `name` is a plain table (not a view, which could run any query).
    private static func isTable(_ name: String, _ db: Database) throws -> Bool {
        try String.fetchOne(db, sql: "SELECT type FROM sqlite_master WHERE name = ?", arguments: [name]) == "table"
    }

    /// OldModel: a note type in the old schema's `col.models` JSON.
    private struct OldModel: Decodable {
        /// Field: one field of the note type, with its position.
        struct Field: Decodable {
            let name: String
            let ord: Int
        }

        let name: String
        let flds: [Field]
    }

    /// OldDeck: a deck in the old schema's `col.decks` JSON.
    private struct OldDeck: Decodable {
        let name: String
    }
}
