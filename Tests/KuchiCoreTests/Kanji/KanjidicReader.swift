import Foundation
@testable import KuchiCore
@testable import KuchiDeck

/// KanjidicReader: KANJIDIC2's XML as Debian's `kanjidic-xml` installs it, read here on its own
/// (not through scripts/make-kanji) so the bundled kanji file is checked against the source.
///
/// Read line by line: the file writes one element per line, and Foundation's XMLParser on Linux
/// crashes on the file's internal DTD.
enum KanjidicReader {
    /// path: where scripts/install-deps --tests puts it.
    static let path = "/usr/share/edict/kanjidic2.xml.gz"

    /// entries: every kanji of the file whose literal is in `wanted`. Literals are compared by
    /// code point: Swift's String equality takes a compatibility ideograph (U+FA43) for the
    /// unified one (暑 U+6691) it decomposes to, and KANJIDIC2 has both.
    static func entries(wanted: Set<String>) throws -> [String: KanjiEntry] {
        let wantedScalars = Set(wanted.map { $0.unicodeScalars.map(\.value) })
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-dc", path]
        let pipe = Pipe()
        gzip.standardOutput = pipe
        try gzip.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        var found: [String: KanjiEntry] = [:]
        var literal = "", meanings: [String] = [], on: [String] = [], kun: [String] = []
        var strokes: Int?, grade: Int?, jlpt: Int?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == "<character>" {
                (literal, meanings, on, kun, strokes, grade, jlpt) = ("", [], [], [], nil, nil, nil)
            } else if let value = Self.value(text, "literal") {
                literal = value
            } else if let value = Self.value(text, "stroke_count") {
                if strokes == nil { strokes = Int(value) }
            } else if let value = Self.value(text, "grade") {
                grade = Int(value)
            } else if let value = Self.value(text, "jlpt") {
                jlpt = Int(value)
            } else if let value = Self.value(text, "reading r_type=\"ja_on\"", close: "reading") {
                on.append(value)
            } else if let value = Self.value(text, "reading r_type=\"ja_kun\"", close: "reading") {
                kun.append(value)
            } else if let value = Self.value(text, "meaning") {
                meanings.append(value)  // <meaning m_lang="fr"> does not match "<meaning>"
            } else if text == "</character>", wantedScalars.contains(literal.unicodeScalars.map(\.value)), let strokes {
                found[literal] = KanjiEntry(kanji: literal, meanings: meanings, on: on, kun: kun, strokes: strokes, grade: grade, jlpt: jlpt)
            }
        }
        return found
    }

    /// value: the text of `<tag>…</tag>` when the line is that element, entities decoded.
    static func value(_ line: String, _ tag: String, close: String? = nil) -> String? {
        let open = "<\(tag)>", end = "</\(close ?? tag)>"
        guard line.hasPrefix(open), line.hasSuffix(end) else { return nil }
        return String(line.dropFirst(open.count).dropLast(end.count))
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
