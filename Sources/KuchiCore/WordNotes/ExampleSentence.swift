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
