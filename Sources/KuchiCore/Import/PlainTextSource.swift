import Foundation

/// PlainTextSource: CSV, TSV and Anki's "Notes in Plain Text" export, read into source notes.
///
/// A CSV or TSV file names its columns in its first row; an Anki export instead starts with
/// `#key:value` lines (`#separator:`, `#html:`, `#columns:`, `#tags column:`, `#deck column:`,
/// and `#deck:`/`#tags:` for every note) and has no header row.
struct PlainTextSource {
    /// notes: the rows, mapped to deck fields.
    let notes: [SourceNote]

    /// read: parses `text` (already checked to be UTF-8) with `mapping`.
    init(text: String, mapping: FieldMapping) throws(ImportError) {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let header = AnkiTextHeader(consuming: &body)
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
            }
        }
        let columns: [String]
        if let named = header.columns {
            columns = named.split(separator: separator, omittingEmptySubsequences: false).map { $0.trimmedWhitespace }
        } else if header.isAnki {
            columns = Self.positionalColumns(count: records.map(\.fields.count).max() ?? 0, header: header)
        } else {
            guard !records.isEmpty else { throw ImportError(.content, "the file is empty.") }
            columns = records.removeFirst().fields.map { $0.trimmedWhitespace }
        }
        if let missing = mapping.missingOverrides(columns: columns).first {
            throw ImportError(.usage, "--map \(missing): there is no such column; the columns are \(columns.joined(separator: ", ")).")
        }
        let resolved = mapping.resolve(columns: columns)
        guard resolved[.question] != nil, resolved[.answer] != nil else {
            let found = columns.isEmpty ? "none" : columns.map { "'\($0)'" }.joined(separator: ", ")
            throw ImportError(.content, "the columns do not say which is the word and which the meaning (found \(found)); name them question, reading, pronunciation, answer, category, also in the first row, or use --map question=COLUMN,answer=COLUMN.")
        }
        notes = records.map { record in
            func value(_ index: Int?) -> String? {
                guard let index, index >= 0, index < record.fields.count else { return nil }
                return record.fields[index]
            }
            var values: [FieldMapping.Field: String] = [:]
            for (field, index) in resolved { values[field] = value(index) }
            let tags = (value(header.tagsColumn.map { $0 - 1 }) ?? "").split(separator: " ").map(String.init) + header.tags
            return SourceNote(label: "row \(record.line + header.lineCount)", values: values, tags: tags,
                              deckName: value(header.deckColumn.map { $0 - 1 }) ?? header.deck,
                              html: header.html, splitsMeanings: header.isAnki)
        }
    }

    /// positionalColumns: names for an Anki export's columns, which it does not name: the
    /// special columns by role, and the fields as Front/Back or Expression/Reading/Meaning when
    /// there are two or three (the usual basic and Japanese note types).
    static func positionalColumns(count: Int, header: AnkiTextHeader) -> [String] {
        var special: [Int: String] = [:]
        for (column, role) in [(header.tagsColumn, "Tags"), (header.deckColumn, "Deck"), (header.notetypeColumn, "Notetype"), (header.guidColumn, "GUID")] {
            if let column, special[column] == nil { special[column] = role }
        }
        let fieldPositions = (1...max(count, 1)).filter { special[$0] == nil }
        let names = switch fieldPositions.count {
        case 2: ["Front", "Back"]
        case 3: ["Expression", "Reading", "Meaning"]
        default: fieldPositions.map { "Field \($0)" }
        }
        var columns = (1...max(count, 1)).map { special[$0] ?? "" }
        for (position, name) in zip(fieldPositions, names) { columns[position - 1] = name }
        return columns
    }
}

/// AnkiTextHeader: the `#key:value` lines at the top of an Anki plain-text export.
struct AnkiTextHeader {
    var separator: Character?
    var html = false
    var columns: Substring?
    var tagsColumn: Int?
    var deckColumn: Int?
    var notetypeColumn: Int?
    var guidColumn: Int?
    var deck: String?
    var tags: [String] = []
    /// lineCount: header lines consumed, so row labels count lines of the whole file.
    var lineCount = 0
    /// isAnki: whether any header line was found.
    var isAnki: Bool { lineCount > 0 }

    /// init: reads and removes the header lines from the start of `body`.
    init(consuming body: inout Substring) {
        while body.hasPrefix("#"), let colon = body.prefix(while: { $0 != "\n" && $0 != "\r\n" }).firstIndex(of: ":") {
            let line = body.prefix { $0 != "\n" && $0 != "\r\n" }
            let key = body[body.index(after: body.startIndex)..<colon].lowercased().trimmedWhitespace
            let value = body[body.index(after: colon)..<line.endIndex]
            switch key {
            case "separator": separator = Self.separator(named: value.trimmedWhitespace)
            case "html": html = value.trimmedWhitespace.lowercased() == "true"
            case "columns": columns = value
            case "tags column": tagsColumn = Int(value.trimmedWhitespace)
            case "deck column": deckColumn = Int(value.trimmedWhitespace)
            case "notetype column": notetypeColumn = Int(value.trimmedWhitespace)
            case "guid column": guidColumn = Int(value.trimmedWhitespace)
            case "deck": deck = value.trimmedWhitespace
            case "tags": tags = value.split(separator: " ").map(String.init)
            default: break
            }
            lineCount += 1
            body = body[line.endIndex...].drop { $0 == "\n" || $0 == "\r\n" }
        }
    }

    /// separator: Anki's separator names (Tab, Comma, …) or a literal character.
    static func separator(named name: String) -> Character? {
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
