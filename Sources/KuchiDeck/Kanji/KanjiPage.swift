import Foundation
import KuchiBase

/// KanjiPage: what `kuchi kanji CHAR` prints — one kanji's KANJIDIC2 entry and the deck's words
/// that write it.
public struct KanjiPage: Sendable {
    /// entry: the kanji as KANJIDIC2 describes it.
    public let entry: KanjiEntry
    /// words: the deck's entries that write the kanji, in deck order.
    public let words: [Challenge]

    /// init: the page of `entry` with the words of `deck` that write it.
    public init(entry: KanjiEntry, deck: Deck) {
        self.entry = entry
        self.words = entry.kanji.first.map { deck.words(writing: $0) } ?? []
    }

    /// textLines: the page for a person: meanings, readings, the figures, then each word with
    /// its reading and meaning.
    public func textLines() -> [String] {
        var lines = ["\(entry.kanji)  \(entry.meanings.joined(separator: ", "))"]
        lines.append("on: " + (entry.on.isEmpty ? "—" : entry.on.joined(separator: "、")))
        lines.append("kun: " + (entry.kun.isEmpty ? "—" : entry.kun.joined(separator: "、")))
        var figures = ["\(entry.strokes) stroke\(entry.strokes == 1 ? "" : "s")"]
        figures.append(entry.grade.map { "grade \($0)" } ?? "no school grade")
        figures.append(entry.jlpt.map { "JLPT level \($0) (old four-level test)" } ?? "no JLPT level")
        lines.append(figures.joined(separator: " · "))
        lines.append("")
        if words.isEmpty {
            lines.append("No word of the deck writes \(entry.kanji).")
        } else {
            lines.append("\(words.count) word\(words.count == 1 ? "" : "s") of the deck:")
            for word in words {
                lines.append("  \(word.question)  \(word.reading ?? word.question)  “\(word.answer)”")
            }
        }
        return lines
    }

    /// json: the page as one JSON object with the keys `kanji`, `meanings`, `on`, `kun`,
    /// `strokes`, `grade`, `jlpt` (null when KANJIDIC2 has none) and `words`.
    public func json() -> String {
        let string = JSONText.quoted
        func list(_ items: [String]) -> String { "[" + items.map(string).joined(separator: ", ") + "]" }
        let words = self.words.map { word in
            "{\"word\": \(string(word.question)), \"reading\": \(string(word.reading ?? word.question)), \"meaning\": \(string(word.answer))}"
        }
        return "{\"kanji\": \(string(entry.kanji)), \"meanings\": \(list(entry.meanings)), \"on\": \(list(entry.on)), "
            + "\"kun\": \(list(entry.kun)), \"strokes\": \(entry.strokes), \"grade\": \(entry.grade.map(String.init) ?? "null"), "
            + "\"jlpt\": \(entry.jlpt.map(String.init) ?? "null"), \"words\": [\(words.joined(separator: ", "))]}"
    }
}
