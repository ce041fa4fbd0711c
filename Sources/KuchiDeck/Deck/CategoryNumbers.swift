/// CategoryNumbers: each category name numbered in the order the deck first meets it, the way
/// the outline and the word table both list categories ("Uncategorised" for a word without one).
/// Names are compared as the selection compares them (`String` equality: canonical equivalence).
struct CategoryNumbers {
    /// names: the categories met so far, in order; a category's number is its place here.
    private(set) var names: [String] = []
    private var numbers: [String: Int] = [:]

    /// number: the number of `challenge`'s category, and whether this is its first word.
    mutating func number(of challenge: Challenge) -> (number: Int, isNew: Bool) {
        let name = challenge.category ?? "Uncategorised"
        if let known = numbers[name] { return (known, false) }
        numbers[name] = names.count
        names.append(name)
        return (names.count - 1, true)
    }
}
