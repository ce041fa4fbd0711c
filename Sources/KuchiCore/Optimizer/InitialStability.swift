import Foundation
import KuchiMemory

/// InitialStability: fsrs-rs's first fit — the stability after each first grade, found by a
/// ternary search on the first long-term reviews alone, then made monotonic and completed.
enum InitialStability {
    /// maximum: the largest initial stability the fitter gives (days).
    static let maximum = 100.0

    /// Fit: the four initial stabilities and how many first reviews had each grade.
    struct Fit {
        let stabilities: [Double]
        let counts: [Int: Int]
    }

    /// Bin: the first long-term reviews after one first grade and one delay.
    private struct Bin {
        let delay: Double
        let recall: Double
        let count: Double
    }

    /// fit: the initial stabilities from `items` (each with one long-term review), or nil when
    /// there are none. `averageRecall` (the training set's pass rate) smooths small bins.
    static func fit(_ items: [TrainingItem], in set: TrainingSet, averageRecall: Double) -> Fit? {
        var passes: [Int: [Int: (passed: Int, count: Int)]] = [:]
        for item in items where item.longTermCount == 1 {
            let target = set.target(of: item)
            var bin = passes[set.firstRating(of: item), default: [:]][target.deltaT, default: (0, 0)]
            bin.passed += target.rating > 1 ? 1 : 0
            bin.count += 1
            passes[set.firstRating(of: item), default: [:]][target.deltaT] = bin
        }
        var counts: [Int: Int] = [:]
        var found: [Int: Double] = [:]
        for (rating, byDelay) in passes {
            let bins = byDelay.sorted { $0.key < $1.key }.map { delay, bin in
                Bin(delay: Double(delay), recall: Double(bin.passed) / Double(bin.count), count: Double(bin.count))
            }
            counts[rating] = bins.reduce(0) { $0 + Int($1.count) }
            found[rating] = search(bins, rating: rating, averageRecall: averageRecall)
        }
        guard let stabilities = smoothAndFill(found, counts: counts) else { return nil }
        return Fit(stabilities: stabilities, counts: counts)
    }

    /// search: the stability minimising the bins' log loss plus |s - default| / 16, by ternary
    /// search on 0.001…100 (a thousand steps at most, as the reference).
    private static func search(_ bins: [Bin], rating: Int, averageRecall: Double) -> Double {
        let initial = FSRSParameters.defaults[rating - 1]
        // Laplace smoothing: one imagined review at the average recall.
        let recalls = bins.map { ($0.recall * $0.count + averageRecall) / ($0.count + 1) }
        let decay = -FSRSParameters.defaults[20]
        let factor = pow(0.9, 1 / decay) - 1
        func loss(_ stability: Double) -> Double {
            var total = 0.0
            for (bin, recall) in zip(bins, recalls) {
                let predicted = pow(bin.delay / stability * factor + 1, decay)
                total += -(recall * log(predicted) + (1 - recall) * log(1 - predicted)) * bin.count
            }
            return total + abs(stability - initial) / 16
        }
        var low = FSRSParameters.minimumStability
        var high = maximum
        var best = initial
        var rounds = 0
        while high - low > Double.ulpOfOne && rounds < 1000 {
            rounds += 1
            let third1 = low + (high - low) / 3
            let third2 = high - (high - low) / 3
            if loss(third1) < loss(third2) { high = third2 } else { low = third1 }
            best = (high + low) / 2
        }
        return best
    }

    /// smoothAndFill: stabilities made non-decreasing in the grade (the better-supported grade
    /// wins a disagreement), missing grades filled from the others by the reference's
    /// geometric rules, all clamped to 0.001…100; nil when no grade has any data.
    static func smoothAndFill(_ found: [Int: Double], counts: [Int: Int]) -> [Double]? {
        var stability = found.filter { counts[$0.key] != nil }
        for (small, big) in [(1, 2), (2, 3), (3, 4), (1, 3), (2, 4), (1, 4)] {
            guard let smallValue = stability[small], let bigValue = stability[big], smallValue > bigValue else { continue }
            if (counts[small] ?? 0) > (counts[big] ?? 0) { stability[big] = smallValue } else { stability[small] = bigValue }
        }
        let w1 = 0.41
        let w2 = 0.54
        var s: [Double?] = [nil, stability[1], stability[2], stability[3], stability[4]]
        var filled: [Double]
        switch stability.count {
        case 0:
            return nil
        case 1:
            guard let (rating, value) = stability.first else { return nil }
            let factor = value / FSRSParameters.defaults[rating - 1]
            filled = FSRSParameters.defaults[0..<4].map { $0 * factor }.sorted()
        case 2:
            switch (s[1], s[2], s[3], s[4]) {
            case (nil, nil, let r3?, let r4?):
                let r2 = pow(r3, 1 / (1 - w2)) * pow(r4, 1 - 1 / (1 - w2))
                s[2] = r2
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, nil, let r4?):
                let r3 = pow(r2, 1 - w2) * pow(r4, w2)
                s[3] = r3
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (nil, let r2?, let r3?, nil):
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, nil, let r4?):
                let share = w1 / (w1 * -w2 + (w1 + w2))
                let r2 = pow(r1, share) * pow(r4, 1 - share)
                s[2] = r2
                let share3 = w2 / (w1 * -w2 + (w1 + w2))
                s[3] = pow(r1, 1 - share3) * pow(r4, share3)
            case (let r1?, nil, let r3?, nil):
                let r2 = pow(r1, w1) * pow(r3, 1 - w1)
                s[2] = r2
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            case (let r1?, let r2?, nil, nil):
                let r3 = pow(r1, 1 - 1 / (1 - w1)) * pow(r2, 1 / (1 - w1))
                s[3] = r3
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
            filled = s.compactMap { $0 }
        case 3:
            switch (s[1], s[2], s[3], s[4]) {
            case (nil, let r2?, let r3?, _):
                s[1] = pow(r2, 1 / w1) * pow(r3, 1 - 1 / w1)
            case (let r1?, nil, let r3?, _):
                s[2] = pow(r1, w1) * pow(r3, 1 - w1)
            case (_, let r2?, nil, let r4?):
                s[3] = pow(r2, 1 - w2) * pow(r4, w2)
            case (_, let r2?, let r3?, nil):
                s[4] = pow(r2, 1 - 1 / w2) * pow(r3, 1 / w2)
            default:
                break
            }
            filled = s.compactMap { $0 }
        default:
            filled = s.compactMap { $0 }
        }
        guard filled.count >= 4 else { return nil }
        return filled[0..<4].map { min(max($0, FSRSParameters.minimumStability), maximum) }
    }
}
