import Foundation

/// Kana: the kana facts the reading judge compares with: script folding and vowels.
///
/// Kept apart from the composer because they answer a different question ("are these two
/// spellings the same word?") and from `Script`, which only classifies deck text.
package enum Kana {
    /// longVowelMark: ー, the katakana long-vowel mark (also what a macron becomes for judging).
    package static let longVowelMark: Character = "ー"

    /// comparable: `text` folded so that spellings a learner cannot be blamed for compare equal:
    /// compatibility forms (half-width katakana, full-width letters) unified, katakana as hiragana,
    /// spaces removed (a pasted reading may hold them), lowercased.
    package static func comparable(_ text: String) -> [Character] {
        let unified = text.precomposedStringWithCompatibilityMapping.lowercased()
        var scalars = String.UnicodeScalarView()
        for scalar in unified.unicodeScalars where !scalar.properties.isWhitespace {
            scalars.append(hiragana(scalar))
        }
        return Array(String(scalars))
    }

    /// hiragana: the hiragana for a katakana scalar (ヴ → ゔ, ヵ → ゕ, ヽ → ゝ); others unchanged.
    /// ー stays: it has no hiragana and the judge handles it as a long vowel.
    package static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x30A1...0x30F6, 0x30FD...0x30FE: Unicode.Scalar(scalar.value - 0x60) ?? scalar
        default: scalar
        }
    }

    /// vowel: the vowel a hiragana ends on (か → a, きゃ's ゃ → a, ん → nil), so a following
    /// long vowel can be checked; nil for kana without one (ん, っ) and for non-kana.
    package static func vowel(of character: Character) -> Character? {
        vowels[character]
    }

    /// lengthens: whether `kana` spells the long form of `vowel` after it: the vowel itself, and
    /// also う after o and い after e, the usual spellings of ō and ē (とうきょう, せんせい).
    package static func lengthens(_ kana: Character, vowel: Character) -> Bool {
        switch (vowel, kana) {
        case ("a", "あ"), ("i", "い"), ("u", "う"), ("e", "え"), ("e", "い"), ("o", "お"), ("o", "う"): true
        default: false
        }
    }

    /// repeats: whether `kana` is `vowel` itself, the only way to spell out a katakana ー
    /// (コーヒー *koohii*, こおひい; not *kouhii*, which spells こうひい).
    package static func repeats(_ kana: Character, vowel: Character) -> Bool {
        switch (vowel, kana) {
        case ("a", "あ"), ("i", "い"), ("u", "う"), ("e", "え"), ("o", "お"): true
        default: false
        }
    }

    /// vowels: hiragana → vowel, built from the gojūon rows.
    private static let vowels: [Character: Character] = {
        let rows = [
            "あかがさざただなはばぱまやらわぁゃゎゕ", "いきぎしじちぢにひびぴみりゐぃ",
            "うくぐすずつづぬふぶぷむゆるゔぅゅ", "えけげせぜてでねへべぺめれゑぇゖ",
            "おこごそぞとどのほぼぽもよろをぉょ",
        ]
        var table: [Character: Character] = [:]
        for (vowel, row) in zip(["a", "i", "u", "e", "o"] as [Character], rows) {
            for kana in row { table[kana] = vowel }
        }
        return table
    }()
}
