/// SchedulerOptimization: one "Optimize" as Anki does it: fit, then keep the new weights only
/// if they predict the learner's own reviews better than the weights in force.
public struct SchedulerOptimization: Equatable, Sendable {
    /// Outcome: what happened, as `kuchi optimize --json` names it.
    public enum Outcome: String, Sendable {
        /// trained: all 21 weights fitted, and they fit better.
        case trained
        /// initialOnly: too few reviews for more than the initial stabilities, which fit better.
        case initialOnly = "initial-only"
        /// defaults: too few usable reviews to fit anything.
        case defaults
        /// keptCurrent: a fit was made but the weights in force predict the reviews better.
        case keptCurrent = "kept-current"
    }

    /// outcome: the verdict.
    public let outcome: Outcome
    /// reviews, items: reviews in the log, and the usable ones (targets) among them.
    public let reviews: Int
    public let items: Int
    /// parameters: the weights the fit found (the defaults when nothing could be fitted).
    public let parameters: [Double]
    /// previousParameters: the weights in force before.
    public let previousParameters: [Double]
    /// before, after: the previous and the fitted weights' figures on the same items (nil
    /// without items).
    public let before: FSRSEvaluation?
    public let after: FSRSEvaluation?
    /// stabilityBefore, stabilityAfter: the median stability of the learner's cards with the
    /// previous and the fitted weights, in days (`MedianStability`): the effect on intervals.
    public var stabilityBefore: Double?
    public var stabilityAfter: Double?

    /// minimumItems: usable reviews a fit needs (fsrs-rs's first gate).
    public static let minimumItems = 8
    /// fullFitItems: usable reviews before all 21 weights are fitted — the guidance fsrs-rs and
    /// Anki give (fsrs-rs issue 152: under 1,000 reviews only pre-training, the first four
    /// initial stabilities, does better than the defaults; fsrs-rs's own gate of 64 items lets a
    /// full fit run on far less, and 221 reviews once fitted weights that halved a learner's
    /// stabilities). Below it Optimize fits the initial stabilities only, and says so.
    public static let fullFitItems = 1000

    /// improves: whether the fitted weights replace the previous ones.
    public var improves: Bool { outcome == .trained || outcome == .initialOnly }

    /// run: fits `set` and judges the result against `current`.
    public static func run(_ set: TrainingSet, current: [Double], config: FSRSTrainingConfig = FSRSTrainingConfig(),
                           progress: ((Double) -> Bool)? = nil) throws(FSRSFitError) -> SchedulerOptimization {
        let fit = try FSRSOptimizer.fit(set, config: config, fullFitMinimum: fullFitItems, progress: progress)
        let before = FSRSEvaluation.evaluate(current, on: set)
        guard fit.gate != .defaults else {
            return SchedulerOptimization(outcome: .defaults, reviews: set.reviewCount, items: set.items.count, parameters: fit.parameters,
                                         previousParameters: current, before: before, after: before.flatMap { _ in
                                             FSRSEvaluation.evaluate(fit.parameters, on: set) })
        }
        let after = FSRSEvaluation.evaluate(fit.parameters, on: set)
        let better: Bool
        if let after, let before { better = after.logLoss < before.logLoss } else { better = after != nil }
        let outcome: Outcome = !better ? .keptCurrent : fit.gate == .trained ? .trained : .initialOnly
        return SchedulerOptimization(outcome: outcome, reviews: set.reviewCount, items: set.items.count, parameters: fit.parameters,
                                     previousParameters: current, before: before, after: after,
                                     stabilityBefore: MedianStability.of(current, on: set),
                                     stabilityAfter: MedianStability.of(fit.parameters, on: set))
    }
}
