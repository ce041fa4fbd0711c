/// EnglishNumber: number words read as digits, so "fifth" and "5th", "two" and "2" are one
/// answer, and the typo tolerance can leave numbers alone.
///
/// A date or a count is right or wrong, never "almost": "first day of the month" is two edits
/// from "fifth day of the month". Normalising both sides to digits lets the judge compare the
/// numbers of an answer exactly (`numbers(in:)`) while the words around them keep their tolerance.
package enum EnglishNumber {
    /// digits: `words` with number words replaced: cardinals 0–99 by digits ("twenty one" → 21),
    /// hundred and thousand with the number before them ("ten thousand" → 10000), ordinals by
    /// digits and suffix ("twenty-first" → 21st, "fifth" → 5th).
    package static func digits(_ words: [Substring]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < words.count {
            let word = String(words[index])
            if let ten = tens[word], index + 1 < words.count {
                let next = String(words[index + 1])
                if let unit = cardinals[next], (1...9).contains(unit) {
                    result.append(String(ten + unit))
                    index += 2
                    continue
                }
                if let unit = ordinals[next], (1...9).contains(unit) {
                    result.append(ordinal(ten + unit))
                    index += 2
                    continue
                }
            }
            if let scale = scales[word] {
                // "hundred" → 100, "ten thousand" → 10000 (the number before it multiplies).
                if let last = result.last, let value = Int(last), value > 0, value < scale {
                    result[result.count - 1] = String(value * scale)
                } else {
                    result.append(String(scale))
                }
            } else if let value = cardinals[word] ?? tens[word] {
                result.append(String(value))
            } else if let value = ordinals[word] {
                result.append(ordinal(value))
            } else {
                result.append(word)
            }
            index += 1
        }
        return result
    }

    /// numbers: the words of a normalised meaning that hold a digit, in order ("5th day" → [5th]).
    package static func numbers(in normalized: String) -> [Substring] {
        normalized.split(separator: " ").filter { $0.contains(where: \.isNumber) }
    }

    /// dayOfMonth: the ordinal alone of a normalised "5th day of the month" (a date is named by
    /// its ordinal: "the fifth"), else nil.
    package static func dayOfMonth(_ normalized: String) -> String? {
        let words = normalized.split(separator: " ")
        guard let first = words.first, first.contains(where: \.isNumber), first.last?.isLetter == true,
              ["day of the month", "day of month"].contains(words.dropFirst().joined(separator: " ")) else { return nil }
        return String(first)
    }

    /// hour: a normalised "9 oclock" as the clock writes it, "9 00" (typed "9:00"), else nil.
    package static func hour(_ normalized: String) -> String? {
        let words = normalized.split(separator: " ")
        guard words.count == 2, words[1] == "oclock", let value = Int(words[0]), (0...24).contains(value) else { return nil }
        return "\(value) 00"
    }

    /// ordinal: 1 → 1st, 2 → 2nd, 3 → 3rd, 11 → 11th, 22 → 22nd.
    package static func ordinal(_ value: Int) -> String {
        let suffix = switch (value % 10, value % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(value)\(suffix)"
    }

    /// cardinals: zero to nineteen.
    private static let cardinals: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]

    /// scales: the words that multiply the number before them.
    private static let scales: [String: Int] = ["hundred": 100, "thousand": 1000]

    /// tens: twenty to ninety.
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]

    /// ordinals: first to nineteenth and the tens' ordinals.
    private static let ordinals: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
        "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30,
    ]
}
