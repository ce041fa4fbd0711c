import Foundation

/// DeckGenerator: unique, valid entries — kana questions, a quarter with a kanji and a kana
/// reading (so validation runs its kanji/reading rules), unique answers, optional categories.
enum DeckGenerator {
    static let kana: [(String, String)] = [
        ("あ", "a"), ("い", "i"), ("う", "u"), ("え", "e"), ("お", "o"), ("か", "ka"), ("き", "ki"), ("く", "ku"),
        ("け", "ke"), ("こ", "ko"), ("さ", "sa"), ("し", "shi"), ("す", "su"), ("せ", "se"), ("そ", "so"),
        ("た", "ta"), ("ち", "chi"), ("つ", "tsu"), ("て", "te"), ("と", "to"), ("な", "na"), ("に", "ni"),
        ("ぬ", "nu"), ("ね", "ne"), ("の", "no"), ("は", "ha"), ("ひ", "hi"), ("ふ", "fu"), ("へ", "he"),
        ("ほ", "ho"), ("ま", "ma"), ("み", "mi"), ("む", "mu"), ("め", "me"), ("も", "mo"), ("や", "ya"),
        ("ゆ", "yu"), ("よ", "yo"), ("ら", "ra"), ("り", "ri"), ("る", "ru"), ("れ", "re"), ("ろ", "ro"),
        ("わ", "wa"), ("を", "wo"), ("ん", "n"),
    ]
    static let kanji: [(String, String, String)] = [("日", "ひ", "hi"), ("本", "ほん", "hon"), ("水", "みず", "mizu"), ("山", "やま", "yama")]

    /// json: a deck of `entries` entries in the bundled deck's JSON format, titled
    /// "Generated deck of N entries" (the title is the deck's key in the learner database).
    static func json(entries: Int, categories: Int) -> Data {
        var out = "{\"title\": \"Generated deck of \(entries) entries\", \"challenges\": [\n"
        out.reserveCapacity(entries * 120)
        for index in 0..<entries {
            var digits: [(String, String)] = []
            var rest = index
            repeat {
                digits.append(kana[rest % kana.count])
                rest /= kana.count
            } while rest > 0
            while digits.count < 4 { digits.append(kana[0]) }
            let word = digits.map(\.0).joined()
            let romaji = digits.map(\.1).joined()
            var entry: String
            if index % 4 == 3 {
                let (character, reading, sound) = kanji[(index / 4) % kanji.count]
                entry = "{\"question\": \"\(character)\(word)\", \"reading\": \"\(reading)\(word)\", "
                entry += "\"pronunciation\": \"\(sound)\(romaji)\""
            } else {
                entry = "{\"question\": \"\(word)\", \"pronunciation\": \"\(romaji)\""
            }
            entry += ", \"answer\": \"meaning \(index + 1)\""
            if categories > 0 { entry += ", \"category\": \"Category \(index % categories + 1)\"" }
            entry += index == entries - 1 ? "}\n" : "},\n"
            out += entry
        }
        out += "]}\n"
        return Data(out.utf8)
    }
}
