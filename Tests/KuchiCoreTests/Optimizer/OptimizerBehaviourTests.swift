import Foundation
import Testing
@testable import KuchiCore

/// OptimizerBehaviourTests: properties of the fitter that need no reference: the analytic
/// gradient agrees with finite differences, a fit can be cancelled, and items follow the rule.
@Suite("FSRS optimizer behaviour")
struct OptimizerBehaviourTests {
    /// loss: the summed training loss of `set`'s items (whole cards) at `weights`, and its gradient.
    func loss(_ weights: [Double], _ set: TrainingSet) -> (Double, [Double]) {
        let weighted = set.items.enumerated().map { ($0.element, 0.25 + Double($0.offset % 7) / 10) }
        var gradient = [Double](repeating: 0, count: 21)
        var total = 0.0
        var steps: [FSRSGradient.Step] = [], gRs: [Double] = []
        let model = FSRSGradient(weights: weights)
        for batch in FSRSOptimizer.batches(weighted, in: set, size: 1_000_000) {
            for card in batch.cards {
                total += model.cardLoss(set.sequences[card.sequence][...], length: card.length, targets: batch.targets[card.targets],
                                        into: &gradient, steps: &steps, gRs: &gRs)
            }
        }
        return (total, gradient)
    }

    @Test("The analytic gradient matches central finite differences on every weight")
    func gradientMatchesFiniteDifferences() {
        let set = TrainingSet(logs: SyntheticLearner.logs(seed: 3, cards: 30))
        var weights = SyntheticLearner.truth
        weights[7] = 0.05  // away from its bound, where the one-sided clamp would differ
        let (_, analytic) = loss(weights, set)
        for index in 0..<21 {
            let h = 1e-6 * max(1, abs(weights[index]))
            var up = weights, down = weights
            up[index] += h
            down[index] -= h
            let numeric = (loss(up, set).0 - loss(down, set).0) / (2 * h)
            let scale = max(1, abs(numeric))
            #expect(abs(numeric - analytic[index]) / scale < 1e-4, "w[\(index)]: analytic \(analytic[index]), numeric \(numeric)")
        }
    }

    @Test("A fit stops when its progress callback says so, and never otherwise")
    func cancellation() throws {
        let set = TrainingSet(logs: SyntheticLearner.logs(seed: 4, cards: 120))
        var calls = 0
        #expect(throws: FSRSFitError.cancelled) {
            _ = try FSRSOptimizer.fit(set) { _ in
                calls += 1
                return calls < 3
            }
        }
        #expect(calls == 3)
        var last = 0.0
        let fit = try FSRSOptimizer.fit(set) { share in
            last = share
            return true
        }
        #expect(fit.gate == .trained && last == 1)
    }

    @Test("Items: whole days since the previous review, same-day reviews only in the history, a clock set back counts 0")
    func items() {
        let day: Int64 = 86_400_000
        let t0: Int64 = 1_735_700_000_000
        let logs: [SyntheticLearner.Log] = [(7, [
            .init(time: t0, rating: 3, startsLearning: true),
            .init(time: t0 + 600_000, rating: 3, startsLearning: false),
            .init(time: t0 + day - 1, rating: 3, startsLearning: false),  // 23:59:59.999 later: same day
            .init(time: t0 + 2 * day + 5, rating: 1, startsLearning: false),
            .init(time: t0 + 2 * day - 5, rating: 3, startsLearning: false),  // clock set back: 0 days
        ])]
        let set = TrainingSet(logs: logs)
        #expect(set.sequences[0].map(\.deltaT) == [0, 0, 0, 1, 0])
        #expect(set.items.map(\.length) == [4])
        #expect(set.reviewCount == 5)
    }
}
