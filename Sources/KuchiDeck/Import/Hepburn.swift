/// Hepburn: spells a kana reading in modified Hepburn romaji the way Kuchi's decks do — long
/// vowels with macrons (kōhī, gakkō), っ as a doubled consonant (tch before ch), and ん as n'
/// before a vowel or y (kin'en).
///
/// Imported words rarely carry romaji, and the deck format requires a pronunciation; this is the
/// same spelling `scripts/verify-deck` checks the bundled deck against (a verb's final う is not
/// special-cased: an import cannot tell verbs apart, and the spelling then matches JMdict's
/// headword romaji in every other case).
public enum Hepburn {
    /// romaji: the reading in Hepburn, or nil when it holds something other than kana and spaces
    /// (then there is no honest spelling to offer).
    public static func romaji(_ kana: String) -> String? {
        guard let units = syllables(kana) else { return nil }
        var items: [(romaji: String, long: Bool)] = []
        var previousVowelItem: Int?
        for (index, unit) in units.enumerated() {
            let next = index + 1 < units.count ? units[index + 1] : ""
            switch unit {
            case " ":
                items.append((" ", false))
                previousVowelItem = nil
            case "っ":
                if let first = next.first, !isMarker(next), !vowels.contains(first), first != " " {
                    items.append((next.hasPrefix("ch") ? "t" : String(first), false))
                }
                previousVowelItem = nil
            case "ん":
                let apostrophe = next.first.map { !isMarker(next) && (vowels.contains($0) || $0 == "y") } ?? false
                items.append((apostrophe ? "n'" : "n", false))
                previousVowelItem = nil
            case "ー":
                guard let item = previousVowelItem else { return nil }
                items[item].long = true
                previousVowelItem = nil
            default:
                if let item = previousVowelItem, unit.count == 1, let vowel = unit.first, vowels.contains(vowel),
                   let previous = items[item].romaji.last,
                   (previous == vowel && vowel != "i") || (previous == "o" && vowel == "u") {
                    items[item].long = true
                    previousVowelItem = nil
                    continue
                }
                items.append((unit, false))
                previousVowelItem = unit.last.map { vowels.contains($0) } == true ? items.count - 1 : nil
            }
        }
        return items.map { item in
            guard item.long, let last = item.romaji.last, let macron = macrons[last] else { return item.romaji }
            return String(item.romaji.dropLast()) + String(macron)
        }.joined()
    }

    /// syllables: the reading as romaji units; っ, ん, ー and spaces are units of their own, spelt
    /// by their neighbours. Nil when a character is not kana.
    private static func syllables(_ kana: String) -> [String]? {
        let scalars = Array(kana.unicodeScalars.map(hiragana))
        var units: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if index + 1 < scalars.count {
                let pair = String(scalar) + String(scalars[index + 1])
                if let extended = extended[pair] {
                    units.append(extended)
                    index += 2
                    continue
                }
                if let base = yoonBase[scalar], let vowel = yoonVowel[scalars[index + 1]] {
                    units.append(base + vowel)
                    index += 2
                    continue
                }
            }
            switch scalar {
            case "っ", "ん", "ー": units.append(String(scalar))
            case " ", "\u{3000}": units.append(" ")
            default:
                guard let romaji = basic[scalar] else { return nil }
                units.append(romaji)
            }
            index += 1
        }
        return units
    }

    /// hiragana: katakana folded to hiragana (ヴ to ゔ), everything else unchanged.
    private static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x30A1...0x30F6).contains(scalar.value), let folded = Unicode.Scalar(scalar.value - 0x60) else { return scalar }
        return folded
    }

    /// isMarker: っ, ん and ー, spelt by their neighbours rather than on their own.
    private static func isMarker(_ unit: String) -> Bool { unit == "っ" || unit == "ん" || unit == "ー" }

    private static let vowels: Set<Character> = ["a", "i", "u", "e", "o"]
    private static let macrons: [Character: Character] = ["a": "ā", "i": "ī", "u": "ū", "e": "ē", "o": "ō"]

    private static let basic: [Unicode.Scalar: String] = {
        let rows: [(String, [String])] = [
            ("あいうえお", ["a", "i", "u", "e", "o"]), ("かきくけこ", ["ka", "ki", "ku", "ke", "ko"]),
            ("さしすせそ", ["sa", "shi", "su", "se", "so"]), ("たちつてと", ["ta", "chi", "tsu", "te", "to"]),
            ("なにぬねの", ["na", "ni", "nu", "ne", "no"]), ("はひふへほ", ["ha", "hi", "fu", "he", "ho"]),
            ("まみむめも", ["ma", "mi", "mu", "me", "mo"]), ("やゆよ", ["ya", "yu", "yo"]),
            ("らりるれろ", ["ra", "ri", "ru", "re", "ro"]), ("わゐゑを", ["wa", "i", "e", "o"]),
            ("がぎぐげご", ["ga", "gi", "gu", "ge", "go"]), ("ざじずぜぞ", ["za", "ji", "zu", "ze", "zo"]),
            ("だぢづでど", ["da", "ji", "zu", "de", "do"]), ("ばびぶべぼ", ["ba", "bi", "bu", "be", "bo"]),
            ("ぱぴぷぺぽ", ["pa", "pi", "pu", "pe", "po"]), ("ゔ", ["vu"]),
            ("ぁぃぅぇぉゎ", ["a", "i", "u", "e", "o", "wa"]),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (kana, romaji) in rows {
            for (scalar, spelling) in zip(kana.unicodeScalars, romaji) { table[scalar] = spelling }
        }
        return table
    }()

    private static let yoonBase: [Unicode.Scalar: String] = [
        "き": "ky", "ぎ": "gy", "に": "ny", "ひ": "hy", "び": "by", "ぴ": "py", "み": "my", "り": "ry",
        "し": "sh", "じ": "j", "ち": "ch", "ぢ": "j",
    ]
    private static let yoonVowel: [Unicode.Scalar: String] = ["ゃ": "a", "ゅ": "u", "ょ": "o"]

    /// extended: katakana-only combinations (after folding to hiragana).
    private static let extended: [String: String] = [
        "てぃ": "ti", "でぃ": "di", "とぅ": "tu", "どぅ": "du", "てゅ": "tyu", "でゅ": "dyu",
        "ふぁ": "fa", "ふぃ": "fi", "ふぇ": "fe", "ふぉ": "fo", "ふゅ": "fyu",
        "うぃ": "wi", "うぇ": "we", "うぉ": "wo",
        "ゔぁ": "va", "ゔぃ": "vi", "ゔぇ": "ve", "ゔぉ": "vo",
        "しぇ": "she", "じぇ": "je", "ちぇ": "che",
        "つぁ": "tsa", "つぃ": "tsi", "つぇ": "tse", "つぉ": "tso",
        "いぇ": "ye", "くぁ": "kwa", "ぐぁ": "gwa",
    ]
}
