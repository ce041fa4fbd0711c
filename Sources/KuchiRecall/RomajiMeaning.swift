/// RomajiMeaning: whether an English answer is only the word's own romaji, as the hint shows it.
///
/// The hint shows the reading and the romaji; typing the romaji back ("osake" for お酒, "namae"
/// for 名前) proves nothing about the meaning, and "osake" is one edit from the accepted "sake".
/// Where the English word really is the romaji (寿司 "sushi"), it is an accepted meaning, which
/// the judge checks first, and `hidesRomaji` tells the hint to show the reading only.
import KuchiDeck

public enum RomajiMeaning {
    /// spells: whether `normalized` (an `EnglishMeaning.normalized` answer) spells `romaji`,
    /// long vowels, apostrophes and spaces aside (osake, namae, kanji, gakkou = gakkō).
    public static func spells(_ normalized: String, romaji: String) -> Bool {
        let typed = key(normalized)
        return !typed.isEmpty && typed == key(EnglishMeaning.normalized(romaji))
    }

    /// hidesRomaji: whether the romaji would hand over an accepted meaning of `challenge`: one
    /// of them spells it, or is within the typo tolerance of it (カメラ *kamera* ≈ "camera").
    public static func hidesRomaji(_ challenge: Challenge) -> Bool {
        let romaji = Array(key(EnglishMeaning.normalized(challenge.pronunciation)))
        guard !romaji.isEmpty else { return false }
        return EnglishMeaning.variants(of: [challenge.answer] + challenge.also).contains { variant in
            let meaning = Array(key(variant.normalized))
            return EditDistance.within(romaji, meaning, limit: EditDistance.allowedEdits(forLength: meaning.count)) != nil
        }
    }

    /// key: letters only, each doubled vowel and "ou" read as one vowel (macrons were folded by
    /// normalisation), so the ways of writing a long vowel compare equal.
    package static func key(_ text: String) -> String {
        var result: [Character] = []
        for character in text where character.isLetter {
            if let last = result.last, "aeiou".contains(character), last == character || (last == "o" && character == "u") {
                continue
            }
            result.append(character)
        }
        return String(result)
    }
}
