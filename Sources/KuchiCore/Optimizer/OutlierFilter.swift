/// OutlierFilter: fsrs-rs's `prepare_training_data`: drops the rarest first-interval groups.
///
/// Items whose history has exactly one long-term review are grouped by the card's first grade
/// and that review's delay. Within each grade the smallest groups (by size, then the shorter
/// delay) making up 5 % of the grade's items (20 at least) are removed, and so is any other
/// group of fewer than 6 items or with a delay over 100 days (365 for Easy). The survivors seed
/// the initial-stability search; every item of a card whose first (grade, delay) pair was
/// removed leaves the training set too — such first intervals are set by hand, not by memory.
enum OutlierFilter {
    /// Prepared: what the filter leaves.
    struct Prepared {
        /// initialization: items with one long-term review, in the groups kept.
        let initialization: [TrainingItem]
        /// training: every item whose card's first interval was kept, in the input order.
        let training: [TrainingItem]
    }

    /// prepare: the filter applied to `set`'s items.
    static func prepare(_ set: TrainingSet) -> Prepared {
        var groups: [Int: [Int: [TrainingItem]]] = [:]
        for item in set.items where item.longTermCount == 1 {
            groups[set.firstRating(of: item), default: [:]][set.target(of: item).deltaT, default: []].append(item)
        }
        var removed: [Int: Set<Int>] = [:]
        var kept: [TrainingItem] = []
        for rating in groups.keys.sorted() {
            guard let byDelay = groups[rating] else { continue }
            // Largest first, then the longer delay; walked backwards: smallest, shorter first.
            let ordered = byDelay.sorted { left, right in
                left.value.count != right.value.count ? left.value.count > right.value.count : left.key > right.key
            }
            let total = ordered.reduce(0) { $0 + $1.value.count }
            var removedSoFar = 0
            for (delay, items) in ordered.reversed() {
                if removedSoFar + items.count >= max(20, total / 20) {
                    if items.count >= 6 && delay <= (rating != 4 ? 100 : 365) {
                        kept.append(contentsOf: items)
                    } else {
                        removed[rating, default: []].insert(delay)
                    }
                } else {
                    removedSoFar += items.count
                    removed[rating, default: []].insert(delay)
                }
            }
        }
        let training = set.items.filter { item in
            !(removed[set.firstRating(of: item)]?.contains(set.firstLongTermDelta(of: item)) ?? false)
        }
        return Prepared(initialization: kept, training: training)
    }
}
