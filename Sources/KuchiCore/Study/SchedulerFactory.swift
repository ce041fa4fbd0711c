import Foundation
import GRDB

/// SchedulerFactory: the one place that makes a learner's scheduler — the app's answers, the
/// study queue, `kuchi due`, the sync replay and the bench all ask it, so everything that
/// schedules uses the same settings (and, once a learner has fitted their own FSRS parameters,
/// the same parameters in force).
public enum SchedulerFactory {
    /// scheduler: the scheduler for a learner whose desired retention is `desiredRetention`.
    public static func scheduler(learner: UUID, desiredRetention: Double, in database: LearnerDatabase?) -> FSRSScheduler {
        FSRSScheduler(desiredRetention: Settings.clampDesiredRetention(desiredRetention))
    }

    /// scheduler: the same, inside a transaction that is already open (the sync's replay).
    static func scheduler(_ db: Database, learner: UUID, desiredRetention: Double) -> FSRSScheduler {
        FSRSScheduler(desiredRetention: Settings.clampDesiredRetention(desiredRetention))
    }
}
