import Foundation
import GRDB

/// ChangeStamp: the one rule that stamps a change made here and now — settings, suspensions,
/// own answers and weight changes alike: the wall clock, or one unit after the latest stamp
/// this machine has seen for what the change replaces, whichever is later.
///
/// So a change made here always wins over every change this machine has seen, whatever their
/// stamps: a machine whose clock is behind another's (or was set back) still has its latest
/// choice obeyed, here and on every machine that reads it. Before this rule, weight changes and
/// kept answers were stamped with the plain clock and lost to an older change from a machine
/// whose clock ran ahead (issue 35). Arithmetic is checked: a stamp at the top of the range
/// stays there instead of trapping.
package enum ChangeStamp {
    /// next: the stamp of a change made at wall-clock `wall` after `seen` (same unit).
    package static func next(wall: Int64, after seen: Int64?) -> Int64 {
        guard let seen else { return wall }
        let (following, overflow) = seen.addingReportingOverflow(1)
        return overflow ? seen : max(wall, following)
    }

    /// next: the same in milliseconds since 1970, from a date.
    package static func next(now: Date, after seen: Int64?) -> Int64 {
        next(wall: Milliseconds.from(now), after: seen)
    }

    /// keptAside: the latest stamp of the learner's stamped changes a sync read but keeps aside
    /// until their time comes (`sync_later`, dated after that day's tomorrow): seen, so a change
    /// made here afterwards sorts after them on every machine.
    package static func keptAside(_ db: Database, learner: UUID) throws -> Int64? {
        guard try db.hasTable("sync_later") else { return nil }
        return try Int64.fetchOne(db, sql: "SELECT MAX(time) FROM sync_later WHERE learner = ? AND kind = 1",
                                  arguments: [learner.uuidString.lowercased()])
    }

    /// adding: `amount` added to `stamp`, saturating at the top of the range.
    package static func adding(_ amount: Int64, to stamp: Int64) -> Int64 {
        let (sum, overflow) = stamp.addingReportingOverflow(amount)
        return overflow ? (amount > 0 ? .max : .min) : sum
    }

    /// latest: the later of two optional stamps.
    package static func latest(_ first: Int64?, _ second: Int64?) -> Int64? {
        switch (first, second) {
        case let (a?, b?): max(a, b)
        case let (a?, nil): a
        case let (nil, b): b
        }
    }
}
