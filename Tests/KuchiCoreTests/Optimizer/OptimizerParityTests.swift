import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory

/// OptimizerParityTests: Kuchi's fitter against fsrs-rs 6.6 (fsrs-rs-python 0.9.3) on the same
/// review logs: the items built, `evaluate`'s figures, whole-set training at 5, 50 and 200
/// epochs, the gates, and the keep-or-replace decision.
@Suite("FSRS optimizer parity with fsrs-rs", .serialized)
struct OptimizerParityTests {
    /// enabled: the reference is installed, or CI requires it (then its absence fails).
    static let enabled = FSRSRSOracle.isInstalled || FSRSOracle.isCI

    /// learners: synthetic learners of several seeds, with a card of 300 reviews and a card
    /// reset into a new learning block among them.
    static func learners() -> [[SyntheticLearner.Log]] {
        [11, 22, 33].map { seed in
            SyntheticLearner.logs(seed: UInt64(seed), cards: 120)
                + [SyntheticLearner.longCard(id: 9_001, count: 300, seed: UInt64(seed)), SyntheticLearner.resetCard(id: 9_002)]
        }
    }

    /// wholeSet: a batch size that holds every item, so the batch order cannot matter.
    static let wholeSet = 1_000_000

    /// requireOracle: records the missing reference under CI; false when the test cannot run.
    static func requireOracle() -> Bool {
        guard FSRSRSOracle.isInstalled else {
            Issue.record(Comment(rawValue: "CI=true and " + FSRSRSOracle.missingMessage))
            return false
        }
        return true
    }

    /// materialized: a set's items as the oracle prints them.
    static func materialized(_ set: TrainingSet) -> [[[Int]]] {
        set.items.map { item in set.reviews(of: item).map { [$0.rating, $0.deltaT] } }
    }

    @Test("The same items and card ids from the same logs", .enabled(if: enabled))
    func items() throws {
        guard Self.requireOracle() else { return }
        let learners = Self.learners() + [SyntheticLearner.firstReviewsOnly(cards: 40, seed: 5)]
        let results = try FSRSRSOracle.run(learners.map { FSRSRSOracle.Case($0, fit: false) })
        for (logs, result) in zip(learners, results) {
            let set = TrainingSet(logs: logs)
            #expect(Self.materialized(set) == result.items)
            #expect(set.items.map { set.cardIDs[$0.sequence] } == result.cardIds)
        }
        // The long card's items reach past 256 reviews; the reset card starts again at day 20.
        let set = TrainingSet(logs: learners[0])
        #expect(set.items.contains { $0.length > 256 })
        let reset = try #require(set.cardIDs.firstIndex(of: 9_002))
        #expect(set.sequences[reset].first == FSRSReview(rating: 2, deltaT: 0))
    }

    @Test("evaluate: log loss and RMSE within 1e-5", .enabled(if: enabled))
    func evaluate() throws {
        guard Self.requireOracle() else { return }
        let weights = [FSRSParameters.defaults, SyntheticLearner.truth]
        let learners = Self.learners()
        let results = try FSRSRSOracle.run(learners.map { FSRSRSOracle.Case($0, fit: false, evaluate: weights) })
        for (logs, result) in zip(learners, results) {
            let set = TrainingSet(logs: logs)
            for (weight, reference) in zip(weights, result.evaluations) {
                let ours = try #require(FSRSEvaluation.evaluate(weight, on: set))
                let theirs = try #require(reference)
                #expect(abs(ours.logLoss - theirs.logLoss) < 1e-5, "log loss \(ours.logLoss) vs \(theirs.logLoss)")
                #expect(abs(ours.rmseBins - theirs.rmseBins) < 1e-5, "RMSE \(ours.rmseBins) vs \(theirs.rmseBins)")
            }
        }
    }

    @Test("Whole-set training at 5, 50 and 200 epochs: every weight within 1e-4, log loss within 1e-6",
          .enabled(if: enabled), arguments: [5, 50, 200])
    func training(epochs: Int) throws {
        guard Self.requireOracle() else { return }
        let learners = Self.learners()
        let results = try FSRSRSOracle.run(learners.map { FSRSRSOracle.Case($0, epochs: epochs, batchSize: Self.wholeSet) })
        var largest = 0.0
        for (logs, result) in zip(learners, results) {
            let set = TrainingSet(logs: logs)
            let fit = try FSRSOptimizer.fit(set, config: FSRSTrainingConfig(epochs: epochs, batchSize: Self.wholeSet))
            #expect(fit.gate.rawValue == result.gate)
            #expect(fit.gate == .trained)
            let reference = try #require(result.parameters)
            for (index, (ours, theirs)) in zip(fit.parameters, reference).enumerated() {
                largest = max(largest, abs(ours - theirs))
                #expect(abs(ours - theirs) < 1e-4, "w[\(index)] \(ours) vs \(theirs) after \(epochs) epochs")
            }
            let oursLoss = try #require(FSRSEvaluation.evaluate(fit.parameters, on: set)).logLoss
            let theirsLoss = try #require(FSRSEvaluation.evaluate(reference, on: set)).logLoss
            #expect(abs(oursLoss - theirsLoss) < 1e-6, "log loss \(oursLoss) vs \(theirsLoss)")
        }
        print("Optimizer parity, \(epochs) epochs: largest weight difference \(largest)")
    }

    @Test("The gates: under 8 items, under 64, only first reviews, enough", .enabled(if: enabled))
    func gates() throws {
        guard Self.requireOracle() else { return }
        let cases: [(String, [SyntheticLearner.Log], FSRSFitGate)] = [
            ("none", [], .defaults),
            ("under 8", Array(SyntheticLearner.logs(seed: 7, cards: 2, days: 30)), .defaults),
            ("first-review groups all too small", SyntheticLearner.firstReviewsOnly(cards: 30, seed: 8), .defaults),
            ("under 64", SyntheticLearner.fewItems(), .initialOnly),
            ("only first reviews", SyntheticLearner.firstReviewsOnly(cards: 200, seed: 9), .initialOnly),
            ("enough", SyntheticLearner.logs(seed: 10, cards: 80), .trained),
        ]
        let results = try FSRSRSOracle.run(cases.map { FSRSRSOracle.Case($0.1, batchSize: Self.wholeSet) })
        for ((name, logs, expected), result) in zip(cases, results) {
            let set = TrainingSet(logs: logs)
            let fit = try FSRSOptimizer.fit(set, config: FSRSTrainingConfig(batchSize: Self.wholeSet))
            #expect(fit.gate == expected, "\(name): \(fit.gate)")
            #expect(fit.gate.rawValue == result.gate, "\(name): ours \(fit.gate.rawValue), fsrs-rs \(result.gate)")
            if let reference = result.parameters {
                for (ours, theirs) in zip(fit.parameters, reference) {
                    #expect(abs(ours - theirs) < 1e-4, "\(name): \(fit.parameters) vs \(reference)")
                }
            }
        }
    }

    @Test("Keep or replace: the same decision as fsrs-rs's own evaluation", .enabled(if: enabled))
    func keepOrReplace() throws {
        guard Self.requireOracle() else { return }
        let learners = Self.learners()
        let currents = [FSRSParameters.defaults, SyntheticLearner.truth]
        let config = FSRSTrainingConfig(epochs: 5, batchSize: Self.wholeSet)
        // Two calls in all: the reference's fits, then its figures for the weights in force and its fit.
        let fits = try FSRSRSOracle.run(learners.map { FSRSRSOracle.Case($0, batchSize: Self.wholeSet) })
        let figures = try FSRSRSOracle.run(try zip(learners, fits).map { logs, fit in
            FSRSRSOracle.Case(logs, fit: false, evaluate: currents + [try #require(fit.parameters)])
        })
        var decisions: [Bool] = []
        for (logs, reference) in zip(learners, figures) {
            let set = TrainingSet(logs: logs)
            let theirsAfter = try #require(reference.evaluations[currents.count])
            for (index, current) in currents.enumerated() {
                let ours = try SchedulerOptimization.run(set, current: current, config: config)
                let theirsBefore = try #require(reference.evaluations[index])
                #expect(ours.improves == (theirsAfter.logLoss < theirsBefore.logLoss))
                decisions.append(ours.improves)
            }
        }
        // The defaults are replaced on every learner (their fit is better than the averages).
        #expect(stride(from: 0, to: decisions.count, by: currents.count).allSatisfy { decisions[$0] })
    }
}
