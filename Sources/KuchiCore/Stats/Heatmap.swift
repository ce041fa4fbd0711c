import Foundation

/// Heatmap: reviews per study day for the last 53 weeks, for the calendar heatmap.
///
/// 53 weeks (371 days) so a 52-week chart still has a full first column whatever today's
/// weekday; the pane shows the columns that fit. Days are day numbers (`StudyCalendar`).
public struct Heatmap: Equatable, Sendable {
    /// dayCount: days kept, ending today.
    public static let dayCount = 53 * 7
    /// today: the day number of the last entry.
    public var today: Int
    /// counts: reviews per day, oldest first; `counts.last` is today.
    public var counts: [Int]

    /// init: a heatmap ending on `today`; `counts` is padded at the front or cut to `dayCount`.
    public init(today: Int, counts: [Int] = []) {
        self.today = today
        let kept = counts.suffix(Self.dayCount)
        self.counts = Array(repeating: 0, count: Self.dayCount - kept.count) + kept
    }

    /// firstDay: the day number of `counts[0]`.
    public var firstDay: Int { today - Self.dayCount + 1 }

    /// count: reviews on day `day`, 0 outside the range.
    public func count(onDay day: Int) -> Int {
        let index = day - firstDay
        return counts.indices.contains(index) ? counts[index] : 0
    }

    /// maximum: the busiest day's count in the last `days` days (the scale's top).
    public func maximum(lastDays days: Int) -> Int {
        counts.suffix(days).max() ?? 0
    }
}

/// HeatmapScale: shades a day's count on a square-root scale (as Anki's heatmap does), so a
/// few very busy days do not wash out every ordinary one.
///
/// Level 0 is no review; levels 1–4 split √count/√max into quarters: a count is at level L
/// when √count ≤ L/4 · √max, i.e. 16·count ≤ L²·max — integers only, so hand-computed tests
/// and the legend agree exactly.
public enum HeatmapScale {
    /// levels: the shades above "none".
    public static let levels = 4

    /// level: 0 for no review, else 1…4 relative to `maximum`.
    public static func level(count: Int, maximum: Int) -> Int {
        guard count > 0 else { return 0 }
        guard maximum > count else { return levels }
        for level in 1...levels where 16 * count <= level * level * maximum {
            return level
        }
        return levels
    }

    /// upperBound: the largest count shaded at `level` for `maximum` (the legend's numbers).
    public static func upperBound(level: Int, maximum: Int) -> Int {
        guard level > 0 else { return 0 }
        return level >= levels ? maximum : level * level * maximum / 16
    }
}
