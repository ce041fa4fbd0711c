/// TextCleanup: turns a field as Anki or a spreadsheet stores it into the plain one-line text a
/// deck holds.
///
/// Anki fields are HTML: tags are dropped (`<br>` and block tags become a space), entities
/// decoded, `[sound:…]` references removed (media is not imported). Every source then has its
/// white space collapsed and control and invisible characters removed, which the deck rules
/// would otherwise refuse the entry for.
package enum TextCleanup {
    /// plain: `text` as one line of plain text; HTML is interpreted only when `html` is true.
    package static func plain(_ text: String, html: Bool) -> String {
        var result = html ? stripHTML(text).text : text
        if hasSoundReference(result) { result = removeSoundReferences(result) }
        return collapse(result)
    }

    /// looksLikeHTML: whether a field from a file not declared HTML (a CSV saved from Anki, a
    /// spreadsheet of copied cards) holds tags such as `<br>`, `<div>` or `<ruby>`; it is then
    /// read as HTML, so the same note gives the same entry from every format.
    package static func looksLikeHTML(_ text: String) -> Bool {
        text.utf8.contains(0x3C) && text.contains(htmlTag)
    }

    /// htmlTag: an opening or closing tag of the elements word lists use.
    nonisolated(unsafe) private static let htmlTag = #/(?i)</?(br|div|p|span|b|i|u|em|strong|font|ruby|rt|rp|rb|li|ul|ol|sup|sub|hr)\b[^<>]*>/#

    /// HTMLText: an HTML field as text (block breaks as line breaks), and — when it holds ruby —
    /// the same text with each ruby base replaced by its reading.
    package struct HTMLText {
        package var text = ""
        package var rubyReading: String?
    }

    /// stripHTML: tags removed, block breaks as line breaks, `<script>`/`<style>` content
    /// dropped; `<ruby>漢字<rt>かんじ</rt></ruby>` keeps the base 漢字 in the text (the reading
    /// shown as a choice would give it away) and the reading in `rubyReading`; `<rp>` is dropped.
    package static func stripHTML(_ html: String) -> HTMLText {
        guard html.utf8.contains(where: { $0 == 0x3C || $0 == 0x26 }) else { return HTMLText(text: html) }
        var ruby = RubyState()
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let isEnd = tag.hasPrefix("/")
                let name = String(tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber })
                index = html.index(after: close)
                if !isEnd, name == "script" || name == "style",
                   let end = html[index...].range(of: "</\(name)", options: .caseInsensitive) {
                    index = html[end.upperBound...].firstIndex(of: ">").map { html.index(after: $0) } ?? html.endIndex
                    continue
                }
                if blockTags.contains(name) { ruby.append("\n") }
                ruby.tag(name, isEnd: isEnd)
            } else if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";"),
                      let decoded = entity(html[html.index(after: index)..<semicolon]) {
                ruby.append(decoded)
                index = html.index(after: semicolon)
            } else {
                ruby.append(String(character))
                index = html.index(after: index)
            }
        }
        return HTMLText(text: ruby.text, rubyReading: ruby.sawReading ? ruby.reading : nil)
    }

    /// RubyState: the text and the reading-substituted text as HTML is read, and where in a
    /// `<ruby>` element the reader is.
    private struct RubyState {
        var text = ""
        var reading = ""
        var sawReading = false
        private var inRuby = false
        private var inReading = false
        private var inParenthesis = false
        private var pendingBase = ""

        /// append: text outside tags, routed by where it stands.
        mutating func append(_ piece: String) {
            if inParenthesis { return }
            if inReading {
                reading += piece
                sawReading = true
            } else {
                text += piece
                if inRuby { pendingBase += piece } else { reading += piece }
            }
        }

        /// tag: a start or end tag that matters to ruby.
        mutating func tag(_ name: String, isEnd: Bool) {
            switch (name, isEnd) {
            case ("ruby", false):
                flush()
                inRuby = true
            case ("ruby", true):
                flush()
                inRuby = false
                inReading = false
                inParenthesis = false
            case ("rt", false):
                // The base read so far is spelt by this reading, not repeated in it.
                pendingBase = ""
                inReading = inRuby
            case ("rt", true): inReading = false
            case ("rp", false): inParenthesis = inRuby
            case ("rp", true): inParenthesis = false
            default: break
            }
        }

        /// flush: a base with no `<rt>` after it is its own reading.
        private mutating func flush() {
            reading += pendingBase
            pendingBase = ""
        }
    }

    /// blockTags: tags that separate words when rendered, so they become a space.
    private static let blockTags: Set<String> = ["br", "div", "p", "li", "ul", "ol", "tr", "td", "th", "hr", "h1", "h2", "h3", "h4", "h5", "h6"]

    /// entity: the text of `&name;` or `&#number;`, nil for an unknown name.
    package static func entity(_ name: Substring) -> String? {
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

    /// hasSoundReference: whether `text` holds `[sound:` (a byte check first: most fields have no `[`).
    package static func hasSoundReference(_ text: String) -> Bool {
        text.utf8.contains(0x5B) && text.contains("[sound:")
    }

    /// removeSoundReferences: `[sound:file.mp3]` removed.
    package static func removeSoundReferences(_ text: String) -> String {
        text.replacing(#/\[sound:[^\]]*\]/#, with: "")
    }

    /// collapse: runs of white space and control characters as one space, invisible characters
    /// (zero-width, bidirectional controls, BOM) removed, ends trimmed.
    package static func collapse(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        var escape = EscapeSkipper()
        for scalar in text.unicodeScalars {
            if escape.skips(scalar) || isInvisible(scalar) { continue }
            // ASCII is decided without Unicode property look-ups, which dominate a large import.
            let isSpace = scalar.isASCII ? scalar.value <= 0x20 || scalar.value == 0x7F
                : (0x80...0x9F).contains(scalar.value) || scalar.properties.isWhitespace
            if isSpace {
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

    /// EscapeSkipper: drops whole terminal escape sequences (`ESC [ 3 1 m`, `ESC ] 0 ; t BEL`),
    /// not only their ESC, so a deck or field name written for a terminal keeps its text alone.
    private struct EscapeSkipper {
        private enum State { case text, escape, csi, osc, oscEscape }
        private var state = State.text

        /// skips: whether `scalar` is part of an escape sequence (and so dropped).
        mutating func skips(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            switch state {
            case .text:
                if value == 0x1B { state = .escape } else if value == 0x9B { state = .csi } else if value == 0x9D { state = .osc } else { return false }
            case .escape:
                state = value == 0x5B ? .csi : (value == 0x5D ? .osc : .text)
            case .csi:
                // Parameters and intermediates, then one final byte; anything else ends it too.
                if !(0x20...0x3F).contains(value) { state = .text }
                if !(0x20...0x7E).contains(value) { return false }
            case .osc:
                if value == 0x07 || value == 0x9C { state = .text } else if value == 0x1B { state = .oscEscape } else if value == 0x0A { state = .text; return false }
            case .oscEscape:
                state = .text
            }
            return true
        }
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
package enum Furigana {
    /// split: (question, reading) for text with ruby brackets, nil when it has none. As in
    /// Anki, the base is the run of characters before `[` back to a space, and the space is
    /// dropped (`お 茶[ちゃ]` → お茶, おちゃ).
    package static func split(_ text: String) -> (question: String, reading: String)? {
        guard text.utf8.contains(0x5B) else { return nil }
        let pattern = #/ ?([^ \[\]]+?)\[([^\[\]]*)\]/#
        guard text.contains(pattern) else { return nil }
        let question = text.replacing(pattern) { String($0.output.1) }
        let reading = text.replacing(pattern) { $0.output.2.isEmpty ? String($0.output.1) : String($0.output.2) }
        return (question.trimmingSpacesAndNewlines(), reading.trimmingSpacesAndNewlines())
    }
}
