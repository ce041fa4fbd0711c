/// QuizDirection: the Settings choice of which way words are asked — one `StudyDirection`, or
/// mixed (each word asked in one of the directions that apply to it).
///
/// The raw values are what `--direction` takes and what the profile file stores.

public enum QuizDirection: String, Sendable, Codable, CaseIterable {
    /// japaneseToEnglish: the Japanese word is shown; the learner gives its meaning (Kuchi's quiz).
    case japaneseToEnglish = "jp-en"
    /// englishToJapanese: the meaning is shown; the learner gives the Japanese word.
    case englishToJapanese = "en-jp"
    /// reading: a word written with kanji is shown; the learner gives its reading.
    case reading = "reading"
    /// listen: the word is said (Open JTalk), not shown; the learner gives its meaning.
    case listen = "listen"
    /// mixed: every direction, picked per word among those that apply.
    case mixed = "mixed"

    /// title: how Settings names the choice.
    public var title: String {
        switch self {
        case .japaneseToEnglish: "Japanese → English"
        case .englishToJapanese: "English → Japanese"
        case .reading: "Reading (kanji → kana)"
        case .listen: "Listening (hear → meaning)"
        case .mixed: "Mixed"
        }
    }

    /// studyDirections: the card directions this choice asks, in a fixed order.
    public var studyDirections: [StudyDirection] {
        switch self {
        case .japaneseToEnglish: [.japaneseToEnglish]
        case .englishToJapanese: [.englishToJapanese]
        case .reading: [.reading]
        case .listen: [.listening]
        // Listening needs audio, so mixed asks the three that are read.
        case .mixed: [.japaneseToEnglish, .englishToJapanese, .reading]
        }
    }

    /// directions: the directions `challenge` may be asked in under this choice. Reading is
    /// only for words written with kanji (a kana word's reading is the word itself).
    public func directions(for challenge: Challenge) -> [StudyDirection] {
        directions(forQuestion: challenge.question)
    }

    /// directions(forQuestion:): the same, from the word as written alone.
    package func directions(forQuestion question: String) -> [StudyDirection] {
        studyDirections.filter { $0 != .reading || Script.containsKanji(question) }
    }

    /// askable: the deck positions this choice can ask, and in which directions; when the
    /// choice fits no word (reading practice on a deck without kanji), every word is asked
    /// Japanese → English rather than showing an empty quiz.
    public func askable(in deck: Deck) -> [(position: Int, directions: [StudyDirection])] {
        // One shared array for every word when the choice has no reading direction to filter
        // (no array made per word: Welcome's count runs this over the whole deck).
        let all = studyDirections
        let filters = all.contains(.reading)
        guard filters else { return deck.challenges.indices.map { ($0, all) } }
        let askable = deck.challenges.indices.compactMap { position -> (position: Int, directions: [StudyDirection])? in
            let directions = directions(forQuestion: deck.challenges[position].question)
            return directions.isEmpty ? nil : (position, directions)
        }
        return askable.isEmpty ? deck.challenges.indices.map { ($0, [StudyDirection.japaneseToEnglish]) } : askable
    }
}

/// AnswerKind: how the learner answers — by choosing one of three, or by typing.
public enum AnswerKind: String, Sendable, Codable, CaseIterable {
    /// choose: three choices, as in Kuchi (recognition).
    case choose
    /// type: the answer is typed (recall); romaji becomes kana for Japanese answers.
    case type

    /// title: how Settings names the choice.
    public var title: String {
        switch self {
        case .choose: "Choose from three"
        case .type: "Type the answer"
        }
    }
}
