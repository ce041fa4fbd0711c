/// Deck+Categories: studying part of a deck.
extension Deck {
    /// selecting: the same deck (same title, so the same cards and progress) with only the
    /// entries of these categories ("Uncategorised" names the entries without one); nil when
    /// that leaves fewer entries than a challenge needs. An empty list keeps every entry.
    public func selecting(categories: [String]) -> Deck? {
        guard !categories.isEmpty else { return self }
        let wanted = Set(categories)
        let kept = challenges.filter { wanted.contains($0.category ?? "Uncategorised") }
        guard kept.count >= Self.minimumEntries else { return nil }
        return Deck(title: title, attribution: attribution, challenges: kept)
    }

    /// unknownCategories: the names in `categories` this deck does not have.
    public func unknownCategories(_ categories: [String]) -> [String] {
        let known = Set(self.categories.map(\.name))
        return categories.filter { !known.contains($0) }
    }
}
