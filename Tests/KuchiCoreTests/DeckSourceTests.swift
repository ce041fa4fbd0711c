import Foundation
import Testing
@testable import KuchiDeck

/// DeckSourceTests: a deck source answers from the deck cache's word table what the decoded deck
/// answers — the outline, every category and level choice, the first words of a choice — without
/// decoding; a cache that no longer stands for the file (changed, missing) falls back to
/// decoding with the same answers; the words decoded later are the version the table described.
@Suite("Deck source: outlined at start, decoded on first use")
struct DeckSourceTests {
    typealias Copy = BundledDeckCopy

    /// choices: category and level choices, some leaving too few words, some naming nothing.
    static let choices: [([String], [Int])] = [([], []), ([], [5]), ([], [4]), ([], [1]), (["Food & drink"], []), (["Food & drink"], [4]),
                                               (["Food & drink", "Greetings & phrases"], [5, 4]), (["No such category"], []),
                                               (["Greetings & phrases"], [1])]

    /// same: the same title, words per category and per level (a narrowed outline lists its
    /// categories in the whole deck's order, a narrowed deck in its kept words' order).
    static func same(_ one: DeckOutline?, _ other: DeckOutline?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        return one.title == other.title && one.count == other.count && one.levels.map(\.level) == other.levels.map(\.level)
            && one.levels.map(\.count) == other.levels.map(\.count)
            && Dictionary(uniqueKeysWithValues: one.categories.map { ($0.name, $0.count) })
                == Dictionary(uniqueKeysWithValues: other.categories.map { ($0.name, $0.count) })
    }

    @Test("the outline read from the word table is the decoded deck's, for the whole deck and every choice; nothing is decoded")
    func outlineFromTable() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let source = copy.source()
        let outline = try source.outline()
        #expect(outline == copy.deck.outline)
        #expect(outline.count == copy.deck.challenges.count && outline.heading == copy.deck.heading)
        #expect(outline.categories.map(\.name) == copy.deck.categories.map(\.name))
        #expect(outline.categories.map(\.count) == copy.deck.categories.map(\.count))
        #expect(outline.levels.map(\.level) == copy.deck.levels.map(\.level) && outline.levels.map(\.count) == copy.deck.levels.map(\.count))
        for (categories, levels) in Self.choices {
            let byCategory = copy.deck.selecting(categories: categories)
            #expect(Self.same(outline.selecting(categories: categories), byCategory?.outline), "\(categories)")
            #expect(Self.same(outline.selecting(categories: categories)?.selecting(levels: levels), byCategory?.selecting(levels: levels)?.outline),
                    "\(categories) \(levels)")
            #expect(outline.unknownCategories(categories) == copy.deck.unknownCategories(categories))
            #expect(outline.unknownLevels(levels) == copy.deck.unknownLevels(levels))
        }
        #expect(source.wordTable != nil)
        #expect(!source.isDecoded, "answered from the table alone")
    }

    @Test("the bundled deck's outline has its title renamed as Deck.bundled renames it")
    func bundledTitle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-deck-source-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = DeckCache(dataDirectory: folder, clock: { Date(timeIntervalSinceNow: 10) })
        let deck = try Deck.bundled(cache: cache)
        let source = DeckSource.bundled(cache: cache)
        #expect(try source.outline() == deck.outline)
        #expect(try source.outline().title == Deck.bundledTitle && !source.isDecoded)
        #expect(try source.deck().title == Deck.bundledTitle && source.isDecoded)
    }

    @Test("a choice's first words read alone from the cache are the decoded deck's first words of that choice")
    func firstWords() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let source = copy.source()
        let decoded = DeckSource(copy.deck)
        for (categories, levels) in Self.choices where (copy.deck.selecting(categories: categories)?.selecting(levels: levels)) != nil {
            let alone = try source.firstWords(categories: categories, levels: levels, count: Deck.minimumEntries)
            let selected = try #require(copy.deck.selecting(categories: categories)?.selecting(levels: levels))
            #expect(alone.challenges == Array(selected.challenges.prefix(Deck.minimumEntries)), "\(categories) \(levels)")
            #expect(alone.title == copy.deck.title && alone.attribution == copy.deck.attribution)
            let fromDeck = try decoded.firstWords(categories: categories, levels: levels, count: Deck.minimumEntries)
            #expect(fromDeck.challenges == alone.challenges)
        }
        #expect(!source.isDecoded, "the first words were read alone")
        #expect(try source.deck().challenges == copy.deck.challenges)
    }

    @Test("a deck file changed since it was cached, or never cached, is decoded at once: the same outline")
    func staleOrMissingCache() throws {
        let copy = try Copy(cached: false)
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let missing = copy.source()
        #expect(try missing.outline() == copy.deck.outline)
        #expect(missing.isDecoded && missing.wordTable == nil, "no cache yet: decoded (and cached)")
        let cached = copy.source()
        #expect(try cached.outline() == copy.deck.outline && !cached.isDecoded, "the next start reads the table")
        try Data(contentsOf: copy.url).write(to: copy.url)
        let stale = copy.source()
        #expect(try stale.outline() == copy.deck.outline)
        #expect(stale.isDecoded && stale.wordTable == nil, "the file changed: its cache no longer stands for it")
    }

    @Test("the words decoded are the version the table described, even if the cache file is replaced in between")
    func heldCacheFile() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let source = copy.source()
        let outline = try source.outline()
        // Another start replaces the cache file (as a rename over it does) with nothing usable.
        let cacheFile = copy.cache.fileURL(forDeckAt: copy.url.path)
        let other = copy.folder.appendingPathComponent("other.deck")
        try Data("not a cache".utf8).write(to: other)
        #expect(rename(other.path, cacheFile.path) == 0)
        #expect(try source.deck().challenges == copy.deck.challenges)
        #expect(try source.outline() == outline && source.wordTable != nil)
    }

    @Test("a deck that cannot be read throws Deck.load's error from the outline, and the bundled deck missing says so")
    func unreadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-deck-source-\(UUID().uuidString)")
        let source = DeckSource(file: folder.appendingPathComponent("nothing.json"), cache: DeckCache(dataDirectory: folder))
        var message = ""
        do throws(DeckError) {
            _ = try Deck.load(from: folder.appendingPathComponent("nothing.json"))
        } catch {
            message = error.description
        }
        do throws(DeckError) {
            _ = try source.outline()
            Issue.record("a missing file has no outline")
        } catch {
            #expect(error.description == message && !message.isEmpty)
        }
        #expect(source.failure?.description == message)
    }
}
