/// MedianStability: what a fit does to the learner's intervals, in one figure — the median,
/// over the learner's cards, of the stability their whole history gives with a set of weights
/// (FSRS schedules an interval of about the stability at 90 % retention). Optimize's verdict
/// shows it before → after, so a fit that halves every interval is seen before it is kept.
import KuchiMemory

enum MedianStability {
    /// of: the median stability in days of `set`'s cards with `weights`; nil without cards.
    static func of(_ weights: [Double], on set: TrainingSet) -> Double? {
        guard weights.count == FSRSParameters.count, !set.sequences.isEmpty else { return nil }
        let model = FSRSGradient(weights: ParameterClipper.clipped(weights, shortTerm: false))
        var stabilities: [Double] = []
        stabilities.reserveCapacity(set.sequences.count)
        for reviews in set.sequences where !reviews.isEmpty {
            var s = 0.0, d = 0.0
            for (t, review) in reviews.enumerated() {
                (s, d, _) = model.forward(s: s, d: d, review: review, first: t == 0)
            }
            if s.isFinite { stabilities.append(s) }
        }
        guard !stabilities.isEmpty else { return nil }
        stabilities.sort()
        let middle = stabilities.count / 2
        return stabilities.count % 2 == 1 ? stabilities[middle] : (stabilities[middle - 1] + stabilities[middle]) / 2
    }
}
