import Foundation
import KuchiDeck
import KuchiData

/// LearnerSession+WordTable: Welcome's counts over the deck's word table (`DeckWordTable`, kept
/// in the deck cache), as `kuchi due`'s quick path counts — the whole deck's card keys are not
/// built and each card row is not hashed as `String`s at every start (issue 39). The table is
/// used only when it is plainly the deck studied (same title, same number of words, the cache
/// matching the file as it is now); anything else counts the whole deck's way.
extension LearnerSession {
    /// tableStatus: the figures for `selection` through the word table of `whole`, or nil when
    /// no table stands for it (no cache, a changed file, a deck with no file) or the database
    /// does not answer — the caller then counts the whole deck's way.
    func tableStatus(whole: Deck, selection: StudySelection, now: Date) -> StudyStatus? {
        guard let database, let learner = user.profileID, let table = wordTable(of: whole) else { return nil }
        return Self.status(database: database, learner: learner, table: table, selection: selection,
                           categories: selection.categories, now: now)
    }

    /// wordTable: the table of `whole` read from the deck cache once per deck file, nil when
    /// none matches it.
    func wordTable(of whole: Deck) -> DeckWordTable? {
        for path in tablePaths() {
            let table: DeckWordTable?
            if let cached = wordTableCache, cached.path == path {
                table = cached.table
            } else {
                table = readTable(at: path)
                wordTableCache = (path, table)
            }
            if let table, table.title == whole.title, table.count == whole.challenges.count { return table }
        }
        return nil
    }

    /// tablePaths: the files the deck studied may come from, the likeliest first: `--deck`'s
    /// file (the bundled one when `--deck` names it), else the learner's chosen deck, then the
    /// bundled deck (played when the choice cannot be, or when there is none).
    private func tablePaths() -> [String] {
        guard let library else { return [] }
        let bundled = BundledDeckLocation.url()?.path
        if overrides.deck != nil { return [overrides.deckFile ?? bundled].compactMap { $0 } }
        var paths: [String] = []
        if !user.deck.isEmpty { paths.append(library.fileURL(for: user.deck).path) }
        if let bundled { paths.append(bundled) }
        return paths
    }

    /// readTable: the table cached for the deck file at `path`, the bundled deck's title renamed
    /// as `Deck.bundled` renames it.
    private func readTable(at path: String) -> DeckWordTable? {
        guard let library, var table = library.cache.wordTable(at: path) else { return nil }
        if path == BundledDeckLocation.url()?.path, table.title == Deck.bundledHeading { table.title = Deck.bundledTitle }
        return table
    }
}
