import Foundation

/// StudyCalendar: the learner's study days — local calendar days that roll over at
/// `rolloverHour` (4 am by default, as Anki does), numbered so statistics can do arithmetic on
/// them.
///
/// Same rule as the store's `StudyDay`: an instant belongs to the local calendar date of
/// (instant − rollover hours), and a day starts at that date's midnight plus the rollover hours
/// (elapsed hours, so a DST change moves the start with the clock as `StudyDay` does). A day
/// number is the count of calendar days since 1970-01-01, so day arithmetic (streaks, weeks,
/// weekdays) needs no calendar calls.
public struct StudyCalendar: Sendable, Equatable {
    /// rolloverHour: the local hour a new study day begins (0–23).
    public var rolloverHour: Int
    /// timeZone: the learner's time zone (injected: tests pin it).
    public var timeZone: TimeZone

    /// init: a calendar rolling over at `rolloverHour` (clamped to 0–23) in `timeZone`.
    public init(rolloverHour: Int = 4, timeZone: TimeZone = .current) {
        self.rolloverHour = min(max(rolloverHour, 0), 23)
        self.timeZone = timeZone
    }

    /// gregorian: a Gregorian calendar in the learner's zone.
    private var gregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// day: the study day number holding `date`.
    public func day(of date: Date) -> Int {
        let shifted = date.addingTimeInterval(-Double(rolloverHour) * 3600)
        let parts = gregorian.dateComponents([.year, .month, .day], from: shifted)
        return Self.dayNumber(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// start: when study day `day` begins (its local midnight plus the rollover hours).
    public func start(ofDay day: Int) -> Date {
        let (year, month, dayOfMonth) = Self.civilDate(day)
        let calendar = gregorian
        let midnight = calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth)) ?? Date(timeIntervalSince1970: Double(day) * 86_400)
        return calendar.date(byAdding: .hour, value: rolloverHour, to: midnight) ?? midnight
    }

    /// end: when study day `day` ends (the next day's start).
    public func end(ofDay day: Int) -> Date {
        start(ofDay: day + 1)
    }

    /// weekday: 0 Sunday … 6 Saturday for a day number (1970-01-01 was a Thursday).
    public static func weekday(ofDay day: Int) -> Int {
        ((day + 4) % 7 + 7) % 7
    }

    /// month: the calendar month (1–12) of a day number, for the heatmap's month labels.
    public static func month(ofDay day: Int) -> Int {
        civilDate(day).month
    }

    /// dayOfMonth: the day of the month (1–31) of a day number.
    public static func dayOfMonth(_ day: Int) -> Int {
        civilDate(day).day
    }

    /// dayNumber: days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
    /// days_from_civil), exact for any date without a calendar object.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// civilDate: the (year, month, day) of a day number; the inverse of `dayNumber`.
    public static func civilDate(_ number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension StudyCalendar {
    /// OffsetSpan: from `start` (seconds since the epoch) on, the zone is `offset` seconds ahead
    /// of UTC — until the next span.
    public struct OffsetSpan: Equatable, Sendable {
        public var start: Int64
        public var offset: Int
    }

    /// offsetSpans: the zone's UTC offsets between two instants (one span per DST period), so
    /// SQL can number study days exactly with a CASE over a handful of transitions.
    public func offsetSpans(from start: Date, to end: Date) -> [OffsetSpan] {
        var spans = [OffsetSpan(start: Int64.min, offset: timeZone.secondsFromGMT(for: start))]
        var cursor = start
        while spans.count < 1000, let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next <= end {
            spans.append(OffsetSpan(start: Int64(next.timeIntervalSince1970.rounded(.down)), offset: timeZone.secondsFromGMT(for: next)))
            cursor = next
        }
        return spans
    }
}
