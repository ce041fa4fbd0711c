/// EditDistance: Damerau–Levenshtein distance (optimal string alignment), bounded.
///
/// A swapped pair of letters ("resturant" → "restuarant") is one slip, not two, so the typo
/// tolerance counts it as one edit. The bound keeps a huge paste cheap: a length difference
/// beyond it answers at once, and the work stops as soon as a whole row exceeds it.
package enum EditDistance {
    /// within: the distance between `a` and `b` if it is at most `limit`, else nil.
    package static func within(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = min(rowMinimum, best)
            }
            if rowMinimum > limit { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }

    /// allowedEdits: the typo tolerance for an expected meaning of `length` characters, as
    /// WaniKani clients use it: up to 3 exact, 4–5 one edit, 6–7 two, longer 2 + ⌊length/7⌋.
    package static func allowedEdits(forLength length: Int) -> Int {
        switch length {
        case ...3: 0
        case 4...5: 1
        case 6...7: 2
        default: 2 + length / 7
        }
    }
}
