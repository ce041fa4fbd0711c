import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiData

/// DeckWordTableTests: the word table kept in the deck cache (`DeckWordTable`, what `kuchi due`
/// counts by) holds what the whole deck says — every word found by its bytes, its category,
/// level and kanji — and a selection over it (`WordSelection`) asks exactly the cards the whole
/// deck's path asks (`Deck.selecting`, `excluding`, `QuizDirection.cardKeys`); a damaged,
/// stale or older cache file gives no table and is rebuilt by the next whole read.
@Suite("Deck cache: the word table")
struct DeckWordTableTests {
    let identity = DeckFileIdentity(fields: [1, 2, 3, 4, 5, 6, 7])

    func makeTable(_ deck: Deck, path: String = "/decks/a.json") -> DeckWordTable? {
        let bytes = DeckCacheFormat.encode(deck, path: path, identity: identity)
        return bytes.withUnsafeBytes { DeckCacheFormat.wordTable($0, path: path, identity: identity) }
    }

    @Test("every word of the bundled deck is found by its bytes, with its category, level and kanji")
    func words() throws {
        let deck = try Deck.bundled()
        let table = try #require(makeTable(deck))
        #expect(table.title == deck.title && table.count == deck.challenges.count)
        for (position, word) in deck.challenges.enumerated() {
            #expect(table.word(question: word.question, reading: word.reading ?? "") == position, "\(word.question)")
            #expect(table.categories[table.category(position)] == word.category ?? "Uncategorised")
            #expect(table.level(position) == word.level)
            #expect(table.hasKanji(position) == Script.containsKanji(word.question))
            #expect(table.question(position) == word.question && table.reading(position) == word.reading ?? "")
        }
        #expect(table.word(question: "廃語", reading: "はいご") == nil)
        let first = try #require(deck.challenges.first { !($0.reading ?? "").isEmpty })
        let reading = try #require(first.reading)
        #expect(table.word(question: first.question, reading: reading + "x") == nil, "the reading counts")
        #expect(table.word(question: first.question + reading, reading: "") == nil, "the fields do not run together")
    }

    @Test("the fingerprints stored with the table are those of its words and of its kanji words, as a deck opening sums them")
    func storedFingerprints() throws {
        let deck = try Deck.bundled()
        let table = try #require(makeTable(deck))
        let all = Array(0..<table.count), kanji = all.filter { table.hasKanji($0) }
        #expect(WordSetFingerprint(stored: table.allWords) == WordSetFingerprint(table, words: all))
        #expect(WordSetFingerprint(stored: table.allWords) == WordSetFingerprint(deck), "what deckOpened records for the whole deck")
        #expect(WordSetFingerprint(stored: table.kanjiWords) == WordSetFingerprint(table, words: kanji))
        let written = Deck(title: deck.title, attribution: deck.attribution, challenges: deck.challenges.filter { Script.containsKanji($0.question) })
        #expect(WordSetFingerprint(stored: table.kanjiWords) == WordSetFingerprint(written))
        #expect(table.kanjiWords.count == kanji.count && kanji.count > 0 && kanji.count < all.count)
        // Another deck's words give another fingerprint.
        let other = Deck(title: deck.title, attribution: deck.attribution, challenges: Array(deck.challenges.dropLast()))
        #expect(try #require(makeTable(other)).allWords.sum != table.allWords.sum)
    }

    /// keys: the cards `selection` asks, as card keys.
    func keys(_ selection: [UInt8], _ table: DeckWordTable) -> Set<CardKey> {
        var keys: Set<CardKey> = []
        for word in selection.indices {
            for direction in StudyDirection.allCases where selection[word] & CardKeys.bit(of: direction) != 0 {
                keys.insert(CardKey(question: table.question(word), reading: table.reading(word), direction: direction))
            }
        }
        return keys
    }

    @Test("a selection over the table asks the cards the whole deck's path asks",
          arguments: [([], []), (["Food & drink", "Greetings & phrases"], []), ([], [4]), (["Food & drink"], [5]),
                      (["No such category"], []), ([], [1]), (["Food & drink"], [1])] as [([String], [Int])])
    func sameCards(categories: [String], levels: [Int]) throws {
        let deck = try Deck.bundled()
        let table = try #require(makeTable(deck))
        let suspendedWords = [deck.challenges[2], deck.challenges[40]]
        let suspended = Set(suspendedWords.map { SuspendedWord(question: $0.question, reading: $0.reading ?? "") }
                            + [SuspendedWord(question: "廃語", reading: "はいご")])
        let byCategory = deck.selecting(categories: categories) ?? deck
        let words = (byCategory.selecting(levels: levels) ?? byCategory).excluding(suspended)
        for direction in QuizDirection.allCases {
            var canonical = CanonicalWords()
            let selection = WordSelection(table: table, categories: categories, levels: levels, direction: direction,
                                          suspended: suspended, words: &canonical)
            let expected = direction.cardKeys(in: words)
            #expect(keys(selection.chosen, table) == Set(expected.keys), "\(direction) \(categories) \(levels)")
            #expect(selection.count == expected.count)
            if direction == .mixed {
                #expect(selection.others == nil)
            } else {
                let others = try #require(selection.others)
                #expect(keys(others, table) == Set(QuizDirection.mixed.cardKeys(in: words).keys))
            }
        }
    }

    @Test("reading practice over words without kanji asks each Japanese → English, as the deck's path does")
    func readingWithoutKanji() throws {
        let deck = Deck(title: "Kana", attribution: nil, challenges: ["ねこ", "いぬ", "とり", "さかな"].enumerated().map {
            Challenge(question: $0.element, reading: nil, pronunciation: $0.element, answer: "word \($0.offset)")
        })
        let table = try #require(makeTable(deck))
        var canonical = CanonicalWords()
        let selection = WordSelection(table: table, categories: [], levels: [], direction: .reading, suspended: [], words: &canonical)
        #expect(keys(selection.chosen, table) == Set(QuizDirection.reading.cardKeys(in: deck).keys))
        #expect(selection.chosen.allSatisfy { $0 == CardKeys.bit(of: .japaneseToEnglish) })
    }

    @Test("a word in another Unicode form is found as Swift compares it (canonical equivalence)")
    func canonicalForm() throws {
        // が as one code point in the deck, as か + the combining mark in a row.
        let deck = Deck(title: "Forms", attribution: nil, challenges: ["がっこう", "ねこ", "いぬ"].enumerated().map {
            Challenge(question: $0.element, reading: nil, pronunciation: $0.element, answer: "word \($0.offset)")
        })
        let table = try #require(makeTable(deck))
        let decomposed = "\u{304B}\u{3099}っこう"
        #expect(decomposed == "がっこう" && Array(decomposed.utf8) != Array("がっこう".utf8))
        #expect(table.word(question: decomposed, reading: "") == nil, "not byte for byte")
        var canonical = CanonicalWords()
        #expect(canonical.word(question: decomposed, reading: "", in: table) == 0)
        #expect(canonical.word(question: "とり", reading: "", in: table) == nil)
    }

    @Test("two words with the same question and reading: no table (such a deck is counted the whole way)")
    func duplicates() {
        let deck = Deck(title: "Twice", attribution: nil, challenges: ["ねこ", "いぬ", "ねこ"].enumerated().map {
            Challenge(question: $0.element, reading: nil, pronunciation: $0.element, answer: "word \($0.offset)")
        })
        #expect(DeckWordTable.encode(deck) == nil)
        #expect(makeTable(deck) == nil)
        let bytes = DeckCacheFormat.encode(deck, path: "/decks/a.json", identity: identity)
        #expect(DeckCacheFormat.decode(Data(bytes), path: "/decks/a.json", identity: identity)?.challenges.count == 3, "the deck is still cached")
    }

    @Test("a table whose every slot is taken (bytes no encoder writes) answers a miss, never loops")
    func fullSlots() throws {
        let deck = Deck(title: "Full", attribution: nil, challenges: ["ねこ", "いぬ", "とり"].enumerated().map {
            Challenge(question: $0.element, reading: nil, pronunciation: $0.element, answer: "word \($0.offset)", category: "Animals")
        })
        var bytes = try #require(DeckWordTable.encode(deck))
        // title, word count, one category name, three records, then the slot count and the slots.
        let slots = 8 + 4 + 8 + 8 + 8 + 7 + 3 * 16 + 8
        for slot in 0..<16 { bytes.replaceSubrange(slots + slot * 4..<slots + slot * 4 + 4, with: [1, 0, 0, 0]) }
        let table = try #require(DeckWordTable(bytes: bytes))
        #expect(table.word(question: "ねこ", reading: "") == 0)
        #expect(table.word(question: "さかな", reading: "") == nil)
    }

    @Test("a damaged byte, another path or identity, a cut file: no table, and no deck")
    func damaged() throws {
        let deck = try Deck.bundled()
        var bytes = DeckCacheFormat.encode(deck, path: "/decks/a.json", identity: identity)
        func table(_ bytes: [UInt8], path: String = "/decks/a.json", identity: DeckFileIdentity? = nil) -> DeckWordTable? {
            bytes.withUnsafeBytes { DeckCacheFormat.wordTable($0, path: path, identity: identity ?? self.identity) }
        }
        #expect(table(bytes) != nil)
        #expect(table(bytes, path: "/decks/b.json") == nil)
        #expect(table(bytes, identity: DeckFileIdentity(fields: [1, 2, 3, 4, 5, 6, 8])) == nil)
        let end = try #require(bytes.withUnsafeBytes(DeckCacheFormat.tableRange)?.upperBound)
        #expect(table(Array(bytes[..<end])) != nil, "the file's start up to the table's end is enough")
        #expect(table(Array(bytes[..<(end - 1)])) == nil)
        for offset in stride(from: 200, to: end, by: end / 7) {
            bytes[offset] ^= 0x40
            #expect(table(bytes) == nil, "byte \(offset)")
            bytes[offset] ^= 0x40
        }
        bytes[bytes.count - 5] ^= 0x40
        #expect(table(bytes) != nil, "the table does not depend on the deck's bytes after it")
        #expect(DeckCacheFormat.decode(Data(bytes), path: "/decks/a.json", identity: identity) == nil)
    }

    @Test("a cache file of the previous format is refused, and the next whole read rewrites it with a table")
    func olderFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-word-table-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = try #require(BundledDeckLocation.url())
        let url = folder.appendingPathComponent("deck.json")
        try FileManager.default.copyItem(at: source, to: url)
        // A clock ahead of the file's change time, so the cache keeps it (a file changed a
        // moment ago is not cached).
        let cache = DeckCache(dataDirectory: folder, clock: { Date(timeIntervalSinceNow: 10) })
        let whole = try Deck.load(from: url, cache: cache)
        let file = cache.fileURL(forDeckAt: url.path)
        #expect(cache.wordTable(at: url.path)?.count == whole.challenges.count)
        // The same file as version 2 wrote it: no table between the header and the deck.
        var old = try Array(Data(contentsOf: file))
        old.replaceSubrange(0..<8, with: Array("KUCHIDC2".utf8))
        try Data(old).write(to: file)
        #expect(cache.wordTable(at: url.path) == nil)
        let identity = try #require(DeckFileIdentity(path: url.path))
        #expect(cache.deck(at: url.path, identity: identity) == nil)
        _ = try Deck.load(from: url, cache: cache)
        #expect(try Array(Data(contentsOf: file)).prefix(8).elementsEqual(DeckCacheFormat.magic))
        #expect(cache.wordTable(at: url.path)?.count == whole.challenges.count)
        let again = try #require(cache.deck(at: url.path, identity: identity), "the deck is read back, its table stepped over")
        #expect(again.challenges.map(\.question) == whole.challenges.map(\.question))
        #expect(again.challenges.map(\.answer) == whole.challenges.map(\.answer) && again.title == whole.title)
        // A touched deck file: its identity changed, so the table is not trusted.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -30)], ofItemAtPath: url.path)
        #expect(cache.wordTable(at: url.path) == nil)
    }
}
