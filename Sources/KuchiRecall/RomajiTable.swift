/// RomajiTable: every romaji spelling the composer turns into hiragana, built once.
///
/// One table holds Hepburn, Kunrei, Nihon-shiki and wāpuro spellings side by side (shi/si,
/// chi/ti, tsu/tu, fu/hu, ji/zi, sha/sya, ja/zya/jya…), because learners come from textbooks,
/// apps and IMEs that each teach a different one and none of them is wrong. The rules that are
/// not a plain lookup (ん before a consonant, `nn`, doubled consonants → っ, m before b/m/p)
/// live in `RomajiComposer`. The table is generated from rows rather than listed, so a
/// forgotten combination is a missing row, not a missing line among hundreds.
package enum RomajiTable {
    /// kana: romaji spelling → the hiragana it stands for.
    package static let kana: [String: String] = build()

    /// prefixes: every proper prefix of a spelling, so the composer knows when to wait for more
    /// letters (`k`, `ky`, `xts`) and when a sequence can never become kana.
    package static let prefixes: Set<String> = {
        var result = Set<String>()
        for key in kana.keys {
            var prefix = ""
            for character in key.dropLast() {
                prefix.append(character)
                result.insert(prefix)
            }
        }
        return result
    }()

    /// vowels: the five vowel letters in table order (a i u e o), used to build rows.
    package static let vowels: [Character] = ["a", "i", "u", "e", "o"]

    /// build: generates the table from its rows.
    private static func build() -> [String: String] {
        var table: [String: String] = [:]
        /// row: one consonant (or spelling of it) followed by each of the five vowels.
        func row(_ consonant: String, _ kana: [String]) {
            for (vowel, kana) in zip(vowels, kana) where !kana.isEmpty {
                table[consonant + String(vowel)] = kana
            }
        }
        let smallVowels = ["ぁ", "ぃ", "ぅ", "ぇ", "ぉ"]
        let smallY = ["ゃ", "ぃ", "ゅ", "ぇ", "ょ"]

        row("", ["あ", "い", "う", "え", "お"])
        row("k", ["か", "き", "く", "け", "こ"])
        row("g", ["が", "ぎ", "ぐ", "げ", "ご"])
        row("s", ["さ", "し", "す", "せ", "そ"])
        row("z", ["ざ", "じ", "ず", "ぜ", "ぞ"])
        row("t", ["た", "ち", "つ", "て", "と"])
        row("d", ["だ", "ぢ", "づ", "で", "ど"])
        row("n", ["な", "に", "ぬ", "ね", "の"])
        row("h", ["は", "ひ", "ふ", "へ", "ほ"])
        row("b", ["ば", "び", "ぶ", "べ", "ぼ"])
        row("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"])
        row("m", ["ま", "み", "む", "め", "も"])
        row("r", ["ら", "り", "る", "れ", "ろ"])
        row("y", ["や", "い", "ゆ", "いぇ", "よ"])
        // wāpuro: wi/we are the modern ウィ/ウェ; the obsolete ゐ/ゑ have their own spellings.
        row("w", ["わ", "うぃ", "う", "うぇ", "を"])
        table["wyi"] = "ゐ"
        table["wye"] = "ゑ"
        // wāpuro c: ca/cu/co as k, ci/ce as s (as Microsoft's IME does).
        row("c", ["か", "し", "く", "せ", "こ"])
        // Hepburn spellings of single kana.
        table["shi"] = "し"
        table["chi"] = "ち"
        table["tsu"] = "つ"
        table["fu"] = "ふ"
        table["ji"] = "じ"
        table["dzu"] = "づ"
        table["dzi"] = "ぢ"

        // Yōon: the i-kana of the row + small ゃぃゅぇょ (kya, sya, tya, nya, …).
        let iKana = ["k": "き", "g": "ぎ", "s": "し", "z": "じ", "t": "ち", "d": "ぢ", "n": "に",
                     "h": "ひ", "b": "び", "p": "ぴ", "m": "み", "r": "り", "v": "ゔ", "f": "ふ",
                     "q": "く", "c": "ち", "j": "じ"]
        for (consonant, kana) in iKana {
            row(consonant + "y", smallY.map { kana + $0 })
        }
        // Hepburn yōon: sha, cha, ja (and the j + y, sh + y, ch + y spellings some IMEs take).
        for (spelling, kana) in ["sh": "し", "ch": "ち", "j": "じ", "shy": "し", "chy": "ち", "jy": "じ"] {
            row(spelling, smallY.map { kana + $0 })
        }
        table["shi"] = "し"
        table["chi"] = "ち"
        table["ji"] = "じ"

        // Foreign-sound combinations: a kana + a small vowel (ファ, ヴァ, ツァ, ティ, ドゥ, クァ, …).
        let vowelCombinations = ["f": "ふ", "v": "ゔ", "q": "く", "ts": "つ", "wh": "う", "kw": "く",
                                 "qw": "く", "gw": "ぐ", "sw": "す", "th": "て", "tw": "と",
                                 "dh": "で", "dw": "ど", "fw": "ふ"]
        for (spelling, kana) in vowelCombinations {
            row(spelling, smallVowels.map { kana + $0 })
        }
        table["fu"] = "ふ"
        table["vu"] = "ゔ"
        table["qu"] = "く"
        table["tsu"] = "つ"
        table["whu"] = "う"
        // th/dh take small ゃゅょ where a small vowel would not be said (tha = てゃ, thi = てぃ).
        row("th", ["てゃ", "てぃ", "てゅ", "てぇ", "てょ"])
        row("dh", ["でゃ", "でぃ", "でゅ", "でぇ", "でょ"])

        // Small kana, typed after x or l (xa, ltu, xtsu, xya, lwa, …).
        for prefix in ["x", "l"] {
            row(prefix, smallVowels)
            row(prefix + "y", smallY)
            table[prefix + "tu"] = "っ"
            table[prefix + "tsu"] = "っ"
            table[prefix + "wa"] = "ゎ"
            table[prefix + "ka"] = "ゕ"
            table[prefix + "ke"] = "ゖ"
        }
        table["xn"] = "ん"
        table["n'"] = "ん"
        table["-"] = "ー"
        return table
    }
}
