/// ColumnInference: which field of an Anki note type is the word, its reading, its romaji and
/// its meaning, told from what the fields hold when the file does not name them.
///
/// Anki's plain-text export names no fields (only `#notetype column:`, `#deck column:`…), and a
/// note type may order them any way: Expression, Meaning, Reading; Expression, Reading,
/// Meaning, Audio; Kana, Kanji, English. Counting fields cannot tell these apart; their content
/// can: the word is in Japanese script, usually with kanji, the reading is kana only, the
/// meaning is Latin script, and a romaji field is the reading spelt in Hepburn. Fields of
/// sounds, pictures and long sentences are left alone.

package enum ColumnInference {
    /// Profile: what one column's non-empty cells hold, as shares of those cells.
    private struct Profile {
        var cells = 0
        var japanese = 0
        var kanji = 0
        var kanaOnly = 0
        var latin = 0
        var characters = 0

        /// share: `count` as a fraction of the cells (0 for an empty column).
        func share(_ count: Int) -> Double { cells == 0 ? 0 : Double(count) / Double(cells) }
        /// averageLength: characters per cell — sentences are long, words short.
        var averageLength: Double { cells == 0 ? 0 : Double(characters) / Double(cells) }
    }

    /// maximumWordLength: a column whose cells average more characters is sentences or notes.
    package static let maximumWordLength = 30.0
    /// sampleSize: the rows looked at per note type; a few hundred tell the roles apart.
    package static let sampleSize = 500

    /// roles: the column index of each field found in `rows` among `columns` (positions into
    /// each row), reading HTML when `html`.
    package static func roles(rows: [[String]], columns: [Int], html: Bool) -> [FieldMapping.Field: Int] {
        var profiles = Dictionary(uniqueKeysWithValues: columns.map { ($0, Profile()) })
        let sample = rows.prefix(sampleSize)
        for row in sample {
            for column in columns where column < row.count {
                let text = TextCleanup.plain(row[column], html: html)
                guard !text.isEmpty else { continue }
                var profile = profiles[column] ?? Profile()
                profile.cells += 1
                profile.characters += text.count
                let letters = text.unicodeScalars.filter { $0.properties.isAlphabetic }
                let japanese = letters.filter(isJapanese).count
                if japanese * 2 > letters.count {
                    profile.japanese += 1
                    if Script.containsKanji(text) { profile.kanji += 1 }
                    if Script.isKana(text) { profile.kanaOnly += 1 }
                } else if letters.contains(where: { $0.isASCII }) {
                    profile.latin += 1
                }
                profiles[column] = profile
            }
        }
        func majority(_ column: Int, _ count: (Profile) -> Int) -> Bool {
            guard let profile = profiles[column] else { return false }
            return profile.share(count(profile)) >= 0.5 && profile.averageLength <= maximumWordLength
        }
        var result: [FieldMapping.Field: Int] = [:]
        let japanese = columns.filter { majority($0, \.japanese) }
        let question = japanese.first { (profiles[$0]?.share(profiles[$0]?.kanji ?? 0) ?? 0) >= 0.3 } ?? japanese.first
        result[.question] = question
        result[.reading] = japanese.first { $0 != question && majority($0, \.kanaOnly) }
        let latin = columns.filter { majority($0, \.latin) }
        let kanaColumn = result[.reading] ?? question
        let romaji = latin.first { column in
            isRomaji(sample.map { column < $0.count ? $0[column] : "" },
                     of: sample.map { row in kanaColumn.map { $0 < row.count ? row[$0] : "" } ?? "" }, html: html)
        }
        result[.pronunciation] = romaji
        result[.answer] = latin.first { $0 != romaji }
        return result
    }

    /// isJapanese: kana, kanji and the prolonged-sound mark.
    private static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F: true
        default: false
        }
    }

    /// isRomaji: whether most cells of a column spell the kana beside them in Hepburn
    /// (compared without macrons, spaces, apostrophes or case).
    private static func isRomaji(_ cells: [String], of kana: [String], html: Bool) -> Bool {
        var compared = 0
        var matched = 0
        for (cell, word) in zip(cells, kana) {
            let text = fold(TextCleanup.plain(cell, html: html))
            let reading = TextCleanup.plain(word, html: html)
            guard !text.isEmpty, let spelt = Hepburn.romaji(Furigana.split(reading)?.reading ?? reading) else { continue }
            compared += 1
            if fold(spelt) == text { matched += 1 }
        }
        return compared > 0 && matched * 2 >= compared
    }

    /// fold: lower case ASCII letters only, long vowels written once ("Kōhī" → "kohi").
    private static func fold(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if let plain = longVowels[scalar] { result.append(plain) } else if ("a"..."z").contains(scalar) { result.append(scalar) }
        }
        return String(result)
    }

    /// longVowels: Hepburn's macron and circumflex vowels, as their plain letter.
    private static let longVowels: [Unicode.Scalar: Unicode.Scalar] = [
        "ā": "a", "ī": "i", "ū": "u", "ē": "e", "ō": "o", "â": "a", "î": "i", "û": "u", "ê": "e", "ô": "o",
    ]
}
