import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData

/// StatsCalendarTests: study-day numbering, the rollover, DST, and the heatmap's shading.
@Suite("Stats calendar and heatmap scale")
struct StatsCalendarTests {
    @Test("day numbers and weekdays are civil-calendar arithmetic")
    func dayNumbers() {
        #expect(StudyCalendar.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(StudyCalendar.dayNumber(year: 2000, month: 3, day: 1) == 11_017)
        #expect(StudyCalendar.weekday(ofDay: 0) == 4)  // a Thursday
        let day = StudyCalendar.dayNumber(year: 2026, month: 11, day: 23)
        #expect(StudyCalendar.weekday(ofDay: day) == 1)  // a Monday
        for number in [-800, -1, 0, 59, 10_957, day, 40_000] {
            let date = StudyCalendar.civilDate(number)
            #expect(StudyCalendar.dayNumber(year: date.year, month: date.month, day: date.day) == number)
        }
        #expect(StudyCalendar.month(ofDay: day) == 11)
        #expect(StudyCalendar.dayOfMonth(day) == 23)
    }

    @Test("a study day runs from 4 am to 4 am local time, also across DST")
    func rollover() throws {
        let calendar = StudyCalendar(rolloverHour: 4, timeZone: TokyoTime.zone)
        let day = StudyCalendar.dayNumber(year: 2026, month: 11, day: 23)
        #expect(calendar.day(of: TokyoTime.at(2026, 11, 23, 3, 59)) == day - 1)
        #expect(calendar.day(of: TokyoTime.at(2026, 11, 23, 4, 0)) == day)
        #expect(calendar.start(ofDay: day) == TokyoTime.at(2026, 11, 23, 4))
        #expect(calendar.end(ofDay: day) == TokyoTime.at(2026, 11, 24, 4))
        let york = try #require(TimeZone(identifier: "America/New_York"))
        let american = StudyCalendar(rolloverHour: 4, timeZone: york)
        // 2026-03-08: clocks go from 2:00 to 3:00; the study day is 23 hours long.
        let springDay = StudyCalendar.dayNumber(year: 2026, month: 3, day: 8)
        #expect(american.end(ofDay: springDay).timeIntervalSince(american.start(ofDay: springDay)) == 23 * 3600)
        #expect(american.day(of: american.start(ofDay: springDay)) == springDay)
        #expect(american.day(of: american.start(ofDay: springDay).addingTimeInterval(-1)) == springDay - 1)
    }

    @Test("heatmap levels follow the square-root scale, worked out by hand")
    func heatmapLevels() {
        // max 100: √c/10 in quarters → level L when 16c ≤ L²·100, i.e. c ≤ 6, 25, 56, 100.
        let expected = [(0, 0), (1, 1), (6, 1), (7, 2), (25, 2), (26, 3), (56, 3), (57, 4), (100, 4), (150, 4)]
        for (count, level) in expected {
            #expect(HeatmapScale.level(count: count, maximum: 100) == level, "count \(count)")
        }
        #expect((1...4).map { HeatmapScale.upperBound(level: $0, maximum: 100) } == [6, 25, 56, 100])
        // A lone review on a quiet heatmap is the darkest shade.
        #expect(HeatmapScale.level(count: 1, maximum: 1) == 4)
        // max 9: thresholds 16c ≤ 9, 36, 81, 144 → 0, 2, 5, 9.
        #expect((1...9).map { HeatmapScale.level(count: $0, maximum: 9) } == [2, 2, 3, 3, 3, 4, 4, 4, 4])
    }
}
