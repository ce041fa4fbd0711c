import Foundation

/// FSRSMemoryModel: FSRS-6's formulas for stability, difficulty, retrievability and intervals.
///
/// Each formula is written in the reference's order of operations, with `pow(e, x)` where the
/// reference writes `math.e ** x`: both call the C library's `pow`, so the results agree to the
/// last bit rather than merely closely, and an interval that rounds at exactly .5 rounds alike.
package struct FSRSMemoryModel: Sendable {
    /// w: the 21 weights (see `FSRSParameters` for what each index means).
    package let w: [Double]
    /// decay: the forgetting curve's exponent, -w[20].
    package let decay: Double
    /// factor: chosen so that retrievability is exactly 90 % when elapsed days equal stability.
    package let factor: Double

    /// minimumDifficulty, maximumDifficulty: the range difficulty is clamped to.
    package static let minimumDifficulty = 1.0
    package static let maximumDifficulty = 10.0

    /// init(weights:): derives the curve's constants from the weights once, not per review.
    package init(weights: [Double]) {
        w = weights
        decay = -weights[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    /// expE: e raised to `x`, computed as the reference computes it (`math.e ** x`, not `exp`).
    private func expE(_ x: Double) -> Double {
        pow(M_E, x)
    }

    /// clampStability: stability never drops below the reference's floor of 0.001 days.
    private func clampStability(_ stability: Double) -> Double {
        max(stability, FSRSParameters.minimumStability)
    }

    /// clampDifficulty: difficulty stays within 1…10.
    private func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, Self.minimumDifficulty), Self.maximumDifficulty)
    }

    /// retrievability(elapsedDays:stability:): the chance of recall after whole `elapsedDays`.
    package func retrievability(elapsedDays: Int, stability: Double) -> Double {
        pow(1 + factor * Double(elapsedDays) / stability, decay)
    }

    /// initialStability(_:): the stability after a card's first review, w[rating - 1].
    package func initialStability(_ rating: Rating) -> Double {
        clampStability(w[rating.rawValue - 1])
    }

    /// initialDifficulty(_:clamped:): D0, the difficulty after a first review with `rating`.
    ///
    /// Unclamped, D0(Easy) is also the target of mean reversion in `nextDifficulty`.
    package func initialDifficulty(_ rating: Rating, clamped: Bool = true) -> Double {
        let difficulty = w[4] - expE(w[5] * Double(rating.rawValue - 1)) + 1
        return clamped ? clampDifficulty(difficulty) : difficulty
    }

    /// nextDifficulty(_:rating:): difficulty after a review: a step scaled by linear damping (the
    /// closer to 10, the smaller), then mean reversion towards D0(Easy) by w[7].
    package func nextDifficulty(_ difficulty: Double, rating: Rating) -> Double {
        let target = initialDifficulty(.easy, clamped: false)
        let delta = -(w[6] * Double(rating.rawValue - 3))
        let damped = difficulty + (10.0 - difficulty) * delta / 9.0
        return clampDifficulty(w[7] * target + (1 - w[7]) * damped)
    }

    /// shortTermStability(_:rating:): stability after a second review on the same day, where
    /// the forgetting curve has no time to act; a pass never lowers stability.
    package func shortTermStability(_ stability: Double, rating: Rating) -> Double {
        var increase = expE(w[17] * (Double(rating.rawValue - 3) + w[18])) * pow(stability, -w[19])
        if rating != .again {
            increase = max(increase, 1.0)
        }
        return clampStability(stability * increase)
    }

    /// nextStability(difficulty:stability:retrievability:rating:): stability after a review a
    /// day or more after the last one: the forget formula for Again, the recall formula otherwise.
    package func nextStability(difficulty: Double, stability: Double, retrievability: Double, rating: Rating) -> Double {
        let next = rating == .again
            ? forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
            : recallStability(difficulty: difficulty, stability: stability, retrievability: retrievability,
                              rating: rating)
        return clampStability(next)
    }

    /// forgetStability: stability after a lapse; never above what a same-day Again would give.
    private func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
        let longTerm = w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
            * expE((1 - retrievability) * w[14])
        let shortTerm = stability / expE(w[17] * w[18])
        return min(longTerm, shortTerm)
    }

    /// recallStability: stability after a successful recall; grows more for hard-won recalls (low
    /// retrievability), easy cards and low stability, less after Hard (w[15]), more after Easy (w[16]).
    private func recallStability(difficulty: Double, stability: Double, retrievability: Double,
                                 rating: Rating) -> Double {
        let hardPenalty = rating == .hard ? w[15] : 1
        let easyBonus = rating == .easy ? w[16] : 1
        return stability * (1 + expE(w[8]) * (11 - difficulty) * pow(stability, -w[9])
            * (expE((1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
    }

    /// intervalDays(stability:desiredRetention:maximumInterval:): whole days until retrievability
    /// falls to `desiredRetention`, rounded half to even (Python's `round`), within 1…maximum.
    package func intervalDays(stability: Double, desiredRetention: Double, maximumInterval: Int) -> Int {
        let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
        let rounded = days.rounded(.toNearestOrEven)
        guard rounded.isFinite else { return maximumInterval }
        return Int(min(max(rounded, 1), Double(maximumInterval)))
    }
}
