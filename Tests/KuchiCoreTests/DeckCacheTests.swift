import Foundation
import KuchiTestSupport
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// DeckCacheTests: a deck file is validated once and read back from the cache while it is
/// unchanged; an edit, a damaged cache or a fresh file means the JSON is read and validated again.
@Suite("Deck cache")
struct DeckCacheTests {
    /// cache: a cache whose clock is a minute ahead, so a file written just now counts as settled.
    private func cache(in folder: TemporaryDirectory) -> DeckCache {
        DeckCache(dataDirectory: folder.path("data"), clock: { Date().addingTimeInterval(60) })
    }

    /// cacheFiles: the cache files written so far.
    private func cacheFiles(_ cache: DeckCache) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: cache.directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "deck" }
    }

    @Test("an unchanged deck file is read back from the cache")
    func unchangedDeckComesFromTheCache() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try DeckJSON.data(DeckJSON.words(5)).write(to: url)
        let cache = cache(in: folder)
        let first = try Deck.load(from: url, cache: cache)
        #expect(cacheFiles(cache).count == 1)
        #expect(try Deck.load(from: url, cache: cache).challenges == first.challenges)
        // What the cache holds for this file's identity is what a start gets, JSON unread.
        let identity = try #require(DeckFileIdentity(path: url.path))
        let other = try Deck.decode(DeckJSON.data(DeckJSON.words(4, prefix: "x"), title: "Cached"))
        cache.store(other, at: url.path, identity: identity)
        let cached = try Deck.load(from: url, cache: cache)
        #expect(cached.title == "Cached")
        #expect(cached.challenges == other.challenges)
        // check-deck's path (no cache) reads the file itself.
        #expect(try Deck.load(from: url).title == "Test deck")
    }

    @Test("every field of an entry survives the cache")
    func everyFieldSurvives() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        var entries = DeckJSON.words(4)
        entries[0]["question"] = "四"
        entries[0]["reading"] = "よん"
        entries[0]["readings"] = ["し"]
        entries[0]["also"] = ["4"]
        entries[0]["pos"] = "noun"
        entries[0]["level"] = 5
        entries[0]["category"] = "Numbers"
        entries[0]["confusable"] = ["w2"]
        try JSONSerialization.data(withJSONObject: ["title": "Fields", "attribution": "CC BY-SA", "challenges": entries]).write(to: url)
        let cache = cache(in: folder)
        let validated = try Deck.load(from: url, cache: cache)
        let cached = try Deck.load(from: url, cache: cache)
        #expect(cached.challenges == validated.challenges)
        #expect(cached.attribution == "CC BY-SA")
        #expect(!cached.mayBeDistractor(1, for: 0))
    }

    @Test("an edited deck file is noticed and validated again")
    func editedDeckIsValidatedAgain() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try DeckJSON.data(DeckJSON.words(5)).write(to: url)
        let cache = cache(in: folder)
        _ = try Deck.load(from: url, cache: cache)
        // A valid edit is seen at the next load…
        try DeckJSON.data(DeckJSON.words(6)).write(to: url)
        #expect(try Deck.load(from: url, cache: cache).challenges.count == 6)
        // …and an invalid one (two entries answering the same) is refused, not served from the cache.
        // (Another title too, so the size changes: two writes within one timestamp tick of an
        // old kernel could otherwise share every field; the E2E test covers an edit of the same size.)
        var entries = DeckJSON.words(6)
        entries[1]["answer"] = entries[0]["answer"]
        try DeckJSON.data(entries, title: "Test deck, edited").write(to: url)
        do {
            _ = try Deck.load(from: url, cache: cache)
            Issue.record("an edited, invalid deck loaded from the cache")
        } catch {
            #expect(error.problems.map(\.kind).contains(.duplicateAnswer))
        }
    }

    @Test("a damaged cache file is ignored and rebuilt", arguments: ["garbage", "truncated", "flipped"])
    func damagedCacheIsRebuilt(damage: String) throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try DeckJSON.data(DeckJSON.words(5)).write(to: url)
        let cache = cache(in: folder)
        let validated = try Deck.load(from: url, cache: cache)
        let file = try #require(cacheFiles(cache).first)
        let good = try Data(contentsOf: file)
        var bad = good
        switch damage {
        case "garbage": bad = Data("not a cache".utf8)
        case "truncated": bad = good.prefix(good.count - 3)
        default: bad[bad.count - 2] ^= 0x01
        }
        try bad.write(to: file)
        #expect(try Deck.load(from: url, cache: cache).challenges == validated.challenges)
        #expect(try Data(contentsOf: file) == good)
    }

    @Test("a file changed a moment ago is not cached (a second edit could keep its identity)")
    func freshFileIsNotCached() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try DeckJSON.data(DeckJSON.words(5)).write(to: url)
        let cache = DeckCache(dataDirectory: folder.path("data"), clock: Date.init)
        _ = try Deck.load(from: url, cache: cache)
        #expect(cacheFiles(cache).isEmpty)
    }

    @Test("an unwritable cache folder only means no cache")
    func unwritableCacheFolder() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try DeckJSON.data(DeckJSON.words(5)).write(to: url)
        // The data folder is a file: nothing can be created under it.
        try Data().write(to: folder.path("data"))
        #expect(try Deck.load(from: url, cache: cache(in: folder)).challenges.count == 5)
    }
}
