import Foundation
import KuchiMemory

/// FSRSEvaluation: how well weights predict a learner's reviews, as fsrs-rs's `evaluate`: the
/// recency-weighted log loss of every item's prediction and the RMSE over bins of similar
/// reviews (by delay, review count and lapses), each bin weighted by its items' weights.
public struct FSRSEvaluation: Equatable, Sendable {
    /// logLoss: mean weighted binary cross-entropy (lower is better).
    public let logLoss: Double
    /// rmseBins: root mean square gap between predicted and actual recall per bin (0…1).
    public let rmseBins: Double

    /// init: an evaluation's figures.
    public init(logLoss: Double, rmseBins: Double) {
        self.logLoss = logLoss
        self.rmseBins = rmseBins
    }

    /// evaluate(_:in:): the figures for `weights` on every item of `set`; nil with no items or
    /// when a prediction is not a probability (weights far outside any fit).
    public static func evaluate(_ weights: [Double], on set: TrainingSet) -> FSRSEvaluation? {
        let items = set.items
        guard !items.isEmpty, weights.count == FSRSParameters.count else { return nil }
        // fsrs-rs's FSRS::new clips as for a model without short-term training (w[19] ≥ 0).
        let model = FSRSGradient(weights: ParameterClipper.clipped(weights, shortTerm: false))
        let span = Double(max(items.count - 1, 1))
        // Each card is replayed once; its items' predictions are read off on the way.
        var bySequence: [Int: [(length: Int, weight: Double)]] = [:]
        for (index, item) in items.enumerated() {
            let position = Double(index) / span
            bySequence[item.sequence, default: []].append((item.length, 0.25 + 0.75 * position * position * position))
        }
        var lossSum = 0.0, weightSum = 0.0
        var bins: [Bin: BinTotal] = [:]
        for (sequenceIndex, wanted) in bySequence {
            let reviews = set.sequences[sequenceIndex]
            let ordered = wanted.sorted { $0.length < $1.length }
            var next = 0
            var s = 0.0, d = 0.0
            var longTerm = 0, lapses = 0
            for (t, review) in reviews.enumerated() {
                while next < ordered.count, ordered[next].length == t + 1 {
                    let predicted = model.curve(Double(review.deltaT), s)
                    let label = review.rating > 1 ? 1.0 : 0.0
                    let weight = ordered[next].weight
                    guard predicted.isFinite else { return nil }
                    lossSum += (label * log(predicted) + (1 - label) * log(1 - predicted)) * weight
                    weightSum += weight
                    let bin = Bin(deltaT: review.deltaT, length: longTerm + (review.deltaT > 0 ? 1 : 0), lapses: lapses)
                    bins[bin, default: BinTotal()].add(predicted: predicted, actual: label, weight: weight)
                    next += 1
                }
                guard next < ordered.count else { break }
                (s, d, _) = model.forward(s: s, d: d, review: review, first: t == 0)
                if review.deltaT > 0 {
                    longTerm += 1
                    if review.rating == 1 { lapses += 1 }
                }
            }
        }
        let logLoss = -lossSum / weightSum
        var squares = 0.0, binWeights = 0.0
        for total in bins.values {
            let gap = total.predicted / total.count - total.actual / total.count
            squares += gap * gap * total.weight
            binWeights += total.weight
        }
        let rmse = (squares / binWeights).squareRoot()
        guard logLoss.isFinite, rmse.isFinite else { return nil }
        return FSRSEvaluation(logLoss: logLoss, rmseBins: rmse)
    }

    /// Bin: fsrs-rs's `r_matrix_index`: delay, long-term review count and lapses, each on a
    /// geometric scale (rounded like Rust's `round`, half away from zero).
    struct Bin: Hashable {
        let delay: Int
        let length: Int
        let lapses: Int

        /// init: the bin of a target `deltaT` days after a history with `length` long-term
        /// reviews (the target included) and `lapses` long-term Agains before it.
        init(deltaT: Int, length: Int, lapses: Int) {
            func scaled(_ x: Double, base: Double, scale: Double) -> Int {
                Int((scale * pow(base, (log(x) / log(base)).rounded(.down))).rounded())
            }
            let delayScale = pow(3.62, (log(Double(deltaT)) / log(3.62)).rounded(.down))
            delay = Int((2.48 * delayScale * 100).rounded())
            self.length = scaled(Double(length + 1), base: 1.89, scale: 1.99)
            self.lapses = lapses == 0 ? 0 : scaled(Double(lapses), base: 1.73, scale: 1.65)
        }
    }

    /// BinTotal: a bin's sums.
    struct BinTotal {
        var predicted = 0.0
        var actual = 0.0
        var count = 0.0
        var weight = 0.0

        /// add: one prediction.
        mutating func add(predicted p: Double, actual y: Double, weight w: Double) {
            predicted += p
            actual += y
            count += 1
            weight += w
        }
    }
}
