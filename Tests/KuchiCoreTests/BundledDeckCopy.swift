import Foundation
import Testing
@testable import KuchiDeck

/// BundledDeckCopy: the bundled deck file copied into a temporary folder, read once through a
/// cache there (which writes its word table) — what the tests of the first screen's deck source
/// and Welcome's counts start from. `source()` names the copy as `--deck FILE` does.
struct BundledDeckCopy {
    let folder: URL
    let url: URL
    let library: DeckLibrary
    let deck: Deck
    var cache: DeckCache { library.cache }

    /// init: `cached` false reads the deck without the cache (no table written).
    init(cached: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-deck-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("deck.json")
        try FileManager.default.copyItem(at: try #require(BundledDeckLocation.url()), to: url)
        var library = DeckLibrary(dataDirectory: folder)
        // A clock ahead of the file's change time, so the cache keeps it.
        library.cache = DeckCache(dataDirectory: folder, clock: { Date(timeIntervalSinceNow: 10) })
        self.library = library
        deck = cached ? try Deck.load(from: url, cache: library.cache) : try Deck.load(from: url)
    }

    /// source: the copy as `--deck FILE` names it, not decoded yet.
    func source() -> DeckSource { DeckSource(file: url, cache: library.cache) }
}
