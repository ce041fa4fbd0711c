import Foundation
import GRDB
import KuchiData

/// StatsSource: the learner database as the statistics read it — any GRDB reader (the app's
/// open queue, or the file `kuchi stats` opened with `LearnerDatabase.openReadOnly`).
public struct StatsSource: Sendable {
    let reader: any DatabaseReader

    /// init: statistics over an open database.
    public init(reader: any DatabaseReader) {
        self.reader = reader
    }

    /// snapshot: every figure for `learner` at `now`, in one read transaction (so the figures
    /// agree with each other even while another window writes).
    public func snapshot(learner: UUID, calendar: StudyCalendar, categories: StatsCategoryIndex, now: Date) throws -> StatsSnapshot {
        try reader.read { db in
            try StatsSnapshot.load(db, learner: learner, calendar: calendar, categories: categories, now: now)
        }
    }
}
