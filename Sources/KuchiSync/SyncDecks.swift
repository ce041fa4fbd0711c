import Foundation
import KuchiBase
import KuchiDeck
import KuchiData

/// SyncDecks: imported decks travel whole, so the words of a learner's decks exist on every
/// machine; a deck is sent once per content (by hash) and taken only under a free name.
package enum SyncDecks {
    /// outgoing: the library's decks whose content the folder does not hold yet.
    package static func outgoing(_ library: DeckLibrary, known: Set<String>) -> [SyncDeck] {
        library.names().compactMap { name in
            guard let data = try? BoundedFile.contents(of: library.fileURL(for: name), limit: Deck.maximumBytes) else { return nil }
            let hash = StableHash.hex128(data)
            return known.contains(hash) ? nil : SyncDeck(name: name, hash: hash, content: data)
        }
    }

    /// receive: saves the folder's decks missing here; a deck whose name is taken by other
    /// content here is left out with a notice (this machine's deck is kept). Returns notices.
    package static func receive(_ decks: [SyncDeck], into library: DeckLibrary) -> [String] {
        var notices: [String] = []
        var existing = Set(library.names())
        var differing: Set<String> = []
        // A deck's title names its progress: a received deck whose title another deck here has
        // would take over that deck's cards and answers (the learner's own import rewritten).
        var titles: [String: String] = [:]
        for name in existing {
            guard let data = try? BoundedFile.contents(of: library.fileURL(for: name), limit: Deck.maximumBytes),
                  let title = try? Deck.decode(data, source: name).title else { continue }
            titles[title] = name
        }
        for deck in decks.sorted(by: { ($0.name, $0.hash) < ($1.name, $1.hash) }) {
            if existing.contains(deck.name) {
                let local = try? BoundedFile.contents(of: library.fileURL(for: deck.name), limit: Deck.maximumBytes)
                if local.map(StableHash.hex128) != deck.hash { differing.insert(deck.name) }
                continue
            }
            do throws(DeckError) {
                let decoded = try Deck.decode(deck.content, source: deck.name)
                // Its title names its progress: the bundled deck's would make it the bundled deck.
                if DeckLibrary.isReserved(decoded.title) || DeckLibrary.isReserved(deck.name) {
                    notices.append("The deck “\(deck.name.escapingControlCharacters)” in the sync folder takes the name or title of the deck that comes with Kuchi; it was skipped.")
                    continue
                }
                if let other = titles[decoded.title] {
                    notices.append("The deck “\(deck.name.escapingControlCharacters)” in the sync folder takes the title of the deck “\(other.escapingControlCharacters)” here; it was skipped.")
                    continue
                }
                titles[decoded.title] = deck.name
            } catch {
                notices.append("The deck “\(deck.name.escapingControlCharacters)” in the sync folder is not a valid deck (\(error.problems.first?.message ?? "unreadable")); it was skipped.")
                continue
            }
            do throws(ImportError) {
                try library.save(deck.content, as: deck.name, replace: false)
                existing.insert(deck.name)
            } catch {
                notices.append("Could not save the deck “\(deck.name.escapingControlCharacters)” from the sync folder: \(error.message)")
            }
        }
        for name in differing.sorted() {
            notices.append("The deck “\(name.escapingControlCharacters)” from another machine differs from this machine's; this machine's was kept.")
        }
        return notices
    }
}
