import Foundation

/// StudyDay: the learner's study day — their local calendar day, rolling over at 4 am so a
/// session past midnight still counts for the evening it began in (as Anki does).
///
/// One small type so the queue's daily new-word limit and a stats screen agree on "today".
public struct StudyDay: Sendable, Equatable {
    /// rolloverHour: the local hour a new study day begins.
    public var rolloverHour: Int
    /// timeZone: the learner's time zone.
    public var timeZone: TimeZone

    /// init: a study day rolling over at `rolloverHour` in `timeZone`.
    public init(rolloverHour: Int = 4, timeZone: TimeZone = .current) {
        self.rolloverHour = rolloverHour
        self.timeZone = timeZone
    }

    /// start: when the study day holding `date` began (the latest rollover at or before it).
    public func start(of date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let shifted = date.addingTimeInterval(-Double(rolloverHour) * 3600)
        let midnight = calendar.startOfDay(for: shifted)
        // Adding hours on the calendar (not seconds) keeps 4 am at 4 am across DST changes.
        return calendar.date(byAdding: .hour, value: rolloverHour, to: midnight) ?? midnight
    }

    /// end: when the study day holding `date` ends (the next rollover).
    public func end(of date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start = start(of: date)
        return calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
    }
}
