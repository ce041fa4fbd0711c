/// DelimitedText: a small RFC 4180 reader for CSV, TSV and Anki's plain-text exports.
///
/// Our own rather than SwiftCSV or CSV.swift (DECISIONS.md): Anki's exports put `#key:value`
/// header lines before the data, use any of six separators, and carry HTML with bare quotes in
/// unquoted fields, which a strict reader rejects; we also need the line each record starts on
/// for messages ("row 5: …"), and a hard cap on one field so a hostile file cannot balloon.
public struct DelimitedText {
    /// Record: one record's fields and the 1-based line it starts on.
    public struct Record: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    /// Failure: why the text cannot be read as records.
    public enum Failure: Error, Equatable {
        /// unterminatedQuote: a quoted field opened on this line never closes.
        case unterminatedQuote(line: Int)
        /// fieldTooLong: a field on this line is longer than `maximumFieldBytes`.
        case fieldTooLong(line: Int)
        /// tooManyColumns: the record starting on this line has more than `maximumColumns` fields.
        case tooManyColumns(line: Int)
        /// tooManyRecords: the text has more than `maximumRecords` records.
        case tooManyRecords
    }

    /// maximumFieldBytes: longer fields are refused; no vocabulary field is anywhere near this.
    public static let maximumFieldBytes = 256 * 1024
    /// maximumColumns: more fields in one record are refused as they are read — a 64 MiB line
    /// of commas would otherwise be 64 million strings (gigabytes). Anki's note types and
    /// spreadsheets of words have a few dozen at most.
    public static let maximumColumns = 256
    /// maximumRecords: more records are refused; the largest real vocabulary decks hold tens
    /// of thousands of notes.
    public static let maximumRecords = 200_000

    /// records: every record of `text` split on `separator`; a blank line is no record.
    /// Quotes open a quoted field only at its start ("" inside is one quote); elsewhere they are
    /// kept as text, as Anki writes them inside HTML attributes.
    public static func records(_ text: Substring, separator: Character) throws(Failure) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedFieldLine = 1
        var atFieldStart = true
        var index = text.startIndex
        func endField() {
            fields.append(field)
            field = ""
            atFieldStart = true
        }
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if inQuotes {
                if character == "\"" {
                    if index < text.endIndex, text[index] == "\"" {
                        field.append("\"")
                        index = text.index(after: index)
                    } else {
                        inQuotes = false
                    }
                } else {
                    if character == "\n" || character == "\r\n" || character == "\r" { line += 1 }
                    field.append(character)
                }
            } else if character == "\"" && atFieldStart {
                inQuotes = true
                atFieldStart = false
                quotedFieldLine = line
            } else if character == separator {
                endField()
                if fields.count >= maximumColumns { throw .tooManyColumns(line: recordLine) }
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                if !(fields.isEmpty && field.isEmpty && atFieldStart) {
                    endField()
                    if records.count >= maximumRecords { throw .tooManyRecords }
                    records.append(Record(line: recordLine, fields: fields))
                }
                fields = []
                line += 1
                recordLine = line
                atFieldStart = true
            } else {
                field.append(character)
                atFieldStart = false
            }
            if field.utf8.count > maximumFieldBytes { throw .fieldTooLong(line: line) }
        }
        if inQuotes { throw .unterminatedQuote(line: quotedFieldLine) }
        if !(fields.isEmpty && field.isEmpty && atFieldStart) {
            endField()
            if records.count >= maximumRecords { throw .tooManyRecords }
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }

    /// detectSeparator: tab, comma, semicolon or pipe — whichever occurs most often outside
    /// quotes in the header line (a tab wins ties: TSV fields hold commas freely).
    public static func detectSeparator(headerLine: Substring) -> Character {
        var counts: [Character: Int] = [:]
        var inQuotes = false
        for character in headerLine {
            if character == "\"" { inQuotes.toggle() } else if !inQuotes, "\t,;|".contains(character) { counts[character, default: 0] += 1 }
        }
        // max(by:) keeps the first of equal elements, so the order is the tie-break.
        let order: [Character] = ["\t", ",", ";", "|"]
        guard let best = order.max(by: { (counts[$0] ?? 0) < (counts[$1] ?? 0) }), (counts[best] ?? 0) > 0 else { return "," }
        return best
    }
}
