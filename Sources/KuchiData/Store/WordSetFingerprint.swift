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
            value = value &+ table.withBytes(of: word) { Self.hash(question: $0, reading: $1) }
            count += 1
        }
    }

    /// stored: the value as an INTEGER column holds it (its bits, signed).
    package var stored: Int64 { Int64(bitPattern: value) }

    private mutating func add(question: String, reading: String) {
        var question = question, reading = reading
        value = value &+ question.withUTF8 { question in reading.withUTF8 { Self.hash(question: question, reading: $0) } }
        count += 1
    }

    /// hash: FNV-1a of the question, a byte no UTF-8 text has and the reading, then
    /// SplitMix64's finaliser, so that sums of neighbouring words do not cancel.
    private static func hash(question: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in question { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = (value ^ 0xFF) &* 0x100_0000_01b3
        for byte in reading { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 31)
    }
}
