/// ExampleSentence: a short Japanese sentence using a word, with its English translation and
/// its Tatoeba sentence id (for attribution: tatoeba.org/sentences/show/ID; CC BY 2.0 FR).
public struct ExampleSentence: Hashable, Sendable, Codable {
    /// ja: the Japanese sentence.
    public let ja: String
    /// en: an English translation linked to it on Tatoeba.
    public let en: String
    /// id: the Japanese sentence's Tatoeba id.
    public let id: Int

    /// init: a sentence and its translation.
    public init(ja: String, en: String, id: Int) {
        self.ja = ja
        self.en = en
        self.id = id
    }
}

/// WordNotesJSON: the notes of one entry as JSON shows them — `accent` (the mora after which
/// the pitch falls, 0 for flat; null when unknown) and `sentences` (`[{"ja", "en", "id"}]`) —
/// for any command that prints an entry as JSON (`kuchi word --json`) to encode beside it.
public struct WordNotesJSON: Encodable, Equatable, Sendable {
    public let accent: Int?
    public let sentences: [ExampleSentence]

    /// init: the notes of `challenge` (from the bundled notes; none for an unknown word).
    public init(_ challenge: Challenge) {
        accent = challenge.accent?.accent
        sentences = challenge.sentences
    }

    /// encode: `accent` is written as null when unknown (a key that is always there).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accent, forKey: .accent)
        try container.encode(sentences, forKey: .sentences)
    }

    private enum CodingKeys: String, CodingKey {
        case accent, sentences
    }
}
