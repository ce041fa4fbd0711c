/// MeaningSplitter: the one rule, for every import format, that turns a meaning field into the
/// meanings it lists — the first is the entry's answer, the rest go to `also`.
///
/// Word lists separate meanings with `;`, `,`, `/`, line breaks, `<br>` or `<div>` blocks
/// ("to eat, to drink", "station<br>stop"). Separators inside parentheses or brackets are part
/// of one meaning ("one (counting, things)"), and a comma between digits is a thousands mark
/// ("1,000 yen"). The same field splits the same way from a CSV file, an Anki text export or
/// an Anki package, because HTML is first reduced to text with its breaks as line breaks.
package enum MeaningSplitter {
    /// meanings: the meanings of `field` (HTML when `html`), cleaned to one line each, empty
    /// ones dropped, in order.
    package static func meanings(_ field: String, html: Bool) -> [String] {
        var text = html ? TextCleanup.stripHTML(field).text : field
        if TextCleanup.hasSoundReference(text) { text = TextCleanup.removeSoundReferences(text) }
        var meanings: [String] = []
        for piece in split(text).map(TextCleanup.collapse) where !piece.isEmpty {
            // A note in parentheses on its own line belongs to the meaning before it
            // ("dog<br>(animal)" is "dog (animal)", not a meaning "(animal)").
            if let last = meanings.last, piece.first == "(" || piece.first == "（" {
                meanings[meanings.count - 1] = last + " " + piece
            } else {
                meanings.append(piece)
            }
        }
        return meanings
    }

    /// split: `text` cut at every separator outside parentheses; pieces are not yet cleaned.
    /// Read scalar by scalar: every separator and bracket is one scalar, and this runs for
    /// every field of a 20k-note import.
    package static func split(_ text: String) -> [String] {
        var pieces: [String] = []
        var piece = String.UnicodeScalarView()
        var depth = 0
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x0A, 0x0D:
                // A line break ends a meaning even inside an unclosed parenthesis.
                depth = 0
                pieces.append(String(piece))
                piece = String.UnicodeScalarView()
            case 0x3B, 0xFF1B, 0x2F, 0x2C, 0xFF0C:
                let isComma = scalar.value == 0x2C || scalar.value == 0xFF0C
                if depth > 0 {
                    piece.append(scalar)  // inside parentheses: one meaning
                } else if isComma, index > 0, index + 1 < scalars.count, isDigit(scalars[index - 1]), isDigit(scalars[index + 1]) {
                    piece.append(scalar)  // a thousands mark: "1,000"
                } else {
                    pieces.append(String(piece))
                    piece = String.UnicodeScalarView()
                }
            case 0x28, 0x5B, 0x7B, 0xFF08, 0xFF3B:
                depth += 1
                piece.append(scalar)
            case 0x29, 0x5D, 0x7D, 0xFF09, 0xFF3D:
                depth = max(0, depth - 1)
                piece.append(scalar)
            default:
                piece.append(scalar)
            }
        }
        pieces.append(String(piece))
        return pieces
    }

    /// isDigit: an ASCII or full-width digit.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value) || (0xFF10...0xFF19).contains(scalar.value)
    }
}
