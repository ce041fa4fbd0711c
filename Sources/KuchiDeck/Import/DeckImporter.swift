import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// DeckImporter: `kuchi import`'s conversion — reads a CSV/TSV file, an Anki plain-text export
/// or an Anki package and returns the validated deck JSON with every left-out entry. It writes
/// nothing; `DeckLibrary.save` does, only when this succeeded.
public struct DeckImporter: Sendable {
    /// mapping: the `--map` overrides.
    public let mapping: FieldMapping
    /// temporaryDirectory: where a package's collection is unpacked, in a private folder that
    /// is removed afterwards (tests pass their own, to see that nothing is left).
    public let temporaryDirectory: URL

    /// maximumTextBytes, maximumPackageBytes: larger files are refused before reading.
    public static let maximumTextBytes = 64 * 1024 * 1024
    public static let maximumPackageBytes = 1024 * 1024 * 1024

    /// mediaNotice: said once when a package has pictures or sounds.
    public static let mediaNotice = "Media (pictures and sounds) is not imported; only the text of each note is."

    public init(mapping: FieldMapping = FieldMapping(), temporaryDirectory: URL = FileManager.default.temporaryDirectory) {
        self.mapping = mapping
        self.temporaryDirectory = temporaryDirectory
    }

    /// convert: the deck made from the file at `url`, titled `title`.
    public func convert(_ url: URL, title: String) throws(ImportError) -> ImportedDeck {
        ImportScratch.removeStale(in: temporaryDirectory)
        let name = url.lastPathComponent
        let head = try Self.prefix(of: url)
        let isZip = head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
        let attribution = "Imported from \(name) with kuchi import."
        if isZip || ["apkg", "colpkg"].contains(url.pathExtension.lowercased()) {
            return try convertPackage(url, title: title, attribution: attribution)
        }
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.contents(of: url, limit: Self.maximumTextBytes)
        } catch {
            throw Self.readFailure(error, name: name, limit: Self.maximumTextBytes)
        }
        let text = try Self.utf8Text(data, name: name)
        var builder = EntryBuilder()
        for note in try PlainTextSource(text: text, mapping: mapping).notes { builder.add(note) }
        return try ImportedDeck.build(title: title, attribution: attribution, builder: builder, notices: [])
    }

    /// convertPackage: an `.apkg`/`.colpkg`, each note mapped by its note type's field names.
    private func convertPackage(_ url: URL, title: String, attribution: String) throws(ImportError) -> ImportedDeck {
        let (collection, hasMediaFiles) = try AnkiPackage.collection(at: url, temporaryDirectory: temporaryDirectory)
        let usedTypes = Set(collection.notes.map(\.noteType))
        let allFields = usedTypes.flatMap { collection.noteTypes[$0]?.fields ?? [] }
        if let missing = mapping.missingOverrides(columns: allFields).first {
            throw ImportError(.usage, "--map \(missing): no note has such a field; the fields are \(InputQuote.list(Array(Set(allFields)).sorted())).")
        }
        var resolved: [Int64: [FieldMapping.Field: Int]] = [:]
        for type in usedTypes { resolved[type] = mapping.resolve(columns: collection.noteTypes[type]?.fields ?? []) }
        var builder = EntryBuilder()
        // Unreadable notes are reported in their place among the others.
        var unreadable = collection.unreadable[...]
        func skipUnreadable(before position: Int) {
            while let first = unreadable.first, first.position < position {
                builder.skip(SourceNote(label: "note \(first.position)", values: [:]), first.reason)
                unreadable.removeFirst()
            }
        }
        for note in collection.notes {
            skipUnreadable(before: note.position)
            let label = "note \(note.position)"
            guard let fields = resolved[note.noteType], fields[.question] != nil, fields[.answer] != nil else {
                let type = collection.noteTypes[note.noteType]
                let typeName = type.map { "'\(InputQuote.short($0.name))' (fields: \(InputQuote.list($0.fields)))" } ?? "unknown"
                builder.skip(SourceNote(label: label, values: [:]),
                             "its note type \(typeName) has no field for the word and the meaning; use --map question=FIELD,answer=FIELD")
                continue
            }
            var values: [FieldMapping.Field: String] = [:]
            for (field, index) in fields where index < note.fields.count { values[field] = note.fields[index] }
            builder.add(SourceNote(label: label, values: values, tags: note.tags, deckName: note.deckName, html: true))
        }
        skipUnreadable(before: Int.max)
        let notices = hasMediaFiles || collection.hasMedia ? [Self.mediaNotice] : []
        return try ImportedDeck.build(title: title, attribution: attribution, builder: builder, notices: notices)
    }

    /// prefix: the first bytes of the file, to tell a zip archive from text; missing or
    /// unreadable files are usage errors (exit 2), as for `check-deck`.
    package static func prefix(of url: URL) throws(ImportError) -> Data {
        let name = url.path
        // stat follows a symlink to what it names; a FIFO or device is refused before it is
        // opened, since opening a FIFO with no writer would wait forever.
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            throw ImportError(.usage, errno == ENOENT ? "\(name): there is no such file." : "\(name) cannot be read.")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ImportError(.usage, "\(name) is a folder, not a file.")
        default: throw ImportError(.usage, "\(name) is not a regular file.")
        }
        if Int(info.st_size) > maximumPackageBytes {
            throw ImportError(.content, "\(name) is \(Int(info.st_size) / 1_048_576) MiB; imports are limited to \(maximumPackageBytes / 1_048_576) MiB.")
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw ImportError(.usage, "\(name) cannot be read.") }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) ?? Data()
    }

    /// utf8Text: the file as text, refusing invalid UTF-8 (with its line) and UTF-16.
    package static func utf8Text(_ data: Data, name: String) throws(ImportError) -> String {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            throw ImportError(.content, "\(name) is UTF-16 text; save it as UTF-8 (\"CSV UTF-8\" in spreadsheets) and import that.")
        }
        if let text = String(validating: data, as: UTF8.self) { return text }
        var line = 1
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): if scalar.first == 0x0A { line += 1 }
            case .emptyInput, .error: break parsing
            }
        }
        throw ImportError(.content, "\(name) is not UTF-8 text (invalid bytes on line \(line)); save it as UTF-8 and import that.")
    }

    /// readFailure: a sentence for a text file that could not be read.
    package static func readFailure(_ failure: BoundedFile.Failure, name: String, limit: Int) -> ImportError {
        switch failure {
        case .missing: ImportError(.usage, "\(name): there is no such file.")
        case .folder: ImportError(.usage, "\(name) is a folder, not a file.")
        case .notRegular: ImportError(.usage, "\(name) is not a regular file.")
        case .tooLarge(let size): ImportError(.content, "\(name) is \(size / 1_048_576) MiB; word lists are limited to \(limit / 1_048_576) MiB.")
        case .unreadable: ImportError(.usage, "\(name) cannot be read.")
        }
    }
}
