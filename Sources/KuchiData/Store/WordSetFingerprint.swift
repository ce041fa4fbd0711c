import KuchiDeck

/// WordSetFingerprint: a set of words (question and reading, byte for byte) as one number, the
/// same whichever order they come in — what a deck opening matched the card rows against
/// (`CardTally`), compared by `kuchi due` with its deck cache's word table. A deck is `Deck`
/// at an opening and `DeckWordTable` at `kuchi due`: both are summed here from their bytes, so
/// equal sets give equal fingerprints whatever type carried them.
package struct WordSetFingerprint: Equatable, Sendable {
    /// value: the words' mixed hashes, summed (wrapping).
    package private(set) var value: UInt64 = 0
    /// count: how many words were added.
    package private(set) var count = 0

    /// init: the empty set.
    package init() {}

    /// init: the words of `deck`, as the deck's challenges write them.
    package init(_ deck: Deck) {
        for challenge in deck.challenges {
            add(question: challenge.question, reading: challenge.reading ?? "")
        }
    }

    /// init: the words `words` of `table`, hashed from the table's own bytes (a `String` made
    /// per word was most of `kuchi due`'s count at 10k words).
    package init(_ table: DeckWordTable, words: [Int]) {
        for word in words {
            value = value &+ table.withBytes(of: word) { DeckWordTable.memberHash(question: $0, reading: $1) }
            count += 1
        }
    }

    /// init: a fingerprint the deck cache stored with its table (`DeckWordTable.allWords`).
    package init(stored: (sum: UInt64, count: Int)) {
        value = stored.sum
        count = stored.count
    }

    /// stored: the value as an INTEGER column holds it (its bits, signed).
    package var stored: Int64 { Int64(bitPattern: value) }

    private mutating func add(question: String, reading: String) {
        var question = question, reading = reading
        value = value &+ question.withUTF8 { question in reading.withUTF8 { DeckWordTable.memberHash(question: question, reading: $0) } }
        count += 1
    }
}
