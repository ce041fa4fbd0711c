import Foundation
import GRDB

/// StatsSource: the learner database as the statistics read it — any GRDB reader (the app's
/// open queue, or a file opened read-only by `kuchi stats`).
public struct StatsSource: Sendable {
    let reader: any DatabaseReader

    /// init: statistics over an open database.
    public init(reader: any DatabaseReader) {
        self.reader = reader
    }

    /// openReadOnly: the database file at `url` for a quick look; nil when there is none yet.
    /// Nothing is created, migrated or changed.
    public static func openReadOnly(_ url: URL) throws -> StatsSource? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        return StatsSource(reader: try DatabaseQueue(path: url.path, configuration: configuration))
    }

    /// snapshot: every figure for `learner` at `now`, in one read transaction (so the figures
    /// agree with each other even while another window writes).
    public func snapshot(learner: UUID, calendar: StudyCalendar, categories: StatsCategoryIndex, now: Date) throws -> StatsSnapshot {
        try reader.read { db in
            try StatsSnapshot.load(db, learner: learner, calendar: calendar, categories: categories, now: now)
        }
    }
}
