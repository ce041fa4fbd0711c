/// TextCleanup: turns a field as Anki or a spreadsheet stores it into the plain one-line text a
/// deck holds.
///
/// Anki fields are HTML: tags are dropped (`<br>` and block tags become a space), entities
/// decoded, `[sound:…]` references removed (media is not imported). Every source then has its
/// white space collapsed and control and invisible characters removed, which the deck rules
/// would otherwise refuse the entry for.
enum TextCleanup {
    /// plain: `text` as one line of plain text; HTML is interpreted only when `html` is true.
    static func plain(_ text: String, html: Bool) -> String {
        var result = html ? stripHTML(text) : text
        if result.contains("[sound:") { result = removeSoundReferences(result) }
        return collapse(result)
    }

    /// stripHTML: tags removed, block breaks as spaces, `<script>`/`<style>` content dropped.
    static func stripHTML(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var output = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                index = html.index(after: close)
                if !tag.hasPrefix("/"), name == "script" || name == "style",
                   let end = html[index...].range(of: "</\(name)", options: .caseInsensitive) {
                    index = html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                    continue
                }
                if blockTags.contains(String(name)) { output.append(" ") }
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
                      let decoded = entity(html[html.index(after: index)..<semicolon]) {
                output.append(decoded)
                index = html.index(after: semicolon)
            } else {
                output.append(character)
                index = html.index(after: index)
            }
        }
        return output
    }

    /// blockTags: tags that separate words when rendered, so they become a space.
    private static let blockTags: Set<String> = ["br", "div", "p", "li", "ul", "ol", "tr", "td", "th", "hr", "h1", "h2", "h3", "h4", "h5", "h6"]

    /// entity: the text of `&name;` or `&#number;`, nil for an unknown name.
    static func entity(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp", "ensp", "emsp", "thinsp": return " "
        case "hellip": return "…"
        case "mdash": return "—"
        case "ndash": return "–"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }

    /// removeSoundReferences: `[sound:file.mp3]` removed.
    static func removeSoundReferences(_ text: String) -> String {
        text.replacing(#/\[sound:[^\]]*\]/#, with: "")
    }

    /// collapse: runs of white space and control characters as one space, invisible characters
    /// (zero-width, bidirectional controls, BOM) removed, ends trimmed.
    static func collapse(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) { continue }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// isInvisible: zero-width, bidirectional-control and BOM scalars (as `Script` refuses them).
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }
}

/// Furigana: Anki's ruby notation `漢字[かんじ]`, split into the written word and its reading.
enum Furigana {
    /// split: (question, reading) for text with ruby brackets, nil when it has none. As in
    /// Anki, the base is the run of characters before `[` back to a space, and the space is
    /// dropped (`お 茶[ちゃ]` → お茶, おちゃ).
    static func split(_ text: String) -> (question: String, reading: String)? {
        guard text.contains("[") else { return nil }
        let pattern = #/ ?([^ \[\]]+?)\[([^\[\]]*)\]/#
        guard text.contains(pattern) else { return nil }
        let question = text.replacing(pattern) { String($0.output.1) }
        let reading = text.replacing(pattern) { $0.output.2.isEmpty ? String($0.output.1) : String($0.output.2) }
        return (question.trimmedWhitespace, reading.trimmedWhitespace)
    }
}

extension Substring {
    /// trimmedWhitespace: as `String.trimmedWhitespace`, for the slices parsing produces.
    var trimmedWhitespace: String { String(self).trimmedWhitespace }
}
