import Foundation
import KuchiDeck

/// StudiedDeck: the deck a selection plays and which of its words, said from outlines
/// (`DeckOutline`): the source played, its whole outline, the categories and levels applied
/// (a choice leaving too few words is not), the selection's outline and the notice.
struct StudiedDeck {
    /// name: the learner's saved choice it was made for (nil under `--deck`).
    let name: String?
    let source: DeckSource
    let whole: DeckOutline
    let selected: DeckOutline
    /// categories, levels: the filters applied to the whole deck (`[]`: none).
    let categories: [String]
    let levels: [Int]
    let problem: String?
}

/// LearnerSession+Deck: which deck the learner studies, known at start from the deck cache's
/// word table (the title, the notices, Welcome's deck line, the stand-in quiz's first words),
/// and the deck itself decoded on first real use — Start, Learn, a resumed session, Stats, the
/// word pages (issue 39). Where no table stands for the file, the outline is the decoded deck's:
/// the same answers, paid for at start as before.
extension LearnerSession {
    /// studied: the deck studied, outlined once per choice (its notice set then, as before).
    var studied: StudiedDeck {
        let name = overrides.deck == nil ? user.deck : nil
        let selection = self.selection
        if let cached = studiedCache, cached.name == name, builtFor.map({ $0.sameWords(as: selection) }) ?? false { return cached }
        let made = study(name: name, selection: selection)
        if deckProblem != made.problem { deckProblem = made.problem }
        studiedCache = made
        decksCache = nil
        return made
    }

    /// studiedOutline, wholeOutline: the words studied and the whole deck, outlined (Welcome's
    /// deck line, Settings' rows: no word decoded).
    public var studiedOutline: DeckOutline { studied.selected }
    public var wholeOutline: DeckOutline { studied.whole }

    /// deck: the words the learner studies — their deck, narrowed to their categories and levels.
    public var deck: Deck { loadDecks().deck }

    /// wholeDeck: the learner's deck with all its categories and levels (the filters list them all).
    public var wholeDeck: Deck { loadDecks().whole }

    /// loadDecks: the deck studied decoded (once per choice) and narrowed by the filters its outline
    /// applied. A chosen deck that cannot be decoded now plays the bundled one, with the notice
    /// it would have had at start; a deck that cannot be decoded at all is played empty, saying so.
    private func loadDecks() -> (deck: Deck, whole: Deck) {
        let studied = self.studied
        if let cached = decksCache { return cached }
        let whole: Deck
        do throws(DeckError) {
            whole = try studied.source.deck()
        } catch {
            if studied.source !== bundled, studied.name.map({ !$0.isEmpty }) ?? false {
                // `study` now finds the choice unusable (`failure`) and plays the bundled deck.
                studiedCache = nil
                return loadDecks()
            }
            let empty = Deck(title: studied.whole.title, attribution: nil, challenges: [])
            deckProblem = "The deck “\(studied.whole.heading)” could not be read (\(error.problems.first?.message ?? "unreadable")); "
                + "quit Kuchi and start it again."
            decksCache = (empty, empty)
            return (empty, empty)
        }
        if let now = try? studied.source.outline(), now != studied.whole {
            // The file's words were another version than its cached table: said again from them.
            studiedCache = nil
            return loadDecks()
        }
        let byCategory = whole.selecting(categories: studied.categories) ?? whole
        let deck = byCategory.selecting(levels: studied.levels) ?? byCategory
        decksCache = (deck, whole)
        return (deck, whole)
    }

    /// standIn: the stand-in quiz: the studied words' first few, read alone when the deck is not
    /// decoded (`DeckSource.firstWords`); none when the deck cannot be read.
    func standIn() -> ChallengesViewModel {
        let studied = self.studied
        let words = (try? studied.source.firstWords(categories: studied.categories, levels: studied.levels, count: Deck.minimumEntries))
            ?? Deck(title: studied.whole.title, attribution: nil, challenges: [])
        return Self.standIn(for: words, seed: seed, clock: clock)
    }

    /// study: the source the choice `name` plays and its words: a chosen deck that cannot be
    /// loaded plays the bundled deck; categories or levels leaving too few words play all of it.
    private func study(name: String?, selection: StudySelection) -> StudiedDeck {
        var source = overrides.deck ?? bundled
        var problem: String?
        if let name, !name.isEmpty {
            let chosen = chosenSource(named: name)
            do throws(DeckError) {
                _ = try chosen.outline()
                if let failure = chosen.failure { throw failure }
                source = chosen
            } catch {
                let bundledHeading = (try? bundled.outline())?.heading ?? Deck.bundledHeading
                problem = "The deck “\(name)” could not be loaded (\(error.problems.first?.message ?? "unreadable")); "
                    + "playing \(bundledHeading) instead."
            }
        }
        let whole: DeckOutline
        do throws(DeckError) {
            whole = try source.outline()
        } catch {
            // Only a source never checked (main checks the bundled and `--deck` outlines).
            let empty = Deck(title: "", attribution: nil, challenges: []).outline
            return StudiedDeck(name: name, source: source, whole: empty, selected: empty, categories: [], levels: [],
                               problem: "The deck could not be read (\(error.problems.first?.message ?? "unreadable")).")
        }
        var selected = whole
        var categories: [String] = [], levels: [Int] = []
        if let narrowed = whole.selecting(categories: selection.categories) {
            selected = narrowed
            categories = selection.categories
        } else {
            problem = "The categories chosen hold fewer than \(Deck.minimumEntries) words of \(whole.heading); playing all of it."
        }
        if selected.levels.isEmpty {
            // A deck that names no JLPT level (an imported one) is studied whole whatever the
            // levels chosen: N5, the default, must not empty it (issue 38).
        } else if let narrowed = selected.selecting(levels: selection.levels) {
            selected = narrowed
            levels = selection.levels
        } else {
            problem = "The JLPT levels chosen hold fewer than \(Deck.minimumEntries) words of \(whole.heading); playing every level."
        }
        return StudiedDeck(name: name, source: source, whole: whole, selected: selected, categories: categories, levels: levels,
                           problem: problem)
    }

    /// chosenSource: the learner's imported deck `name` (a saved choice names an imported deck
    /// only: never a path, never the current folder), kept until the choice changes.
    private func chosenSource(named name: String) -> DeckSource {
        if let chosen = chosenSource, chosen.name == name { return chosen.source }
        let library = self.library ?? DeckLibrary()
        let source = DeckSource(file: library.fileURL(for: name), cache: library.cache)
        chosenSource = (name, source)
        return source
    }
}
