import Foundation

/// EnglishMeaning: how English meanings are normalised before they are compared.
///
/// A learner who types "To Eat!" for "eat", "an apple" for "apple" or "hot" for "hot (weather)"
/// knows the word; punctuation, case, articles and the verb marker are not what is being tested.
/// The deck and the learner's text go through the same normalisation, so the two always agree.
public enum EnglishMeaning {
    /// leadingFillers: words dropped from the front: the articles, the "to" of an infinitive
    /// and a possessive ("my younger sister", "one's mother": the apostrophe is already gone).
    package static let leadingFillers: Set<Substring> = ["a", "an", "the", "to"]

    /// possessives: a leading possessive the judge reads past ("my younger sister", "one's
    /// mother": the apostrophe is already gone); not dropped by `normalized`, which is also the
    /// form an own answer is kept in ("my own words" stays itself).
    package static let possessives: Set<Substring> = ["my", "your", "his", "her", "our", "their", "ones", "someones"]

    /// withoutPossessive: a normalised meaning without its leading possessive, nil when it has none.
    public static func withoutPossessive(_ normalized: String) -> String? {
        let words = normalized.split(separator: " ")
        guard words.count > 1, let first = words.first, possessives.contains(first) else { return nil }
        return words.dropFirst().joined(separator: " ")
    }

    /// normalized: lowercased, accents folded ("café" = "cafe"), apostrophes removed ("don't" =
    /// "dont"), the dots of an abbreviation joined ("T.V." = "tv"), other punctuation read as a
    /// space ("ice-cream" = "ice cream"), spaces collapsed and trimmed, then a leading article
    /// and "to " dropped (never the last word: "the" stays), and each word spelt
    /// the American way ("colour" = "color", `EnglishSpellings`).
    public static func normalized(_ text: String) -> String {
        normalized(text, spellings: .shared)
    }

    /// normalized(_:spellings:): as `normalized(_:)` with a given spelling table.
    package static func normalized(_ text: String, spellings: EnglishSpellings) -> String {
        let folded = Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil))
        var cleaned = ""
        cleaned.reserveCapacity(folded.count)
        for (index, character) in folded.enumerated() {
            if character.isLetter || character.isNumber {
                cleaned.append(character)
            } else if character == ",", cleaned.last?.isNumber == true {
                // A thousands separator ("10,000") joins; a comma after a word is a space.
                continue
            } else if character == ".", joinsAbbreviation(folded, at: index) {
                continue
            } else if !apostrophes.contains(character) {
                cleaned.append(" ")
            }
        }
        var words = cleaned.split(separator: " ", omittingEmptySubsequences: true)[...]
        while words.count > 1, let first = words.first, leadingFillers.contains(first) {
            words = words.dropFirst()
        }
        return EnglishNumber.digits(words.map { Substring(spellings.american($0)) }).joined(separator: " ")
    }

    /// closed: a normalised meaning written as one word, so open, closed and hyphenated
    /// compounds compare equal ("mail box", "mail-box", "mailbox").
    public static func closed(_ normalized: String) -> String {
        normalized.replacingOccurrences(of: " ", with: "")
    }

    /// joinsAbbreviation: the dot at `index` stands between two single letters ("T.V.", "U.S.A."),
    /// so the letters are one word, as the learner who types "TV" writes it.
    package static func joinsAbbreviation(_ characters: [Character], at index: Int) -> Bool {
        /// single: the letter at `position` stands alone: no letter or digit on either side but a dot.
        func single(_ position: Int) -> Bool {
            guard characters.indices.contains(position), characters[position].isLetter else { return false }
            let before = position - 1, after = position + 1
            let open = !characters.indices.contains(before) || characters[before] == "." || characters[before].isWhitespace
            let closed = !characters.indices.contains(after) || characters[after] == "." || characters[after].isWhitespace
            return open && closed
        }
        return single(index - 1) && single(index + 1)
    }

    /// countedAsOne: "a month" read as "one month" (digits: "1 month"), for meanings that count
    /// one of something (ひと月 "one month"); nil when `text` does not start with a or an.
    public static func countedAsOne(_ text: String) -> String? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " })
        guard words.count > 1, let first = words.first, first == "a" || first == "an" else { return nil }
        return normalized("one " + words.dropFirst().joined(separator: " "))
    }

    /// sameSpelling: two words that are one word spelt the British or the American way
    /// (colour/color, centre/center, realise/realize, analyse/analyze, travelled/traveled).
    public static func sameSpelling(_ first: String, _ second: String) -> Bool {
        first == second || americanSpelling(first) == americanSpelling(second)
            || EnglishSpellings.shared.american(first) == EnglishSpellings.shared.american(second)
    }

    /// americanSpelling: the usual British endings and doublings written the American way.
    package static func americanSpelling(_ word: String) -> String {
        var result = word
        for (british, american) in [("our", "or"), ("tre", "ter"), ("ise", "ize"), ("yse", "yze"), ("ogue", "og"), ("ence", "ense")]
        where result.hasSuffix(british) {
            result = String(result.dropLast(british.count)) + american
        }
        for (british, american) in [("ours", "ors"), ("tres", "ters"), ("ised", "ized"), ("ising", "izing"), ("lled", "led"),
                                    ("lling", "ling"), ("ae", "e"), ("oe", "e")] where result.contains(british) {
            result = result.replacingOccurrences(of: british, with: american)
        }
        return result
    }

    /// apostrophes: dropped rather than read as a space, so "don't" does not become "don t".
    private static let apostrophes: Set<Character> = ["'", "’", "‘", "`", "´"]

    /// Variant: one accepted spelling of a meaning: its normalised form and the deck's text for
    /// it (what "almost — …" shows).
    public struct Variant: Hashable, Sendable {
        /// normalized: what typed text is compared with.
        public let normalized: String
        /// meaning: the deck's words for this meaning, as shown to the learner.
        public let meaning: String
    }

    /// variants: every accepted spelling of the deck meanings: each meaning listed with `;` or
    /// `,` (outside parentheses), with and without a parenthesised qualifier ("hot (weather)"
    /// accepts "hot weather" and "hot").
    public static func variants(of meanings: [String]) -> [Variant] {
        var result: [Variant] = []
        var seen = Set<String>()
        for entry in meanings {
            // The whole entry too: after a miss the learner may copy "to listen; to ask" as shown.
            let whole = normalized(entry)
            if !whole.isEmpty && seen.insert(whole).inserted {
                result.append(Variant(normalized: whole, meaning: entry.trimmingSpaces()))
            }
            for meaning in parts(of: entry) {
                for spelling in [meaning, withoutQualifiers(meaning), restated(meaning)].compactMap({ $0 }) {
                    let normal = normalized(spelling)
                    // "fifth day of the month" is also just "the fifth" (5th); "nine o'clock" is 9:00.
                    for form in [normal, withoutPossessive(normal), EnglishNumber.dayOfMonth(normal), EnglishNumber.hour(normal)].compactMap({ $0 })
                    where !form.isEmpty && seen.insert(form).inserted {
                        result.append(Variant(normalized: form, meaning: meaning))
                    }
                }
            }
        }
        return result
    }

    /// parts: the meanings `entry` lists, split on `;` and `,` outside parentheses and trimmed
    /// ("high; expensive" → high, expensive; "to hang (a coat, a picture)" stays whole).
    public static func parts(of entry: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in entry {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case ";", ",":
                if depth == 0 {
                    parts.append(current)
                    current = ""
                    continue
                }
            default: break
            }
            current.append(character)
        }
        parts.append(current)
        return parts.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// restated: the parenthesised part of `text` when it says the meaning again in full words
    /// ("not (there is not)" → "there is not"): it holds every word of the rest. A qualifier
    /// that narrows the meaning ("hot (weather)", "right (side)") is no meaning alone: nil.
    package static func restated(_ text: String) -> String? {
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let inside = String(text[text.index(after: open)..<close])
        let rest = Set(normalized(withoutQualifiers(text)).split(separator: " "))
        guard !rest.isEmpty, !inside.contains("("), rest.isSubset(of: Set(normalized(inside).split(separator: " "))) else { return nil }
        return inside
    }

    /// withoutQualifiers: `text` with its parenthesised parts removed ("hot (weather)" → "hot").
    package static func withoutQualifiers(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text {
            switch character {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            default: if depth == 0 { result.append(character) }
            }
        }
        return result
    }
}
