/// StudyDirection: which way a word is asked; each (word, direction) has its own FSRS card.
///
/// The raw values are the `direction` column of `kuchi export cards` and of the database, which
/// people script against: never rename them.
public enum StudyDirection: String, Sendable, Codable, CaseIterable {
    /// japaneseToEnglish: the Japanese word is shown; the learner gives its English meaning.
    case japaneseToEnglish = "jp-en"
    /// englishToJapanese: the English meaning is shown; the learner gives the Japanese word.
    case englishToJapanese = "en-jp"
    /// reading: a word written with kanji is shown; the learner gives its reading in kana.
    case reading = "reading"
}
