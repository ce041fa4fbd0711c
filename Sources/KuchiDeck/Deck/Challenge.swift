/// Challenge: one vocabulary item of a deck, as the learner meets it.
///
/// `reading` is the kana reading (required by the deck rules when `question` has kanji) and
/// `pronunciation` the Hepburn romaji; the original Kuchi stored a pronunciation but never showed
/// it, so Kuchi for the terminal shows both behind the hint toggle.
public struct Challenge: Hashable, Sendable, Codable {
    /// question: the word as normally written (kanji where usual).
    public var question: String
    /// reading: the kana reading; required when `question` has kanji.
    public var reading: String?
    /// readings: other standard readings of the same word in the same sense (四 よん, also し);
    /// typed answers accept any of them, choices and hints show `reading`.
    public var readings: [String]
    /// pronunciation: modified Hepburn romaji.
    public var pronunciation: String
    /// answer: a short English meaning, unique in its deck.
    public var answer: String
    /// category: where same-category distractors come from.
    public var category: String?
    /// also: other accepted meanings (for typed answers); never shown as choices.
    public var also: [String]
    /// pos: the part of speech, shown in feedback (a learner must see that 帰る is godan).
    public var pos: PartOfSpeech?
    /// level: the JLPT level, 5 (N5) to 1 (N1); words above N5 say so.
    public var level: Int?
    /// confusable: questions of entries that share a meaning with this one; the two are never
    /// drawn as each other's distractor (see `Deck.mayBeDistractor(_:for:)`).
    public var confusable: [String]
    /// contrast: questions of the entry's partners that a learner mixes it up with (開く/開ける,
    /// 貸す/借りる, 兄/弟, 暑い/熱い): typed for this entry, a partner is graded wrong and the
    /// feedback says how the two differ.
    public var contrast: [String]
    /// homographs: other real readings of the written form, each "reading: meaning" (辛い:
    /// "つらい: painful"); in the reading direction they are an ungraded try-again.
    public var homographs: [String]
    /// written: other standard ways to write the word (多分 for たぶん, じゃ for では), accepted
    /// when typed in English → Japanese; never shown.
    public var written: [String]

    /// init: an entry; only the question, pronunciation and answer are required.
    public init(question: String, reading: String? = nil, pronunciation: String, answer: String, category: String? = nil,
                also: [String] = [], pos: PartOfSpeech? = nil, level: Int? = nil, confusable: [String] = [],
                readings: [String] = [], contrast: [String] = [], homographs: [String] = [], written: [String] = []) {
        self.question = question
        self.reading = reading
        self.readings = readings
        self.pronunciation = pronunciation
        self.answer = answer
        self.category = category
        self.also = also
        self.pos = pos
        self.level = level
        self.confusable = confusable
        self.contrast = contrast
        self.homographs = homographs
        self.written = written
    }

    /// homograph: a `homographs` item split into its reading and meaning, nil when it is not
    /// "kana: meaning".
    public static func homograph(_ item: String) -> (reading: String, meaning: String)? {
        guard let colon = item.firstIndex(of: ":") else { return nil }
        let reading = item[..<colon].trimmingSpaces()
        let meaning = item[item.index(after: colon)...].trimmingSpaces()
        guard !reading.isEmpty, !meaning.isEmpty, Script.isKana(reading) else { return nil }
        return (reading, meaning)
    }

    private enum CodingKeys: String, CodingKey {
        case question, reading, readings, pronunciation, answer, category, also, pos, level, confusable, contrast, homographs, written
    }

    /// init(from:): the newer fields are optional, so challenges saved before they existed still decode.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        question = try container.decode(String.self, forKey: .question)
        reading = try container.decodeIfPresent(String.self, forKey: .reading)
        readings = try container.decodeIfPresent([String].self, forKey: .readings) ?? []
        pronunciation = try container.decode(String.self, forKey: .pronunciation)
        answer = try container.decode(String.self, forKey: .answer)
        category = try container.decodeIfPresent(String.self, forKey: .category)
        also = try container.decodeIfPresent([String].self, forKey: .also) ?? []
        pos = try container.decodeIfPresent(PartOfSpeech.self, forKey: .pos)
        level = try container.decodeIfPresent(Int.self, forKey: .level)
        confusable = try container.decodeIfPresent([String].self, forKey: .confusable) ?? []
        contrast = try container.decodeIfPresent([String].self, forKey: .contrast) ?? []
        homographs = try container.decodeIfPresent([String].self, forKey: .homographs) ?? []
        written = try container.decodeIfPresent([String].self, forKey: .written) ?? []
    }
}

/// ChallengeTest: a challenge with the answer choices shown for it (the right one among them),
/// and the direction it is asked in.
public struct ChallengeTest: Hashable, Sendable {
    /// challenge: the word being asked.
    public let challenge: Challenge
    /// answers: the shuffled choices, the right one among them: meanings (Japanese → English),
    /// written forms (English → Japanese) or readings (reading).
    public let answers: [String]
    /// direction: which way the word is asked.
    public let direction: StudyDirection
    /// readings: each choice's reading when the choices are Japanese words (shown under the
    /// kanji with the hint); nil where a choice has none.
    public let readings: [String?]

    /// init: a test of `challenge` with its choices, asked in `direction` (Kuchi's by default).
    public init(challenge: Challenge, answers: [String], direction: StudyDirection = .japaneseToEnglish, readings: [String?] = []) {
        self.challenge = challenge
        self.answers = answers
        self.direction = direction
        self.readings = readings
    }

    /// rightAnswer: the choice that is right in this direction.
    public var rightAnswer: String {
        direction.choice(for: challenge)
    }

    /// isCorrect: whether `answer` is this challenge's answer in its direction.
    public func isCorrect(_ answer: String) -> Bool {
        answer == rightAnswer
    }

    /// correctIndex: where the right answer sits among the choices.
    public var correctIndex: Int? {
        answers.firstIndex(of: rightAnswer)
    }

    /// reading: the reading shown under choice `index`, if it has one that differs from it.
    public func reading(at index: Int) -> String? {
        guard readings.indices.contains(index), answers.indices.contains(index), let reading = readings[index],
              reading != answers[index] else { return nil }
        return reading
    }
}
