import Foundation
import KuchiMemory

/// ParameterPlausibility: whether FSRS weights give intervals a learner could have.
///
/// fsrs-rs's bounds keep each weight in a range the optimizer may reach, but weights chosen at
/// the edges together (the longest first stabilities, the fastest growth, the weakest damping)
/// put a card answered Good three times a century away — a forged weight change in the sync
/// folder pushed every due date to 2126 while the sync said "100 cards rescheduled" (issue 36).
/// A fit to real reviews cannot: its intervals grow with what the learner showed. So weights
/// are tried on a new card answered Good on time `reviews` times, at retention 0.9 without
/// fuzz; an interval longer than `maximumDays` is implausible. FSRS's defaults give 2, 11 and
/// 46 days, a fast learner's fit (first Good 10 days, growth e^2.5) 10, 71 and 384; the weights
/// at the bounds' edges give 100, 33,605 and 36,500 (the scheduler's cap): the limit is eighty
/// times the defaults, so a learner's own fit is never refused.
package enum ParameterPlausibility {
    /// reviews: how many on-time reviews are tried.
    package static let reviews = 3
    /// maximumDays: the longest interval those reviews may give (ten years).
    package static let maximumDays: Double = 3650

    /// problem: why `weights` cannot be put in force, nil when they can.
    package static func problem(_ weights: [Double]) -> String? {
        if let bounds = FSRSParameters.problems(in: weights).first { return bounds }
        guard let interval = longestInterval(weights) else { return "the parameters give no schedule" }
        guard interval <= maximumDays else {
            return "the parameters would schedule a card answered Good on time \(reviews) times \(Int(min(interval, 1e9)) / 365) years away"
        }
        return nil
    }

    /// longestInterval: the longest interval (days) of `reviews` on-time reviews rated Good from
    /// New, at retention 0.9 without fuzz; nil when a stability is not a number.
    package static func longestInterval(_ weights: [Double]) -> Double? {
        let scheduler = FSRSScheduler(parameters: weights, desiredRetention: 0.9, learningSteps: [], relearningSteps: [],
                                      enableFuzzing: false)
        var longest = 0.0
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var card = FSRSCard(due: now)
        for _ in 0..<reviews {
            card = scheduler.review(card, rating: .good, at: now)
            guard let stability = card.stability, stability.isFinite else { return nil }
            longest = max(longest, card.due.timeIntervalSince(now) / FSRSScheduler.secondsPerDay)
            now = card.due
        }
        return longest
    }
}
