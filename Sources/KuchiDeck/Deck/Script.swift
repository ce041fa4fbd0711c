/// Script: character-class tests on Japanese text that the deck rules need.
package enum Script {
    /// containsKanji: true when any scalar is a CJK ideograph (or the iteration mark 々), which is
    /// when a deck entry must carry a kana reading.
    package static func containsKanji(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x3005, 0x3007, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
            default: false
            }
        }
    }

    /// containsJapanese: true when any scalar is a kana or a kanji (an answer typed in Japanese).
    package static func containsJapanese(_ text: String) -> Bool {
        containsKanji(text) || text.unicodeScalars.contains { (0x3041...0x3096).contains($0.value) || (0x30A1...0x30FA).contains($0.value) }
    }

    /// isKana: true when the text is only hiragana, katakana, the long-vowel mark and spaces.
    package static func isKana(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            switch scalar.value {
            case 0x20, 0x3000, 0x3041...0x3096, 0x3099...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF: true
            default: false
            }
        }
    }

    /// controlCharacter: the first C0/C1 control character in the text, if any. Controls in a
    /// deck would move the terminal cursor or change its state when drawn.
    package static func controlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// invisibleCharacter: the first invisible or format scalar, if any: zero-width characters,
    /// bidirectional controls, variation selectors, tag characters, the soft hyphen and the blank
    /// fillers (Hangul filler, Braille blank). In any shown field they make two different strings
    /// look the same on screen, or reorder what is drawn.
    package static func invisibleCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F,
                 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x2800, 0x3164, 0xFE00...0xFE0F,
                 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
                 0xE0000...0xE007F, 0xE0100...0xE01EF: true
            default: false
            }
        }
    }
}
