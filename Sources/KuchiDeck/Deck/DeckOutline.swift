/// DeckOutline: what a start asks of a deck without its words — the title, and how many words
/// each category holds at each JLPT level — read from the deck cache's word table
/// (`DeckWordTable`) or counted from a decoded `Deck`, with the same answers either way.
///
/// Welcome's deck line, the deck notices (`LearnerSession.deckProblem`) and `--category`/
/// `--level`'s checks need no more than this; the whole deck is decoded on first real use (issue
/// 39: a 100k-word deck's decode was most of its first screen). The questions mirror `Deck`'s
/// (`categories`, `levels`, `selecting`, `unknown…`) and are answered by the same rules.
public struct DeckOutline: Equatable, Sendable {
    /// title: the deck's title (the bundled deck's as `Deck.bundled` names it).
    public let title: String
    /// names: the categories present, in deck order ("Uncategorised" for entries without one).
    private let names: [String]
    /// tally: for each of `names`, how many words each level holds (-1: no level).
    private let tally: [[Int: Int]]

    private init(title: String, names: [String], tally: [[Int: Int]]) {
        self.title = title
        self.names = names
        self.tally = tally
    }

    /// init(deck:): counted from the deck's words.
    public init(deck: Deck) {
        var categories = CategoryNumbers()
        var tally: [[Int: Int]] = []
        for challenge in deck.challenges {
            let (category, isNew) = categories.number(of: challenge)
            if isNew { tally.append([:]) }
            tally[category][challenge.level ?? -1, default: 0] += 1
        }
        self.init(title: deck.title, names: categories.names, tally: tally)
    }

    /// init(table:): counted from the word table's records (its categories are listed in
    /// deck order, as `DeckWordTable.encode` meets them).
    /// Counted in one flat array (a category's row holds each Int8 level and none): a dictionary
    /// update per word was 600 instructions a word, the most of a 100k-word table's read.
    package init(table: DeckWordTable) {
        let row = 129
        var counts = [Int](repeating: 0, count: table.categories.count * row)
        for word in 0..<table.count {
            counts[table.category(word) * row + (table.level(word) ?? -1) + 1] += 1
        }
        let tally = table.categories.indices.map { category in
            var levels: [Int: Int] = [:]
            for level in 0..<row where counts[category * row + level] > 0 { levels[level - 1] = counts[category * row + level] }
            return levels
        }
        self.init(title: table.title, names: table.categories, tally: tally)
    }

    /// count: how many words.
    public var count: Int {
        tally.reduce(0) { $0 + $1.values.reduce(0, +) }
    }

    /// heading: the name the learner sees (`Deck.heading`).
    public var heading: String {
        title == Deck.bundledTitle ? Deck.bundledHeading : title
    }

    /// categories: the categories in deck order with their word counts, as `Deck.categories`.
    public var categories: [(name: String, count: Int)] {
        zip(names, tally).map { ($0, $1.values.reduce(0, +)) }
    }

    /// levels: the JLPT levels named, easiest (5) first, with their counts, as `Deck.levels`.
    public var levels: [(level: Int, count: Int)] {
        var counts: [Int: Int] = [:]
        for levels in tally {
            for (level, count) in levels where level >= 0 { counts[level, default: 0] += count }
        }
        return counts.keys.sorted(by: >).map { ($0, counts[$0] ?? 0) }
    }

    /// selecting(categories:): the outline of `Deck.selecting(categories:)`: nil when fewer
    /// words than a challenge needs are left; an empty list keeps every word.
    public func selecting(categories: [String]) -> DeckOutline? {
        guard !categories.isEmpty else { return self }
        let wanted = Set(categories)
        return narrowed { name, _ in wanted.contains(name) }
    }

    /// selecting(levels:): the outline of `Deck.selecting(levels:)` (a word without a level is
    /// left out); nil when fewer words than a challenge needs are left.
    public func selecting(levels: [Int]) -> DeckOutline? {
        guard !levels.isEmpty else { return self }
        let wanted = Set(levels)
        return narrowed { _, level in level >= 0 && wanted.contains(level) }
    }

    /// unknownCategories: the names in `categories` this deck does not have.
    public func unknownCategories(_ categories: [String]) -> [String] {
        let known = Set(names)
        return categories.filter { !known.contains($0) }
    }

    /// unknownLevels: the levels in `levels` that no word of this deck has.
    public func unknownLevels(_ levels: [Int]) -> [Int] {
        let known = Set(self.levels.map(\.level))
        return levels.filter { !known.contains($0) }
    }

    /// narrowed: the words `keep` keeps (by category name and level), categories left empty
    /// dropped as a narrowed `Deck` lists none of them; nil below `Deck.minimumEntries`. The
    /// categories stay in the whole deck's order (a narrowed deck lists them in its kept words'
    /// order: nothing shown reads a narrowed outline's order).
    private func narrowed(_ keep: (String, Int) -> Bool) -> DeckOutline? {
        var names: [String] = []
        var tally: [[Int: Int]] = []
        for (name, levels) in zip(self.names, self.tally) {
            let kept = levels.filter { keep(name, $0.key) }
            guard !kept.isEmpty else { continue }
            names.append(name)
            tally.append(kept)
        }
        let outline = DeckOutline(title: title, names: names, tally: tally)
        return outline.count >= Deck.minimumEntries ? outline : nil
    }
}

extension Deck {
    /// outline: the deck's `DeckOutline`, counted from its words.
    public var outline: DeckOutline { DeckOutline(deck: self) }
}
