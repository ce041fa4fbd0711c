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
    /// listening: the word is said, not shown; the learner gives its English meaning (issue 31).
    /// Last, so the earlier directions keep their index in the card keys.
    case listening = "listen"
}

extension StudyDirection {
    /// choice: what a choice (or the expected answer) is for `challenge` in this direction —
    /// its meaning, its written form, or its reading.
    public func choice(for challenge: Challenge) -> String {
        switch self {
        case .japaneseToEnglish, .listening: challenge.answer
        case .englishToJapanese: challenge.question
        case .reading: challenge.reading ?? challenge.question
        }
    }
}
