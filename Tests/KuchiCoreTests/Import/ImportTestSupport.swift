import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import KuchiCore

/// ImportFixtures: files the import tests build — zip archives with chosen entries, and small
/// Anki collections written with GRDB in the old schema (for hostile content Anki would never
/// write).
enum ImportFixtures {
    /// packageRoot: the nearest folder above this file with a Package.swift.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    /// zip: an archive at `url` with `entries` (name, bytes), deflated.
    static func zip(_ url: URL, _ entries: [(String, Data)]) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (name, data) in entries {
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// Note: one note for `oldCollection`: its fields as raw bytes (so invalid UTF-8 can be
    /// written) and its tags.
    struct Note {
        var fields: [Data]
        var tags = ""

        init(_ fields: String..., tags: String = "") {
            self.fields = fields.map { Data($0.utf8) }
            self.tags = tags
        }

        init(bytes: [Data]) {
            fields = bytes
        }
    }

    /// oldCollection: an old-schema Anki collection (note types in `col.models`) with one
    /// Expression/Reading/Meaning note type, its notes in deck "Words::Mine".
    static func oldCollection(_ url: URL, notes: [Note], fieldNames: [String] = ["Expression", "Reading", "Meaning"]) throws {
        let queue = try DatabaseQueue(path: url.path)
        let fields = fieldNames.enumerated().map { ["name": $1, "ord": $0] as [String: Any] }
        let models = try JSONSerialization.data(withJSONObject: ["1001": ["name": "Japanese", "flds": fields]])
        let decks = try JSONSerialization.data(withJSONObject: ["1": ["name": "Default"], "2001": ["name": "Words::Mine"]])
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE col (id INTEGER PRIMARY KEY, models TEXT, decks TEXT);
                CREATE TABLE notes (id INTEGER PRIMARY KEY, guid TEXT, mid INTEGER, tags TEXT, flds TEXT);
                CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER, did INTEGER, ord INTEGER);
                """)
            try db.execute(sql: "INSERT INTO col VALUES (1, ?, ?)",
                           arguments: [String(decoding: models, as: UTF8.self), String(decoding: decks, as: UTF8.self)])
            for (index, note) in notes.enumerated() {
                var joined = Data()
                for (position, field) in note.fields.enumerated() {
                    if position > 0 { joined.append(0x1F) }
                    joined.append(field)
                }
                // Stored as a blob cast to text, so invalid UTF-8 reaches the file untouched.
                try db.execute(sql: "INSERT INTO notes VALUES (?, ?, 1001, ?, CAST(? AS TEXT))",
                               arguments: [index + 1, "g\(index)", note.tags, joined])
                try db.execute(sql: "INSERT INTO cards VALUES (?, ?, 2001, 0)", arguments: [index + 1, index + 1])
            }
        }
        try queue.close()
    }

    /// package: an .apkg at `url` holding `collection` as `collection.anki2`.
    static func package(_ url: URL, collection: URL, extra: [(String, Data)] = []) throws {
        try zip(url, [("collection.anki2", try Data(contentsOf: collection))] + extra)
    }
}

/// AnkiTools: the packages `scripts/make-anki-fixtures` builds with Anki and genanki, made once
/// per test run into a temporary folder.
enum AnkiTools {
    /// isCI: under CI=true missing tools fail the tests instead of skipping them.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// python: the virtual environment the script uses.
    static let python = ImportFixtures.packageRoot.appendingPathComponent(".build/anki-venv/bin/python3")

    /// isInstalled: whether the venv exists.
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: python.path) }

    /// missingMessage: what to do when the tools are missing.
    static let missingMessage = "the Anki tools are missing: run scripts/make-anki-fixtures --install (it creates .build/anki-venv)"

    /// folder: the built packages (in .build, rebuilt by each test run), or the script's error.
    static let folder: Result<URL, ToolError> = {
        let folder = ImportFixtures.packageRoot.appendingPathComponent(".build/anki-fixtures")
        try? FileManager.default.removeItem(at: folder)
        let process = Process()
        process.executableURL = ImportFixtures.packageRoot.appendingPathComponent("scripts/make-anki-fixtures")
        process.arguments = [folder.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(ToolError(description: "cannot run scripts/make-anki-fixtures: \(error)"))
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(ToolError(description: "scripts/make-anki-fixtures exited \(process.terminationStatus): \(message)"))
        }
        return .success(folder)
    }()

    /// ToolError: the fixture script failed.
    struct ToolError: Error, CustomStringConvertible {
        let description: String
    }
}
