import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory

/// Issue 40: Optimize is careful with little data — under fsrs-rs's guidance for a full fit
/// (1,000 usable reviews) only the four initial stabilities are fitted, where fsrs-rs's own gate
/// (64 items) would fit all 21; the verdict shows the median stability before → after.
@Suite("Optimize with little data")
struct OptimizeLittleDataTests {
    @Test("a learner with a few hundred usable reviews: fsrs-rs's gate would train all 21 weights; Optimize fits the first four only and says so")
    func fewHundredReviews() throws {
        let set = TrainingSet(logs: SyntheticLearner.logs(seed: 10, cards: 80))
        #expect((64..<SchedulerOptimization.fullFitItems).contains(set.items.count), "\(set.items.count) items")
        let config = FSRSTrainingConfig(batchSize: 1_000_000)
        #expect(try FSRSOptimizer.fit(set, config: config).gate == .trained, "the port's own gate, as fsrs-rs")
        let result = try SchedulerOptimization.run(set, current: FSRSParameters.defaults, config: config)
        #expect(result.outcome == .initialOnly || result.outcome == .keptCurrent, "\(result.outcome)")
        #expect(Array(result.parameters.dropFirst(4)) == Array(FSRSParameters.defaults.dropFirst(4)), "\(result.parameters)")
        let before = try #require(result.stabilityBefore)
        let after = try #require(result.stabilityAfter)
        #expect(before > 0 && after > 0)
        guard result.outcome == .initialOnly else { return }
        let verdict = SchedulerOptimizer.verdict(SchedulerOptimizer.Report(optimization: result, applied: false, dryRun: true))
        #expect(verdict.contains("Only the first-review stabilities were fitted: \(SchedulerOptimizer.grouped(set.items.count)) usable reviews, and a full fit needs 1 000"), "\(verdict)")
        #expect(verdict.contains("Median stability \(SchedulerOptimizer.days(before)) → \(SchedulerOptimizer.days(after))."), "\(verdict)")
    }

    @Test("the median stability is the middle card's: the defaults and a fit that shortens every interval differ")
    func medianStability() throws {
        let set = TrainingSet(logs: SyntheticLearner.logs(seed: 10, cards: 80))
        let defaults = try #require(MedianStability.of(FSRSParameters.defaults, on: set))
        var shorter = FSRSParameters.defaults
        for index in 0..<4 { shorter[index] /= 4 }
        shorter[8] -= 0.5  // recall grows stability less
        let shortened = try #require(MedianStability.of(shorter, on: set))
        #expect(shortened < defaults, "\(shortened) vs \(defaults)")
    }
}
