import Foundation
import GRDB
import KuchiMemory
import KuchiData

/// SchedulerOptimizer: "Optimize my scheduler" for one learner — the learner's review log read
/// from the database, the fit judged against the weights in force, and, when the fit is better
/// and this is no dry run, the new weights put in force (`LearnerDatabase.applyParameters`).
/// `kuchi optimize` and Settings both call it.
public enum SchedulerOptimizer {
    /// Request: what to optimise and how.
    public struct Request: Sendable {
        public var learner: UUID
        public var desiredRetention: Double
        public var config: FSRSTrainingConfig
        public var dryRun: Bool
        public var reschedule: Bool
        public var now: Date

        /// init: a request; the defaults are a real run with fsrs-rs's hyperparameters.
        public init(learner: UUID, desiredRetention: Double, config: FSRSTrainingConfig = FSRSTrainingConfig(), dryRun: Bool = false,
                    reschedule: Bool = false, now: Date = Date()) {
            self.learner = learner
            self.desiredRetention = desiredRetention
            self.config = config
            self.dryRun = dryRun
            self.reschedule = reschedule
            self.now = now
        }
    }

    /// Report: the optimisation and whether its weights were put in force.
    public struct Report: Sendable {
        public let optimization: SchedulerOptimization
        public let applied: Bool
        public let dryRun: Bool

        /// init: a report.
        public init(optimization: SchedulerOptimization, applied: Bool, dryRun: Bool) {
            self.optimization = optimization
            self.applied = applied
            self.dryRun = dryRun
        }
    }

    /// trainingSet: `learner`'s review log as training items.
    public static func trainingSet(_ database: LearnerDatabase, learner: UUID) throws -> TrainingSet {
        try database.writer.read { db in
            var logs: [(card: Int64, reviews: [TrainingSet.LoggedReview])] = []
            try ReviewLog.eachLogged(db, learner: learner) { logged in
                guard (1...4).contains(logged.rating) else { return }
                let review = TrainingSet.LoggedReview(time: logged.time, rating: logged.rating, startsLearning: logged.state == CardState.new.rawValue)
                if logs.last?.card == logged.card {
                    logs[logs.count - 1].reviews.append(review)
                } else {
                    logs.append((logged.card, [review]))
                }
            }
            return TrainingSet(logs: logs)
        }
    }

    /// run: fits, judges and (unless a dry run or worse) applies. `progress` gets the share
    /// done and cancels by returning false (then `FSRSFitError.cancelled` is thrown).
    public static func run(_ request: Request, database: LearnerDatabase,
                           progress: ((Double) -> Bool)? = nil) throws -> Report {
        let set = try trainingSet(database, learner: request.learner)
        let current = database.parametersInForce(learner: request.learner)?.weights ?? FSRSParameters.defaults
        let optimization = try SchedulerOptimization.run(set, current: current, config: request.config, progress: progress)
        var applied = false
        if optimization.improves && !request.dryRun {
            _ = try database.applyParameters(optimization.parameters, learner: request.learner, source: .fitted,
                                             reschedule: request.reschedule, desiredRetention: request.desiredRetention, now: request.now)
            applied = true
        }
        return Report(optimization: optimization, applied: applied, dryRun: request.dryRun)
    }

    /// reset: puts the default weights back in force (as a change that travels); false when
    /// they already are.
    public static func reset(_ database: LearnerDatabase, learner: UUID, desiredRetention: Double, reschedule: Bool,
                             now: Date = Date()) throws -> Bool {
        guard let inForce = database.parametersInForce(learner: learner), inForce.weights != FSRSParameters.defaults else { return false }
        _ = try database.applyParameters(FSRSParameters.defaults, learner: learner, source: .reset, reschedule: reschedule,
                                         desiredRetention: desiredRetention, now: now)
        return true
    }

    /// verdict: the one line that tells the learner what happened, with the figures.
    public static func verdict(_ report: Report) -> String {
        let result = report.optimization
        let figures = { (before: FSRSEvaluation, after: FSRSEvaluation, arrow: String) in
            // A fourth decimal when three would show no change, so "better" is visible.
            let digits = format(before.logLoss, 3) == format(after.logLoss, 3) ? 4 : 3
            return "log loss \(format(before.logLoss, digits)) \(arrow) \(format(after.logLoss, digits)), "
                + "RMSE \(format(before.rmseBins * 100, 1)) % \(arrow) \(format(after.rmseBins * 100, 1)) %"
        }
        switch result.outcome {
        case .defaults:
            if result.items < SchedulerOptimization.minimumItems {
                return "Not enough reviews yet: \(grouped(result.items)) usable, \(SchedulerOptimization.minimumItems) needed — "
                    + "what counts: a review on a later day than the card's previous one."
            }
            return "Not enough reviews yet: \(grouped(result.items)) usable, but too few cards reviewed again after their first day to start from."
        case .keptCurrent:
            guard let before = result.before, let after = result.after else {
                return "Kept your current parameters: the new ones could not be evaluated on your reviews."
            }
            return "Kept your current parameters: they fit your reviews better (yours: log loss \(format(before.logLoss, 3)), "
                + "RMSE \(format(before.rmseBins * 100, 1)) %; new: log loss \(format(after.logLoss, 3)), RMSE \(format(after.rmseBins * 100, 1)) %)."
        case .trained, .initialOnly:
            let head = "Fitted to \(grouped(result.reviews)) reviews (\(grouped(result.items)) usable)"
            let numbers = result.before.flatMap { before in result.after.map { ": " + figures(before, $0, "→") } } ?? ""
            let partly = result.outcome != .initialOnly ? ""
                : result.items < SchedulerOptimization.fullFitItems
                ? " Only the first-review stabilities were fitted: \(grouped(result.items)) usable reviews, and a full fit needs "
                    + "\(grouped(SchedulerOptimization.fullFitItems)) (fsrs-rs's guidance)."
                : " Only the first-review stabilities could be fitted so far."
            let intervals = result.stabilityBefore.flatMap { before in result.stabilityAfter.map { after in
                " Median stability \(days(before)) → \(days(after))."
            } } ?? ""
            let tail = report.applied ? " Kuchi uses your parameters from now on." : " Dry run: nothing was changed."
            return head + numbers + "." + intervals + partly + tail
        }
    }

    /// days: a stability in days, "6.85 d".
    static func days(_ value: Double) -> String {
        format(value, value < 10 ? 2 : 1) + " d"
    }

    /// format: `value` with `digits` decimals.
    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// grouped: an integer with thin groups of three ("12 345").
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(" ") }
            result.append(digit)
        }
        return result
    }
}
