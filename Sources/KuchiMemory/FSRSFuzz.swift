/// FSRSFuzz: the reference's interval fuzz, which spreads cards learned together over nearby days.
///
/// Without it, twenty words learned in one session come due on the same days forever. The
/// spread grows with the interval: 15 % of the days between 2.5 and 7, 10 % between 7 and 20 and
/// 5 % beyond, plus one day.
package struct FSRSFuzz: Sendable {
    /// Band: one stretch of intervals and the share of it that widens the fuzz range.
    private struct Band {
        let start: Double
        let end: Double
        let factor: Double
    }

    /// bands: the reference's fuzz ranges.
    private static let bands = [
        Band(start: 2.5, end: 7.0, factor: 0.15),
        Band(start: 7.0, end: 20.0, factor: 0.1),
        Band(start: 20.0, end: .infinity, factor: 0.05),
    ]

    /// maximumInterval: no fuzzed interval goes beyond it.
    package let maximumInterval: Int

    /// range(forDays:): the reference's bounds (min_ivl, max_ivl) around `days`, at least 2.
    package func range(forDays days: Int) -> ClosedRange<Int> {
        var delta = 1.0
        for band in Self.bands {
            delta += band.factor * max(min(Double(days), band.end) - band.start, 0.0)
        }
        let upper = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), maximumInterval)
        let lower = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), upper)
        return lower...upper
    }

    /// fuzzed(days:random:): `days` moved to a random day near it; intervals under 2.5 days stay.
    ///
    /// As in the reference, a uniform draw over `lower ..< upper + 1` is rounded half to even, so
    /// the result can be `upper + 1` (still capped by the maximum interval). Kuchi keeps that
    /// quirk: the brief is to schedule exactly as the reference does.
    package func fuzzed(days: Int, random: inout some RandomNumberGenerator) -> Int {
        guard Double(days) >= 2.5 else { return days }
        let bounds = range(forDays: days)
        let draw = Self.unitRandom(&random) * Double(bounds.upperBound - bounds.lowerBound + 1)
            + Double(bounds.lowerBound)
        return min(Int(draw.rounded(.toNearestOrEven)), maximumInterval)
    }

    /// unitRandom: a uniform Double in 0 ..< 1 from the top 53 bits of one `next()`.
    ///
    /// Spelled out rather than `Double.random(in:using:)` so the oracle script can draw the very
    /// same numbers from the same SplitMix64 seed and check fuzzed schedules too.
    package static func unitRandom(_ random: inout some RandomNumberGenerator) -> Double {
        Double(random.next() >> 11) * 0x1p-53
    }
}
