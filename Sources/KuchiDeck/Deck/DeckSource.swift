import Foundation
import Synchronization

/// DeckSource: where a deck comes from — the bundled file, another file, or a deck already in
/// memory — answering what a start asks (`DeckOutline`: title, words per category and level;
/// the word table for Welcome's counts; the stand-in quiz's first words) from the deck cache
/// without decoding the deck, which is decoded once, on first real use, and kept.
///
/// A 100k-word deck's decode was most of its first screen (issue 39). When the cache has no
/// table that stands for the file as it is now (never cached, changed since, damaged), every
/// answer comes from the decoded deck instead — the same answers, paid for at once. The cache
/// file whose table was read is held open until the deck is decoded from it, so the words
/// decoded are the version the outline described.
public final class DeckSource: Sendable {
    private enum Origin: Sendable {
        case bundled
        case file(URL)
        case memory(Deck)
    }

    /// Held: the cache file the table came from, and where the table ends (the words follow).
    private struct Held: Sendable {
        let file: DeckCacheFile
        let path: String
        let identity: DeckFileIdentity
        let tableEnd: Int
    }

    private struct State: Sendable {
        var outline: DeckOutline?
        var table: DeckWordTable?
        var held: Held?
        var deck: Result<Deck, DeckError>?
    }

    private let origin: Origin
    private let cache: DeckCache?
    private let state: Mutex<State>

    /// init: a deck already decoded (tests, a deck made in memory): every answer is its own.
    public init(_ deck: Deck) {
        origin = .memory(deck)
        cache = nil
        state = Mutex(State(deck: .success(deck)))
    }

    /// init(file:cache:): the deck file at `url`, read through `cache` (nil: decoded in full,
    /// validated every time, as `Deck.load` without a cache).
    public init(file url: URL, cache: DeckCache?) {
        origin = .file(url)
        self.cache = cache
        state = Mutex(State())
    }

    private init(bundledWith cache: DeckCache?) {
        origin = .bundled
        self.cache = cache
        state = Mutex(State())
    }

    /// bundled: the deck shipped with Kuchi (`Deck.bundled`), its title renamed as that renames it.
    public static func bundled(cache: DeckCache?) -> DeckSource {
        DeckSource(bundledWith: cache)
    }

    /// outline: the deck's outline — from the cache's word table when one stands for the file,
    /// else from the decoded deck. Throws what decoding it throws (`Deck.load`'s errors).
    public func outline() throws(DeckError) -> DeckOutline {
        try state.withLock { state -> Result<DeckOutline, DeckError> in
            if let outline = state.outline { return .success(outline) }
            if state.deck == nil, readTable(&state), let outline = state.outline { return .success(outline) }
            return decode(&state).map { deck in
                let outline = state.outline ?? deck.outline
                state.outline = outline
                return outline
            }
        }.get()
    }

    /// deck: the whole deck, decoded on the first call and kept (its error too).
    public func deck() throws(DeckError) -> Deck {
        try state.withLock { decode(&$0) }.get()
    }

    /// isDecoded: whether the whole deck has been decoded (or decoding it failed).
    public var isDecoded: Bool {
        state.withLock { $0.deck != nil }
    }

    /// failure: why decoding the deck failed, once it has been tried.
    package var failure: DeckError? {
        state.withLock { state in
            if case .failure(let error) = state.deck { return error }
            return nil
        }
    }

    /// wordTable: the cache's word table of this deck, once `outline()` read it; nil when none
    /// stood for the file, or the deck decoded is another version than the table's.
    package var wordTable: DeckWordTable? {
        state.withLock { $0.table }
    }

    /// firstWords: the first `count` words of the categories and levels given (`[]`: every one),
    /// in deck order, as a deck of this title — read alone from the cache when the deck is not
    /// decoded (a stand-in quiz's words), else taken from the deck; the same words either way.
    public func firstWords(categories: [String], levels: [Int], count: Int) throws(DeckError) -> Deck {
        _ = try outline()
        let wantedCategories = Set(categories), wantedLevels = Set(levels)
        let keeps = { (category: String, level: Int?) in
            (categories.isEmpty || wantedCategories.contains(category)) && (levels.isEmpty || level.map(wantedLevels.contains) ?? false)
        }
        let alone = state.withLock { state -> Deck? in
            guard state.deck == nil, let table = state.table, let held = state.held, let cache else { return nil }
            let named = table.categories.map { categories.isEmpty || wantedCategories.contains($0) }
            var indices: [Int] = []
            for word in 0..<table.count where named[table.category(word)] && (levels.isEmpty || table.level(word).map(wantedLevels.contains) ?? false) {
                indices.append(word)
                if indices.count == count { break }
            }
            guard let found = cache.entries(in: held.file, tableEnd: held.tableEnd, indices: indices),
                  found.challenges.count == indices.count else { return nil }
            return Deck(title: table.title, attribution: found.attribution, challenges: found.challenges)
        }
        if let alone { return alone }
        let deck = try deck()
        let first = deck.challenges.lazy.filter { keeps($0.category ?? "Uncategorised", $0.level) }.prefix(count)
        return Deck(title: deck.title, attribution: deck.attribution, challenges: Array(first))
    }

    /// readTable: the cache's word table for the file as it is now, held with its file; false
    /// when there is none (no cache, no file, never cached, changed since, damaged).
    private func readTable(_ state: inout State) -> Bool {
        let url: URL
        switch origin {
        case .bundled:
            guard let bundled = BundledDeckLocation.url() else { return false }
            url = bundled
        case .file(let file): url = file
        case .memory: return false
        }
        let path = url.path
        guard let cache, let identity = DeckFileIdentity(path: path), let file = cache.held(forDeckAt: path),
              let read = cache.wordTable(in: file, path: path, identity: identity) else { return false }
        var table = read.table
        if case .bundled = origin { table.title = Deck.bundledName(table.title) }
        state.table = table
        state.held = Held(file: file, path: path, identity: identity, tableEnd: read.end)
        state.outline = DeckOutline(table: table)
        return true
    }

    /// decode: the deck, decoded once: from the held cache file when the table came from one
    /// (the same version), else as `Deck.load`/`Deck.bundled` read it.
    private func decode(_ state: inout State) -> Result<Deck, DeckError> {
        if let deck = state.deck { return deck }
        let result: Result<Deck, DeckError>
        if let held = state.held, var deck = cache?.deck(in: held.file, path: held.path, identity: held.identity) {
            if case .bundled = origin { deck.title = Deck.bundledName(deck.title) }
            result = .success(deck)
        } else {
            result = Result { () throws(DeckError) -> Deck in try load() }
            if case .success(let deck) = result, state.outline != nil {
                // The cached words did not read back: the file's own, maybe another version.
                if let held = state.held, DeckFileIdentity(path: held.path) != held.identity { state.table = nil }
                state.outline = deck.outline
            }
        }
        state.held = nil
        state.deck = result
        return result
    }

    private func load() throws(DeckError) -> Deck {
        switch origin {
        case .bundled: try Deck.bundled(cache: cache)
        case .file(let url): try Deck.load(from: url, cache: cache)
        case .memory(let deck): deck
        }
    }
}
