import Foundation

/// FSRSGradient: the training loss of one card's reviews and its exact gradient in the 21
/// weights, by hand-written backpropagation through FSRS-6's formulas (fsrs-rs's `analytic.rs`).
///
/// The card is replayed once; every target review contributes a weighted binary cross-entropy
/// of the retrievability predicted before it. The backward pass follows exactly the branch the
/// forward pass took (same-day, lapse — raw or floored —, success) and stops at every clamp
/// that was active, as automatic differentiation through the same code would.
struct FSRSGradient {
    /// Constants: the bounds the formulas clamp to (fsrs-rs's simulation constants).
    static let minimumStability = 0.001
    static let maximumStability = 36_500.0
    static let minimumDifficulty = 1.0
    static let maximumDifficulty = 10.0
    /// minimumProbability: predictions are clamped to (1e-7, 1 - 1e-7) inside the loss.
    static let minimumProbability = 1e-7

    /// w: the weights the loss is taken at.
    let w: [Double]
    /// decay, factor: the forgetting curve's constants.
    let decay: Double
    let factor: Double
    /// factorByDecay: d(factor)/d(decay).
    let factorByDecay: Double
    /// expW8, failureFloorDivisor, easyDifficulty, exp3W5: values every step reuses.
    let expW8: Double
    let failureFloorDivisor: Double
    let easyDifficulty: Double
    let exp3W5: Double

    /// init: the constants for weights `w`.
    init(weights w: [Double]) {
        self.w = w
        decay = -w[20]
        let c = log(0.9)
        factor = exp(c / decay) - 1
        factorByDecay = exp(c / decay) * (-c / (decay * decay))
        expW8 = exp(w[8])
        failureFloorDivisor = exp(w[17] * w[18])
        easyDifficulty = w[4] - exp(w[5] * 3) + 1
        exp3W5 = exp(3 * w[5])
    }

    /// Branch: which stability formula a review took.
    enum Branch {
        case initial, sameDay, failure, success
    }

    /// Step: one review's forward values, kept for the backward pass.
    struct Step {
        var lastS = 0.0
        var lastD = 0.0
        var deltaT = 0.0
        var rating = 0.0
        var retrievability = 0.0
        var branch = Branch.initial
        var failureRaw = 0.0
        var failureFloor = 0.0
        var usedFloor = false
        var shortRaw = 0.0
        var shortValue = 0.0
        var shortRawActive = false
        var preClampS = 0.0
        var preClampD = 0.0
        var initialRating = 1
    }

    /// Target: a review to predict, at `position` in the card's reviews.
    struct Target {
        let position: Int
        let label: Double
        let weight: Double
    }

    /// clamped: x within low…high.
    @inline(__always) static func clamped(_ x: Double, _ low: Double, _ high: Double) -> Double { min(max(x, low), high) }

    /// passes: 1 when a clamp let x through (at its bounds too, as PyTorch's clamp), else 0.
    @inline(__always) static func passes(_ x: Double, _ low: Double, _ high: Double) -> Double { x >= low && x <= high ? 1 : 0 }

    /// initialDifficulty: w[4] - e^(w[5](rating - 1)) + 1, unclamped.
    @inline(__always) func initialDifficulty(_ rating: Int) -> Double { w[4] - exp(w[5] * Double(rating - 1)) + 1 }

    /// curve: retrievability after `t` days at stability `s`.
    @inline(__always) func curve(_ t: Double, _ s: Double) -> Double { pow(max(t, 0) / s * factor + 1, decay) }

    /// forward: the state (stability, difficulty) after one review, and what backward needs.
    func forward(s: Double, d: Double, review: FSRSReview, first: Bool) -> (s: Double, d: Double, step: Step) {
        var step = Step()
        step.lastS = Self.clamped(s, Self.minimumStability, Self.maximumStability)
        step.lastD = Self.clamped(d, Self.minimumDifficulty, Self.maximumDifficulty)
        step.deltaT = Double(review.deltaT)
        step.rating = Double(review.rating)
        if first {
            let rating = min(max(review.rating, 1), 4)
            step.initialRating = rating
            step.preClampS = w[rating - 1]
            step.preClampD = initialDifficulty(rating)
            return (Self.clamped(step.preClampS, Self.minimumStability, Self.maximumStability),
                    Self.clamped(step.preClampD, Self.minimumDifficulty, Self.maximumDifficulty), step)
        }
        let lastS = step.lastS, lastD = step.lastD, rating = step.rating
        let r = curve(step.deltaT, lastS)
        step.retrievability = r
        let newS: Double
        if step.deltaT == 0 {
            step.branch = .sameDay
            step.shortRaw = exp(w[17] * (rating - 3 + w[18])) * pow(lastS, -w[19])
            step.shortRawActive = !(rating >= 2 && step.shortRaw < 1)
            step.shortValue = rating >= 2 ? max(step.shortRaw, 1) : step.shortRaw
            newS = lastS * step.shortValue
        } else if rating == 1 {
            step.branch = .failure
            step.failureRaw = w[11] * pow(lastD, -w[12]) * (pow(lastS + 1, w[13]) - 1) * exp((1 - r) * w[14])
            step.failureFloor = lastS / failureFloorDivisor
            step.usedFloor = step.failureFloor < step.failureRaw
            newS = step.usedFloor ? step.failureFloor : step.failureRaw
        } else {
            step.branch = .success
            let hard = rating == 2 ? w[15] : 1
            let easy = rating == 4 ? w[16] : 1
            let increase = expW8 * (11 - lastD) * pow(lastS, -w[9]) * (exp((1 - r) * w[10]) - 1) * hard * easy
            newS = lastS * (increase + 1)
        }
        let deltaD = -w[6] * (rating - 3)
        let nextD = lastD + (10 - lastD) * deltaD / 9
        step.preClampD = w[7] * (easyDifficulty - nextD) + nextD
        step.preClampS = newS
        return (Self.clamped(newS, Self.minimumStability, Self.maximumStability),
                Self.clamped(step.preClampD, Self.minimumDifficulty, Self.maximumDifficulty), step)
    }

    /// loss: weighted cross-entropy of a prediction and d(loss)/d(prediction); no gradient where
    /// the probability clamp is active.
    @inline(__always) static func loss(_ raw: Double, label: Double, weight: Double) -> (loss: Double, gradient: Double) {
        guard weight != 0 else { return (0, 0) }
        let r = clamped(raw, minimumProbability, 1 - minimumProbability)
        let loss = -(label * log(r) + (1 - label) * log(1 - r)) * weight
        let gradient = raw > minimumProbability && raw < 1 - minimumProbability ? -weight * (label / r - (1 - label) / (1 - r)) : 0
        return (loss, gradient)
    }

    /// curveBackward: adds d/d(w[20]) of a prediction's gradient `gR` and returns d/d(stability).
    @inline(__always) func curveBackward(t rawT: Double, s: Double, r: Double, gR: Double, into g: inout [Double]) -> Double {
        guard gR != 0 else { return 0 }
        let t = max(rawT, 0)
        let base = t / s * factor + 1
        let gS = gR * r * decay / base * (-t * factor / (s * s))
        let byDecay = r * (log(base) + decay / base * (t / s * factorByDecay))
        g[20] += -gR * byDecay
        return gS
    }

    /// backward: one review's gradients: adds the weights' into `g`, returns the previous
    /// state's (stability, difficulty). `gR` flows in through this review's own prediction.
    func backward(_ c: Step, gS gOutS: Double, gD gOutD: Double, gR gExtra: Double, into g: inout [Double]) -> (Double, Double) {
        let gPreS = gOutS * Self.passes(c.preClampS, Self.minimumStability, Self.maximumStability)
        var gLastS = 0.0, gLastD = 0.0, gR = gExtra
        if c.branch == .initial {
            g[c.initialRating - 1] += gPreS
            let gRawD = gOutD * Self.passes(c.preClampD, Self.minimumDifficulty, Self.maximumDifficulty)
            if gRawD != 0 {
                let offset = Double(c.initialRating - 1)
                g[4] += gRawD
                g[5] += gRawD * -offset * exp(offset * w[5])
            }
        } else {
            switch c.branch {
            case .sameDay:
                gLastS += sameDayBackward(c, gPreS, into: &g)
            case .failure:
                let (s, d, r) = failureBackward(c, gPreS, into: &g)
                gLastS += s; gLastD += d; gR += r
            default:
                let (s, d, r) = successBackward(c, gPreS, into: &g)
                gLastS += s; gLastD += d; gR += r
            }
            gLastD += difficultyBackward(c, gOutD, into: &g)
        }
        gLastS += curveBackward(t: c.deltaT, s: c.lastS, r: c.retrievability, gR: gR, into: &g)
        return (gLastS, gLastD)
    }

    /// successBackward: through s' = s(1 + e^w8 (11 - d) s^-w9 (e^((1-r)w10) - 1) hard easy).
    private func successBackward(_ c: Step, _ gOut: Double, into g: inout [Double]) -> (Double, Double, Double) {
        guard gOut != 0 else { return (0, 0, 0) }
        let s = c.lastS, d = c.lastD, r = c.retrievability
        let b = 11 - d
        let cS = pow(s, -w[9])
        let expE = exp((1 - r) * w[10])
        let e = expE - 1
        let hard = c.rating == 2 ? w[15] : 1
        let easy = c.rating == 4 ? w[16] : 1
        let increase = expW8 * b * cS * e * hard * easy
        let gIncrease = gOut * s
        let gS = gOut * (increase + 1) + gIncrease * increase * (-w[9] / s)
        let gD = -(gIncrease * expW8 * cS * e * hard * easy)
        let gR = gIncrease * expW8 * b * cS * hard * easy * (-w[10] * expE)
        g[8] += gIncrease * increase
        g[9] += gIncrease * increase * -log(s)
        g[10] += gIncrease * expW8 * b * cS * hard * easy * ((1 - r) * expE)
        if c.rating == 2 { g[15] += gIncrease * expW8 * b * cS * e * easy }
        if c.rating == 4 { g[16] += gIncrease * expW8 * b * cS * e * hard }
        return (gS, gD, gR)
    }

    /// failureBackward: through the lapse formula, or its floor s / e^(w17 w18) when that was lower.
    private func failureBackward(_ c: Step, _ gOut: Double, into g: inout [Double]) -> (Double, Double, Double) {
        guard gOut != 0 else { return (0, 0, 0) }
        let s = c.lastS, d = c.lastD, r = c.retrievability
        if c.usedFloor {
            g[17] += gOut * c.failureFloor * -w[18]
            g[18] += gOut * c.failureFloor * -w[17]
            return (gOut * c.failureFloor / s, 0, 0)
        }
        let raw = c.failureRaw
        let base = s + 1
        let p = pow(base, w[13])
        let dPower = pow(d, -w[12])
        let er = exp((1 - r) * w[14])
        g[11] += gOut * raw / w[11]
        g[12] += gOut * raw * -log(d)
        g[13] += gOut * w[11] * dPower * er * p * log(base)
        g[14] += gOut * raw * (1 - r)
        return (gOut * w[11] * dPower * er * w[13] * p / base, gOut * raw * (-w[12] / d), gOut * raw * -w[14])
    }

    /// sameDayBackward: through s' = s · max(e^(w17 (rating - 3 + w18)) s^-w19, 1 for a pass).
    private func sameDayBackward(_ c: Step, _ gOut: Double, into g: inout [Double]) -> Double {
        guard gOut != 0 else { return 0 }
        let s = c.lastS
        var gS = gOut * c.shortValue
        if c.shortRawActive {
            let gRaw = gOut * s
            let raw = c.shortRaw
            g[17] += gRaw * raw * (c.rating - 3 + w[18])
            g[18] += gRaw * raw * w[17]
            g[19] += gRaw * raw * -log(s)
            gS += gRaw * raw * (-w[19] / s)
        }
        return gS
    }

    /// difficultyBackward: through linear damping and mean reversion towards D0(Easy).
    private func difficultyBackward(_ c: Step, _ gOut: Double, into g: inout [Double]) -> Double {
        guard gOut != 0 else { return 0 }
        let gMean = gOut * Self.passes(c.preClampD, Self.minimumDifficulty, Self.maximumDifficulty)
        guard gMean != 0 else { return 0 }
        let ratingMinus3 = c.rating - 3
        let lastD = c.lastD
        let deltaD = -w[6] * ratingMinus3
        let nextD = lastD + (10 - lastD) * deltaD / 9
        g[7] += gMean * (easyDifficulty - nextD)
        g[4] += gMean * w[7]
        g[5] += gMean * w[7] * -3 * exp3W5
        let gNext = gMean * (1 - w[7])
        g[6] += gNext * (10 - lastD) * -ratingMinus3 / 9
        return gNext * (1 - deltaD / 9)
    }

    /// cardLoss: the summed loss of a card's `targets` (positions ≥ 1, ascending) within its
    /// first `length` reviews, adding the gradient into `g`. `steps` and `gRs` are scratch
    /// buffers reused across cards.
    func cardLoss(_ reviews: ArraySlice<FSRSReview>, length: Int, targets: ArraySlice<Target>,
                  into g: inout [Double], steps: inout [Step], gRs: inout [Double]) -> Double {
        steps.removeAll(keepingCapacity: true)
        gRs.removeAll(keepingCapacity: true)
        var loss = 0.0
        var s = 0.0, d = 0.0
        var next = targets.startIndex
        let base = reviews.startIndex
        var finalGS = 0.0
        for t in 0..<length {
            let review = reviews[base + t]
            var target: Target?
            if t > 0, next < targets.endIndex, targets[next].position == t {
                target = targets[next]
                next += 1
            }
            if t + 1 == length {
                // The last review's own transition is never used: only its prediction.
                guard let target else { break }
                let lastS = Self.clamped(s, Self.minimumStability, Self.maximumStability)
                let r = curve(Double(review.deltaT), lastS)
                let (l, gR) = Self.loss(r, label: target.label, weight: target.weight)
                loss += l
                finalGS = curveBackward(t: Double(review.deltaT), s: lastS, r: r, gR: gR, into: &g)
                    * Self.passes(s, Self.minimumStability, Self.maximumStability)
                break
            }
            let (ns, nd, step) = forward(s: s, d: d, review: review, first: t == 0)
            var gR = 0.0
            if let target {
                let (l, gradient) = Self.loss(step.retrievability, label: target.label, weight: target.weight)
                loss += l
                gR = gradient
            }
            steps.append(step)
            gRs.append(gR)
            s = ns
            d = nd
        }
        var gS = finalGS, gD = 0.0
        for index in steps.indices.reversed() {
            (gS, gD) = backward(steps[index], gS: gS, gD: gD, gR: gRs[index], into: &g)
        }
        return loss
    }
}
