import Foundation

/// KanjiEntry: one kanji as KANJIDIC2 describes it, from the generated `kanji.json` beside the
/// bundled deck (scripts/make-kanji).
public struct KanjiEntry: Codable, Equatable, Sendable {
    /// kanji: the character.
    public let kanji: String
    /// meanings: KANJIDIC2's English meanings, the most common first.
    public let meanings: [String]
    /// on: the Sino-Japanese readings, in katakana.
    public let on: [String]
    /// kun: the native readings, in hiragana; a dot marks where okurigana begins (つと.める).
    public let kun: [String]
    /// strokes: the stroke count.
    public let strokes: Int
    /// grade: the school grade (1–6 kyōiku, 8 jōyō, 9–10 jinmeiyō), nil when none.
    public let grade: Int?
    /// jlpt: KANJIDIC2's JLPT level — the four levels of the test before 2010, 4 the easiest —
    /// nil when none. Kept as KANJIDIC2 has it rather than guessed onto N5–N1.
    public let jlpt: Int?

    /// init: an entry from its fields (tests build small dictionaries).
    public init(kanji: String, meanings: [String], on: [String], kun: [String], strokes: Int, grade: Int?, jlpt: Int?) {
        self.kanji = kanji
        self.meanings = meanings
        self.on = on
        self.kun = kun
        self.strokes = strokes
        self.grade = grade
        self.jlpt = jlpt
    }

    /// gloss: the kanji with its first meaning ("勉 exertion"), as a card shows it.
    public var gloss: String {
        meanings.first.map { "\(kanji) \($0)" } ?? kanji
    }
}

/// KanjiCharacter: which characters are kanji.
public enum KanjiCharacter {
    /// isKanji: a CJK ideograph (the unified blocks, extension A and beyond, the compatibility
    /// ideographs) — what KANJIDIC2 describes. 々 repeats the kanji before it and is no kanji itself.
    public static func isKanji(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF, 0x20000...0x3134F: return true
        default: return false
        }
    }
}
