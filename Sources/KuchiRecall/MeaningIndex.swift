/// MeaningIndex: which words of a deck each English meaning belongs to, built once per deck.
///
/// When a learner types a meaning that is not the asked word's, the quiz tells them whose it is
/// ("that's the meaning of 店 — try again") instead of counting it wrong. A dictionary from the
/// normalised meaning makes that one hash lookup per answer, even for a 10,000-word deck.
import KuchiDeck

public struct MeaningIndex: Sendable {
    /// Word: a deck word as the index needs it: its written form and every accepted meaning
    /// (the deck's `answer`, which may hold "; "-separated meanings, and its `also` list).
    public struct Word: Hashable, Sendable {
        /// question: the word as written (kanji where usual), what the message names.
        public let question: String
        /// meanings: the accepted English meanings.
        public let meanings: [String]

        /// init: a word written `question` that accepts `meanings`.
        public init(question: String, meanings: [String]) {
            self.question = question
            self.meanings = meanings
        }
    }

    /// questionsByMeaning: normalised meaning → the words that accept it, in deck order.
    private var questionsByMeaning: [String: [String]] = [:]

    /// init: indexes `words` (every spelling `EnglishMeaning.variants` accepts).
    public init(words: [Word]) {
        for word in words {
            for variant in EnglishMeaning.variants(of: word.meanings) {
                var questions = questionsByMeaning[variant.normalized, default: []]
                if !questions.contains(word.question) {
                    questions.append(word.question)
                    questionsByMeaning[variant.normalized] = questions
                }
            }
        }
    }

    /// init(challenges:also:): indexes deck words; `also` gives a word's other accepted meanings.
    public init(challenges: [Challenge], also: (Challenge) -> [String] = { _ in [] }) {
        self.init(words: challenges.map { Word(question: $0.question, meanings: [$0.answer] + also($0)) })
    }

    /// questions: the words whose accepted meanings include `normalized` (already normalised).
    public func questions(forNormalized normalized: String) -> [String] {
        questionsByMeaning[normalized] ?? []
    }

    /// isEmpty: nothing indexed.
    public var isEmpty: Bool { questionsByMeaning.isEmpty }
}
