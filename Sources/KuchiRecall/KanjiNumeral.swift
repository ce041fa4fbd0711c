/// KanjiNumeral: a counter word's kanji numeral written in digits, as horizontal Japanese writes
/// it (四時 → 4時, 二十日 → 20日, 三人 → 3人).
///
/// An IME offers 4時 as readily as 四時, and a teacher marks both right, so English → Japanese
/// accepts the digits wherever the word is a number followed by a counter. The digits are derived
/// from the kanji numerals themselves (十 multiplies and adds, 万 scales), not listed per word.
/// Only a word that counts or dates (its meaning holds a number or names a month) is written
/// this way: 一緒 is not "1緒" and 万年筆 is not "10000年筆".
package enum KanjiNumeral {
    /// digitSpelling: `written` with its leading kanji numeral in ASCII digits, when the word is a
    /// numeral followed by something else and `meaning` counts or dates; else nil.
    package static func digitSpelling(of written: String, meaning: String) -> String? {
        let characters = Array(written.trimmingSpaces())
        let run = characters.prefix { digits[$0] != nil || multipliers[$0] != nil }
        guard !run.isEmpty, run.count < characters.count, countsOrDates(meaning), let value = value(of: Array(run)) else { return nil }
        return String(value) + String(characters.dropFirst(run.count))
    }

    /// folded: full-width digits (４) as ASCII digits (4), the rest unchanged.
    package static func folded(_ text: String) -> String {
        String(text.trimmingSpaces().map { character -> Character in
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                  (0xFF10...0xFF19).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFF10 + 0x30) else { return character }
            return Character(ascii)
        })
    }

    /// value: the number kanji numerals spell (二十 → 20, 三百五 → 305, 一万二千 → 12000); nil when
    /// they are no number (十十).
    package static func value(of run: [Character]) -> Int? {
        var total = 0
        var section = 0
        var pending: Int?
        for character in run {
            if let digit = digits[character] {
                guard pending == nil else { return nil }
                pending = digit
            } else if character == "万" {
                section += pending ?? (section == 0 ? 1 : 0)
                total += section * 10_000
                section = 0
                pending = nil
            } else if let multiplier = multipliers[character] {
                section += (pending ?? 1) * multiplier
                pending = nil
            }
        }
        let value = total + section + (pending ?? 0)
        return value > 0 ? value : nil
    }

    /// countsOrDates: the meaning holds a number ("four o'clock", "20 years old", "fifth day") or
    /// names a month (一月 January is written 1月).
    package static func countsOrDates(_ meaning: String) -> Bool {
        let normalized = EnglishMeaning.normalized(meaning)
        return !EnglishNumber.numbers(in: normalized).isEmpty || normalized.split(separator: " ").contains { months.contains(String($0)) }
    }

    /// digits: the kanji for 0 to 9.
    private static let digits: [Character: Int] = [
        "〇": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    ]

    /// multipliers: the kanji that multiply the digit before them (万 scales a whole section).
    private static let multipliers: [Character: Int] = ["十": 10, "百": 100, "千": 1000, "万": 10_000]

    /// months: the English month names, which count the months (一月 to 十二月).
    private static let months: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]
}
