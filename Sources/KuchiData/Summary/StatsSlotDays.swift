import Foundation
import GRDB
import GRDBSQLite

/// StatsSlotDays: the review figures per study day, summed here from the slot summary's rows.
///
/// SQL grouped the rows by a day number it computed per row (an offset picked by a CASE over
/// the zone's transitions, floor divisions) and sorted the groups: with a year of 15-minute
/// slots — 35,000 rows for a learner who studies around the clock — that was a third of `kuchi
/// stats --json`'s instructions at 1M reviews (issue 39). The rows are read here as integers
/// through the C API and numbered with the same arithmetic (`dayExpression`, which the review
/// log's path still uses, and which a test holds this to).
extension StatsQueries {
    /// summaryDays: the learner's figures per study day from `review_slot`, oldest first;
    /// `spans` are the zone's offsets over the summary's time (`StudyCalendar.offsetSpans`).
    package static func summaryDays(_ db: Database, learner: String, calendar: StudyCalendar,
                            spans: [StudyCalendar.OffsetSpan]) throws -> [DayRow] {
        let statement = try db.makeStatement(sql: """
            SELECT slot, reviews, passed, duration, review_state, review_state_passed FROM review_slot
            WHERE learner_deck IN (SELECT id FROM learner_deck WHERE learner = ?) AND reviews > 0
            """)
        try statement.setArguments([learner])
        let rollover = Int64(calendar.rolloverHour * 3600)
        var byDay: [Int: DayRow] = [:]
        try withExtendedLifetime(statement) {
            let handle = statement.sqliteStatement
            defer { sqlite3_reset(handle) }
            while true {
                let step = sqlite3_step(handle)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: step), message: db.lastErrorMessage)
                }
                let day = Self.day(slot: sqlite3_column_int64(handle, 0), rollover: rollover, spans: spans)
                var row = byDay[day] ?? DayRow(day: day, reviews: 0, passed: 0, milliseconds: 0, reviewState: 0, reviewStatePassed: 0)
                row.reviews += Int(sqlite3_column_int64(handle, 1))
                row.passed += Int(sqlite3_column_int64(handle, 2))
                row.milliseconds += Int(sqlite3_column_int64(handle, 3))
                row.reviewState += Int(sqlite3_column_int64(handle, 4))
                row.reviewStatePassed += Int(sqlite3_column_int64(handle, 5))
                byDay[day] = row
            }
        }
        return byDay.values.sorted { $0.day < $1.day }
    }

    /// day: the study day of a summary slot — `dayExpression(seconds: slotSeconds, …)` in Swift:
    /// the slot's second (its last one before the epoch, as `slotSeconds` says), less the
    /// rollover, plus the zone's offset then, divided by a day rounding down.
    package static func day(slot: Int64, rollover: Int64, spans: [StudyCalendar.OffsetSpan]) -> Int {
        let shifted = slot * 900 - (slot < 0 ? 1 : 0) - rollover
        var offset = spans.first?.offset ?? 0
        if spans.count > 1 {
            // The CASE's order: the span before the first transition still ahead of `shifted`.
            offset = spans[spans.count - 1].offset
            for index in 1..<spans.count where shifted < spans[index].start {
                offset = spans[index - 1].offset
                break
            }
        }
        let value = shifted + Int64(offset)
        return Int(value / 86400 - (value % 86400 < 0 ? 1 : 0))
    }
}
