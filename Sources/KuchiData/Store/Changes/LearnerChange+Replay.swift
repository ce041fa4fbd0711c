import Foundation
import GRDB

extension LearnerChange {
    /// Replay: a learner's cards recomputed from their logs after a sync took in other machines'
    /// reviews, undos and weight changes — once, after every record of the folder is in.
    public struct Replay {
        public var learner: UUID
        /// desiredRetention: the learner's retention now (the timeline holds its changes).
        public var desiredRetention: Double
        /// cards: the cards whose log changed (nil: every card of the learner).
        public var cards: Set<Int64>?

        /// init: every field.
        package init(learner: UUID, desiredRetention: Double, cards: Set<Int64>?) {
            self.learner = learner
            self.desiredRetention = desiredRetention
            self.cards = cards
        }
    }
}

extension LearnerDatabase {
    /// replay: the cards of `replay.learner` recomputed with the learner's weight changes in
    /// place (`ParameterTimeline`) — only `replay.cards`, unless the scheduler changed since
    /// the last replay (retention, a weight change from any machine): then every card. Returns
    /// how many changed, and how many of those had never been reviewed here (their first
    /// reviews arrived: studied elsewhere, not rescheduled).
    static func replay(_ replay: LearnerChange.Replay, in db: Database) throws -> (changed: Int, started: Int) {
        let timeline = try ParameterTimeline.load(db, learner: replay.learner, desiredRetention: replay.desiredRetention)
        var all = replay.cards == nil
        if try SyncMetaTable.replayedScheduler(db, learner: replay.learner) != timeline.fingerprint {
            try SyncMetaTable.setReplayedScheduler(db, learner: replay.learner, fingerprint: timeline.fingerprint)
            all = true
        }
        var started = 0
        let changed = try SyncReplay.replay(db, learner: replay.learner, timeline: timeline, cards: all ? nil : replay.cards,
                                            started: { started = $0 })
        return (changed, started)
    }
}
