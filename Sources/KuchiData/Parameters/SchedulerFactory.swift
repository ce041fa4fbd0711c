import Foundation
import GRDB
import KuchiMemory

/// SchedulerFactory: the one place that makes a learner's scheduler — the app's answers, the
/// study queue, `kuchi due`, the sync replay and the bench all ask it, so everything that
/// schedules uses the same settings (and, once a learner has fitted their own FSRS parameters,
/// the same parameters in force).
public enum SchedulerFactory {
    /// scheduler: the scheduler for a learner whose desired retention is `desiredRetention`.
    /// The learner's parameters in force (`kuchi optimize`, `LearnerDatabase.parametersInForce`)
    /// are read from `database`; without one, or before any fit, the defaults.
    public static func scheduler(learner: UUID, desiredRetention: Double, in database: LearnerDatabase?) -> FSRSScheduler {
        scheduler(weights: database?.parametersInForce(learner: learner)?.weights, desiredRetention: desiredRetention)
    }

    /// scheduler: the same, inside a transaction that is already open (the sync's replay).
    package static func scheduler(_ db: Database, learner: UUID, desiredRetention: Double) -> FSRSScheduler {
        scheduler(weights: (try? LearnerDatabase.parameterChanges(db, learner: learner))?.last?.weights, desiredRetention: desiredRetention)
    }

    /// scheduler(weights:desiredRetention:): FSRS with `weights` (the defaults when nil or
    /// outside the scheduler's bounds) — what the replay uses for each change of weights.
    public static func scheduler(weights: [Double]?, desiredRetention: Double) -> FSRSScheduler {
        let usable = weights.flatMap { FSRSParameters.problems(in: $0).isEmpty ? $0 : nil } ?? FSRSParameters.defaults
        return FSRSScheduler(parameters: usable, desiredRetention: Settings.clampDesiredRetention(desiredRetention))
    }
}
