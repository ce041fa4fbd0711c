/// Deck+Levels: studying the words of some JLPT levels only.
extension Deck {
    /// levels: the JLPT levels the deck's entries name, easiest (5) first, with their entry
    /// counts; entries without a level are not counted (see `unlevelledCount`).
    public var levels: [(level: Int, count: Int)] {
        var counts: [Int: Int] = [:]
        for challenge in challenges {
            if let level = challenge.level { counts[level, default: 0] += 1 }
        }
        return counts.keys.sorted(by: >).map { ($0, counts[$0] ?? 0) }
    }

    /// unlevelledCount: entries that name no JLPT level (an imported deck's words).
    public var unlevelledCount: Int {
        challenges.count { $0.level == nil }
    }

    /// selecting(levels:): the same deck (same title, so the same cards and progress) with only
    /// the entries of these JLPT levels (5 = N5 … 1 = N1); an entry without a level is left out,
    /// since nothing says it belongs. Nil when that leaves fewer entries than a challenge needs;
    /// an empty list keeps every entry. Combine with `selecting(categories:)` in either order.
    public func selecting(levels: [Int]) -> Deck? {
        guard !levels.isEmpty else { return self }
        let wanted = Set(levels)
        let kept = challenges.filter { $0.level.map(wanted.contains) ?? false }
        guard kept.count >= Self.minimumEntries else { return nil }
        return Deck(title: title, attribution: attribution, challenges: kept)
    }

    /// unknownLevels: the levels in `levels` that no entry of this deck has (a level outside
    /// 1…5 never has one).
    public func unknownLevels(_ levels: [Int]) -> [Int] {
        let known = Set(self.levels.map(\.level))
        return levels.filter { !known.contains($0) }
    }
}
