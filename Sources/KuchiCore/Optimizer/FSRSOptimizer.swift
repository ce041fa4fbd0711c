import Foundation
import KuchiMemory

/// FSRSTrainingConfig: the fitter's hyperparameters, fsrs-rs's defaults unless given.
public struct FSRSTrainingConfig: Equatable, Sendable {
    /// epochs: passes over the training items.
    public var epochs = 5
    /// batchSize: predictions per gradient step; at least the item count trains on the whole
    /// set at once (then the order of batches cannot matter).
    public var batchSize = 512
    /// learningRate: Adam's initial step, annealed to 0 along a cosine.
    public var learningRate = 0.04
    /// maxSequenceLength: items with more reviews than this are left out of training.
    public var maxSequenceLength = 256
    /// gamma: strength of the pull towards the initial weights.
    public var gamma = 1.0
    /// seed: the batch order's generator seed.
    public var seed: UInt64 = 2023

    /// init: the defaults, with `epochs` and `batchSize` as given.
    public init(epochs: Int = 5, batchSize: Int = 512) {
        self.epochs = epochs
        self.batchSize = batchSize
    }
}

/// FSRSFitGate: how far the data allowed the fit to go.
public enum FSRSFitGate: String, Equatable, Sendable {
    /// defaults: fewer than 8 usable items (or no first reviews to start from): nothing fitted.
    case defaults
    /// initialOnly: under 64 items, or only first long-term reviews: the initial stabilities.
    case initialOnly = "initial-only"
    /// trained: all 21 weights fitted.
    case trained
}

/// FSRSFit: what `FSRSOptimizer.fit` found.
public struct FSRSFit: Equatable, Sendable {
    /// gate: how far the fit went.
    public let gate: FSRSFitGate
    /// parameters: the 21 weights.
    public let parameters: [Double]
}

/// FSRSFitError: why a fit stopped without weights.
public enum FSRSFitError: Error, Equatable, Sendable {
    /// cancelled: the progress callback asked to stop.
    case cancelled
    /// diverged: a weight became infinite or NaN (not seen in practice; the reference refuses too).
    case diverged
}

/// FSRSOptimizer: fits FSRS-6's 21 weights to a learner's reviews, as fsrs-rs 6.6's
/// `compute_parameters` (with card ids): outlier filter, gates, initial-stability search,
/// recency weights, then Adam with cosine annealing on the analytic gradient of the
/// cross-entropy plus an L2 pull towards the initial weights, clipped after every step.
public enum FSRSOptimizer {
    /// priorSpread: how far each weight usually varies between learners; the L2 pull on a weight
    /// is scaled by its inverse square, so a fit moves freely where learners differ.
    static let priorSpread: [Double] = [
        6.43, 9.66, 17.58, 27.85, 0.57, 0.28, 0.6, 0.12, 0.39, 0.18, 0.33, 0.3, 0.09, 0.16, 0.57, 0.25,
        1.03, 0.31, 0.32, 0.14, 0.27,
    ]

    /// fit: the weights for `set`. `progress` is told the share done (0…1) after every step and
    /// stops the fit by returning false.
    /// `fullFitMinimum` is the training set a full fit needs: fsrs-rs's 64, or more (Kuchi's
    /// Optimize asks for fsrs-rs's guidance, `SchedulerOptimization.fullFitItems`); below it
    /// only the initial stabilities are fitted, as fsrs-rs's gate does.
    public static func fit(_ set: TrainingSet, config: FSRSTrainingConfig = FSRSTrainingConfig(), fullFitMinimum: Int = 64,
                           progress: ((Double) -> Bool)? = nil) throws(FSRSFitError) -> FSRSFit {
        let prepared = OutlierFilter.prepare(set)
        let training = prepared.training
        let recalled = training.reduce(0) { $0 + (set.target(of: $1).rating > 1 ? 1 : 0) }
        let averageRecall = training.isEmpty ? 0 : Double(recalled) / Double(training.count)
        guard training.count >= 8,
              let initial = InitialStability.fit(prepared.initialization, in: set, averageRecall: averageRecall)
        else { return FSRSFit(gate: .defaults, parameters: FSRSParameters.defaults) }
        let start = initial.stabilities + FSRSParameters.defaults[4...]
        if training.count == prepared.initialization.count || training.count < max(64, fullFitMinimum) {
            return FSRSFit(gate: .initialOnly, parameters: start)
        }
        let span = Double(max(training.count - 1, 1))
        var weighted: [(item: TrainingItem, weight: Double)] = []
        weighted.reserveCapacity(training.count)
        for (index, item) in training.enumerated() where item.length <= config.maxSequenceLength {
            // Recent reviews count up to 4× the oldest: the learner's memory now matters most.
            let position = Double(index) / span
            weighted.append((item, 0.25 + 0.75 * position * position * position))
        }
        var trained = try train(weighted, in: set, from: start, config: config, progress: progress)
        guard trained.allSatisfy(\.isFinite) else { throw .diverged }
        var found: [Int: Double] = [:]
        for rating in 1...4 { found[rating] = trained[rating - 1] }
        if let smoothed = InitialStability.smoothAndFill(found, counts: initial.counts) {
            trained.replaceSubrange(0..<4, with: smoothed)
        }
        return FSRSFit(gate: .trained, parameters: trained)
    }

    /// Batch: whole cards, each with the predictions made along its reviews.
    struct Batch {
        /// cards: (sequence, reviews replayed, first target index into `targets`, past-the-end).
        var cards: [(sequence: Int, length: Int, targets: Range<Int>)] = []
        var targets: [FSRSGradient.Target] = []
        var predictions: Int { targets.count }
    }

    /// batches: cards (by card id, then by their longest item) packed into batches of at most
    /// `size` predictions (a card larger than that makes a batch of its own), as the reference.
    static func batches(_ weighted: [(item: TrainingItem, weight: Double)], in set: TrainingSet, size: Int) -> [Batch] {
        var byCard: [Int: [(item: TrainingItem, weight: Double)]] = [:]
        for entry in weighted { byCard[entry.item.sequence, default: []].append(entry) }
        var cards = byCard.map { sequence, entries in
            (id: set.cardIDs[sequence], sequence: sequence, entries: entries.sorted { $0.item.length < $1.item.length })
        }
        cards.sort { $0.id < $1.id }
        // A stable sort by length keeps card-id order among equals (Rust's sort_by_cached_key).
        cards = cards.enumerated().sorted { left, right in
            let (a, b) = (left.element.entries.last?.item.length ?? 0, right.element.entries.last?.item.length ?? 0)
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        var batches: [Batch] = []
        var current = Batch()
        for card in cards {
            if !current.cards.isEmpty && current.predictions + card.entries.count > size {
                batches.append(current)
                current = Batch()
            }
            let first = current.targets.count
            for entry in card.entries {
                let label = set.target(of: entry.item).rating > 1 ? 1.0 : 0.0
                current.targets.append(FSRSGradient.Target(position: entry.item.length - 1, label: label, weight: entry.weight))
            }
            current.cards.append((card.sequence, card.entries.last?.item.length ?? 0, first..<current.targets.count))
        }
        if !current.cards.isEmpty { batches.append(current) }
        return batches
    }

    /// train: Adam over the batches for `config.epochs`, from `start`.
    static func train(_ weighted: [(item: TrainingItem, weight: Double)], in set: TrainingSet, from start: [Double],
                      config: FSRSTrainingConfig, progress: ((Double) -> Bool)?) throws(FSRSFitError) -> [Double] {
        let total = weighted.count
        let size = max(1, config.batchSize)
        let batches = batches(weighted, in: set, size: size)
        var schedule = CosineAnnealing(steps: Double((total / size + 1) * config.epochs), rate: config.learningRate)
        var adam = Adam()
        var parameters = start
        var random = SeededGenerator(seed: config.seed)
        var order = Array(batches.indices)
        var steps: [FSRSGradient.Step] = []
        var gRs: [Double] = []
        let stepsTotal = Double(max(1, batches.count * config.epochs))
        var done = 0.0
        for _ in 0..<config.epochs {
            order.shuffle(using: &random)
            for index in order {
                let batch = batches[index]
                let model = FSRSGradient(weights: parameters)
                var gradient = [Double](repeating: 0, count: FSRSParameters.count)
                for card in batch.cards {
                    _ = model.cardLoss(set.sequences[card.sequence][...], length: card.length, targets: batch.targets[card.targets],
                                       into: &gradient, steps: &steps, gRs: &gRs)
                }
                let pull = config.gamma * Double(batch.predictions) / Double(total)
                for i in 0..<FSRSParameters.count {
                    let spread = priorSpread[i] * priorSpread[i]
                    gradient[i] += 2 * (parameters[i] - start[i]) / spread * pull
                }
                adam.step(&parameters, gradient: gradient, rate: schedule.next())
                ParameterClipper.clip(&parameters, shortTerm: true)
                done += 1
                if let progress, !progress(done / stepsTotal) { throw .cancelled }
            }
        }
        return parameters
    }

    /// Adam: the optimiser's moment estimates (β1 0.9, β2 0.999, ε 1e-8).
    struct Adam {
        var m = [Double](repeating: 0, count: FSRSParameters.count)
        var v = [Double](repeating: 0, count: FSRSParameters.count)
        var t = 0

        /// step: moves `parameters` against `gradient` by `rate`.
        mutating func step(_ parameters: inout [Double], gradient: [Double], rate: Double) {
            t += 1
            let bias1 = 1 - pow(0.9, Double(t))
            let bias2 = 1 - pow(0.999, Double(t))
            for i in 0..<parameters.count {
                m[i] = 0.9 * m[i] + (1 - 0.9) * gradient[i]
                v[i] = 0.999 * v[i] + (1 - 0.999) * gradient[i] * gradient[i]
                parameters[i] -= rate * (m[i] / bias1) / ((v[i] / bias2).squareRoot() + 1e-8)
            }
        }
    }

    /// CosineAnnealing: PyTorch's recursive cosine schedule from `rate` to 0 over `steps`.
    struct CosineAnnealing {
        let steps: Double
        let rate: Double
        var count = -1.0
        var current: Double

        /// init: a schedule starting at `rate`.
        init(steps: Double, rate: Double) {
            self.steps = steps
            self.rate = rate
            current = rate
        }

        /// next: the rate for the next step.
        mutating func next() -> Double {
            count += 1
            if count == 0 {
                current = rate
            } else if (count - 1 - steps).truncatingRemainder(dividingBy: 2 * steps) == 0 {
                current = rate * (1 - cos(Double.pi / steps)) / 2
            } else {
                current = (1 + cos(Double.pi * count / steps)) / (1 + cos(Double.pi * (count - 1) / steps)) * current
            }
            return current
        }
    }
}
