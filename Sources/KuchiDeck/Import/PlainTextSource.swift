import Foundation

/// PlainTextSource: CSV, TSV and Anki's "Notes in Plain Text" export, read into source notes.
///
/// A CSV or TSV file names its columns in its first row; an Anki export instead starts with
/// `#key:value` lines (`#separator:`, `#html:`, `#columns:`, `#notetype:`, `#notetype column:`,
/// `#tags column:`, `#deck column:`, `#guid column:`, and `#deck:`/`#tags:` for every note) and
/// has no header row.
package struct PlainTextSource {
    /// notes: the rows, mapped to deck fields.
    package let notes: [SourceNote]

    /// read: parses `text` (already checked to be UTF-8) with `mapping`.
    package init(text: String, mapping: FieldMapping) throws(ImportError) {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let header = AnkiTextHeader(consuming: &body)
        if let line = header.tooLongLine {
            throw ImportError(.content, "line \(line) is longer than \(AnkiTextHeader.maximumLineBytes / 1024) KiB; this is not an Anki export header.")
        }
        if let columns = header.columns, columns.count > DelimitedText.maximumColumns {
            throw ImportError(.content, "the #columns: line names more than \(DelimitedText.maximumColumns) columns; this is not a word list.")
        }
        let separator = header.separator ?? DelimitedText.detectSeparator(headerLine: body.prefix { $0 != "\n" && $0 != "\r\n" })
        var records: [DelimitedText.Record]
        do throws(DelimitedText.Failure) {
            records = try DelimitedText.records(body, separator: separator)
        } catch {
            switch error {
            case .unterminatedQuote(let line):
                throw ImportError(.content, "a quoted field opened on line \(line + header.lineCount) never closes (a missing \").")
            case .fieldTooLong(let line):
                throw ImportError(.content, "a field on line \(line + header.lineCount) is longer than \(DelimitedText.maximumFieldBytes / 1024) KiB; this is not a word list.")
            case .tooManyColumns(let line):
                throw ImportError(.content, "line \(line + header.lineCount) has more than \(DelimitedText.maximumColumns) columns; this is not a word list.")
            case .tooManyRecords:
                throw ImportError(.content, "the file has more than \(DelimitedText.maximumRecords) rows; split it into smaller word lists.")
            }
        }
        guard header.isAnki else {
            guard !records.isEmpty else { throw ImportError(.content, "the file is empty.") }
            let columns = records.removeFirst().fields.map { $0.trimmingSpacesAndNewlines() }
            let resolved = try Self.resolve(columns: columns, mapping: mapping)
            guard resolved[.question] != nil, resolved[.answer] != nil else {
                let found = columns.isEmpty ? "none" : InputQuote.list(columns) { "'\($0)'" }
                throw ImportError(.content, "the columns do not say which is the word and which the meaning (found \(found)); name them question, reading, pronunciation, answer, category, also in the first row, or use --map question=COLUMN,answer=COLUMN.")
            }
            notes = records.map { Self.note($0, fields: resolved, header: header) }
            return
        }
        notes = try Self.ankiNotes(records, header: header, mapping: mapping)
    }

    /// resolve: the mapping of named `columns`, refusing a `--map` naming none of them.
    private static func resolve(columns: [String], mapping: FieldMapping) throws(ImportError) -> [FieldMapping.Field: Int] {
        if let missing = mapping.missingOverrides(columns: columns).first {
            throw ImportError(.usage, "--map \(missing): there is no such column; the columns are \(InputQuote.list(columns)).")
        }
        return mapping.resolve(columns: columns)
    }

    /// ankiNotes: an Anki export's rows, mapped by the field names of `#columns:` when they
    /// name the word and the meaning, else each note type (`#notetype column:`, `#notetype:`)
    /// by what its fields hold — never by how many there are.
    private static func ankiNotes(_ records: [DelimitedText.Record], header: AnkiTextHeader, mapping: FieldMapping) throws(ImportError) -> [SourceNote] {
        let width = records.map(\.fields.count).max() ?? 0
        if let named = header.columns {
            let resolved = try resolve(columns: named, mapping: mapping)
            if resolved[.question] != nil, resolved[.answer] != nil {
                return records.map { note($0, fields: resolved, header: header) }
            }
        }
        let columns = positionalColumns(count: max(width, header.columns?.count ?? 0), header: header)
        let overrides = try resolve(columns: columns, mapping: mapping).filter { mapping.overrides[$0.key] != nil }
        let special = Set([header.tagsColumn, header.deckColumn, header.notetypeColumn, header.guidColumn].compactMap { $0.map { $0 - 1 } })
        let fieldColumns = columns.indices.filter { !special.contains($0) }
        // Rows grouped by note type, each group mapped by its own fields.
        var groups: [String: [[String]]] = [:]
        for record in records { groups[noteType(of: record, header: header), default: []].append(record.fields) }
        var roles: [String: [FieldMapping.Field: Int]] = [:]
        for (type, rows) in groups {
            var found = ColumnInference.roles(rows: rows, columns: fieldColumns, html: header.html)
            for (field, index) in overrides {
                found = found.filter { $0.value != index }
                found[field] = index
            }
            roles[type] = found
        }
        return records.map { record in
            let type = noteType(of: record, header: header)
            guard let fields = roles[type], fields[.question] != nil, fields[.answer] != nil else {
                let name = type.isEmpty ? "its note type" : "its note type '\(InputQuote.short(type))'"
                var skipped = SourceNote(label: "row \(record.line + header.lineCount)", values: [:])
                skipped.unmappable = "\(name) has no field that reads as the word and one that reads as the meaning; use --map question=N,answer=N (N counts the file's columns from 1)"
                return skipped
            }
            return note(record, fields: fields, header: header)
        }
    }

    /// noteType: the note type a row names in the `#notetype column:`, else the file's `#notetype:`.
    private static func noteType(of record: DelimitedText.Record, header: AnkiTextHeader) -> String {
        if let column = header.notetypeColumn, column >= 1, column <= record.fields.count { return record.fields[column - 1] }
        return header.notetype ?? ""
    }

    /// note: one row as a source note, its fields taken from the `fields` columns.
    private static func note(_ record: DelimitedText.Record, fields: [FieldMapping.Field: Int], header: AnkiTextHeader) -> SourceNote {
        func value(_ index: Int?) -> String? {
            guard let index, index >= 0, index < record.fields.count else { return nil }
            return record.fields[index]
        }
        var values: [FieldMapping.Field: String] = [:]
        for (field, index) in fields { values[field] = value(index) }
        let tags = (value(header.tagsColumn.map { $0 - 1 }) ?? "").split(separator: " ").map(String.init) + header.tags
        return SourceNote(label: "row \(record.line + header.lineCount)", values: values, tags: tags,
                          deckName: value(header.deckColumn.map { $0 - 1 }) ?? header.deck, html: header.html)
    }

    /// positionalColumns: names for an Anki export's columns, which it does not name: the
    /// special columns by role ("Tags", "Deck"…), the note fields "Field N" by their column.
    package static func positionalColumns(count: Int, header: AnkiTextHeader) -> [String] {
        var special: [Int: String] = [:]
        for (column, role) in [(header.tagsColumn, "Tags"), (header.deckColumn, "Deck"), (header.notetypeColumn, "Notetype"), (header.guidColumn, "GUID")] {
            if let column, special[column] == nil { special[column] = role }
        }
        return (0..<count).map { special[$0 + 1] ?? "Field \($0 + 1)" }
    }
}

/// AnkiTextHeader: the `#key:value` lines at the top of an Anki plain-text export.
package struct AnkiTextHeader {
    package var separator: Character?
    package var html = false
    package var columns: [String]?
    package var notetype: String?
    /// tooLongLine: a header line longer than `maximumLineBytes` (its number), refused.
    package var tooLongLine: Int?
    package var tagsColumn: Int?
    package var deckColumn: Int?
    package var notetypeColumn: Int?
    package var guidColumn: Int?
    package var deck: String?
    package var tags: [String] = []
    /// lineCount: header lines consumed, so row labels count lines of the whole file.
    package var lineCount = 0
    /// isAnki: whether any header line was found.
    package var isAnki: Bool { lineCount > 0 }

    /// init: reads and removes the header lines from the start of `body`.
    package init(consuming body: inout Substring) {
        while body.hasPrefix("#"), let colon = body.prefix(while: { $0 != "\n" && $0 != "\r\n" }).firstIndex(of: ":") {
            let line = body.prefix { $0 != "\n" && $0 != "\r\n" }
            if line.utf8.count > Self.maximumLineBytes {
                tooLongLine = lineCount + 1
                return
            }
            let key = body[body.index(after: body.startIndex)..<colon].lowercased().trimmingSpacesAndNewlines()
            let value = body[body.index(after: colon)..<line.endIndex]
            switch key {
            case "separator": separator = Self.separator(named: value.trimmingSpacesAndNewlines())
            case "html": html = value.trimmingSpacesAndNewlines().lowercased() == "true"
            case "columns": columns = Self.columnNames(value, separator: separator)
            case "notetype": notetype = value.trimmingSpacesAndNewlines()
            case "tags column": tagsColumn = Int(value.trimmingSpacesAndNewlines())
            case "deck column": deckColumn = Int(value.trimmingSpacesAndNewlines())
            case "notetype column": notetypeColumn = Int(value.trimmingSpacesAndNewlines())
            case "guid column": guidColumn = Int(value.trimmingSpacesAndNewlines())
            case "deck": deck = value.trimmingSpacesAndNewlines()
            case "tags": tags = value.split(separator: " ").map(String.init)
            default: break
            }
            lineCount += 1
            body = body[line.endIndex...].drop { $0 == "\n" || $0 == "\r\n" }
        }
    }

    /// maximumLineBytes: a longer header line is not Anki's (a `#columns:` of a few dozen names).
    package static let maximumLineBytes = 64 * 1024

    /// columnNames: a `#columns:` value's names, split on the separator declared before it (as
    /// Anki writes it), else on the likeliest one.
    package static func columnNames(_ value: Substring, separator: Character?) -> [String] {
        let separator = separator ?? DelimitedText.detectSeparator(headerLine: value)
        return value.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmingSpacesAndNewlines() }
    }

    /// separator: Anki's separator names (Tab, Comma, …) or a literal character.
    package static func separator(named name: String) -> Character? {
        switch name.lowercased() {
        case "tab": "\t"
        case "comma": ","
        case "semicolon": ";"
        case "space": " "
        case "pipe": "|"
        case "colon": ":"
        default: name.count == 1 ? name.first : nil
        }
    }
}
