/// MeaningSplitter: the one rule, for every import format, that turns a meaning field into the
/// meanings it lists — the first is the entry's answer, the rest go to `also`.
///
/// Word lists separate meanings with `;`, `,`, `/`, line breaks, `<br>` or `<div>` blocks
/// ("to eat, to drink", "station<br>stop"). Separators inside parentheses or brackets are part
/// of one meaning ("one (counting, things)"), and a comma between digits is a thousands mark
/// ("1,000 yen"). The same field splits the same way from a CSV file, an Anki text export or
/// an Anki package, because HTML is first reduced to text with its breaks as line breaks.
enum MeaningSplitter {
    /// meanings: the meanings of `field` (HTML when `html`), cleaned to one line each, empty
    /// ones dropped, in order.
    static func meanings(_ field: String, html: Bool) -> [String] {
        var text = html ? TextCleanup.stripHTML(field).text : field
        if text.contains("[sound:") { text = TextCleanup.removeSoundReferences(text) }
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
    static func split(_ text: String) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var depth = 0
        var previous: Character?
        var iterator = text.makeIterator()
        var next = iterator.next()
        while let character = next {
            next = iterator.next()
            let isBreak = character == "\n" || character == "\r" || character == "\r\n"
            let isThousands = (character == "," || character == "，") && previous?.isNumber == true && next?.isNumber == true
            if isBreak || (depth == 0 && Self.separators.contains(character) && !isThousands) {
                // A line break ends a meaning even inside an unclosed parenthesis.
                if isBreak { depth = 0 }
                pieces.append(piece)
                piece = ""
            } else {
                if Self.opening.contains(character) { depth += 1 }
                if Self.closing.contains(character) { depth = max(0, depth - 1) }
                piece.append(character)
            }
            previous = character
        }
        pieces.append(piece)
        return pieces
    }

    /// separators, opening, closing: what splits, and the brackets that protect a separator.
    private static let separators: Set<Character> = [";", "；", ",", "，", "/"]
    private static let opening: Set<Character> = ["(", "[", "{", "（", "［"]
    private static let closing: Set<Character> = [")", "]", "}", "）", "］"]
}
