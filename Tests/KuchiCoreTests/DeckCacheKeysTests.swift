import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// DeckCacheKeysTests: `kuchi due` reads a cached deck back with only what counting needs
/// (`DeckCacheFormat.decodeKeys`): the same title, questions, readings, categories and levels
/// as the whole read, and nil wherever the whole read is nil (a damaged or stale file).
@Suite("Deck cache: keys only")
struct DeckCacheKeysTests {
    @Test("the bundled deck's keys are the whole read's, in order")
    func sameKeys() throws {
        let deck = try Deck.bundled()
        let identity = DeckFileIdentity(fields: [1, 2, 3, 4, 5, 6, 7])
        let data = Data(DeckCacheFormat.encode(deck, path: "/decks/a.json", identity: identity))
        let whole = try #require(DeckCacheFormat.decode(data, path: "/decks/a.json", identity: identity))
        let keys = try #require(DeckCacheFormat.decodeKeys(data, path: "/decks/a.json", identity: identity))
        #expect(keys.title == whole.title)
        #expect(keys.challenges.map(\.question) == whole.challenges.map(\.question))
        #expect(keys.challenges.map(\.reading) == whole.challenges.map(\.reading))
        #expect(keys.challenges.map(\.category) == whole.challenges.map(\.category))
        #expect(keys.challenges.map(\.level) == whole.challenges.map(\.level))
        for direction in QuizDirection.allCases {
            #expect(direction.cardKeys(in: keys).keys == direction.cardKeys(in: whole).keys, "\(direction)")
        }
        #expect(keys.challenges.allSatisfy { $0.answer.isEmpty }, "nothing else is made")
    }

    @Test("a damaged byte, another path or another identity: nil, as for the whole read")
    func damaged() throws {
        let deck = try Deck.bundled()
        let identity = DeckFileIdentity(fields: [1, 2, 3, 4, 5, 6, 7])
        var bytes = DeckCacheFormat.encode(deck, path: "/decks/a.json", identity: identity)
        #expect(DeckCacheFormat.decodeKeys(Data(bytes), path: "/decks/b.json", identity: identity) == nil)
        #expect(DeckCacheFormat.decodeKeys(Data(bytes), path: "/decks/a.json", identity: DeckFileIdentity(fields: [1, 2, 3, 4, 5, 6, 8])) == nil)
        for offset in stride(from: bytes.count / 3, to: bytes.count, by: bytes.count / 5) {
            bytes[offset] ^= 0x40
            #expect(DeckCacheFormat.decodeKeys(Data(bytes), path: "/decks/a.json", identity: identity) == nil, "byte \(offset)")
            #expect(DeckCacheFormat.decode(Data(bytes), path: "/decks/a.json", identity: identity) == nil)
            bytes[offset] ^= 0x40
        }
        #expect(DeckCacheFormat.decodeKeys(Data(bytes.dropLast()), path: "/decks/a.json", identity: identity) == nil)
    }
}
