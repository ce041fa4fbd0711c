import Foundation

/// FSRSScheduler: decides when each card comes back, with FSRS-6 exactly as the reference
/// implementation (py-fsrs 6.3.2) schedules it.
///
/// A review updates the card's memory (stability: days until recall falls to 90 %; difficulty:
/// 1…10), then picks the next due date: a short learning or relearning step, or whole days
/// until retrievability falls to the desired retention. `CardState.new` is the reference's fresh
/// card (Learning, step 0, no memory yet). The parity test replays random histories through both.
public struct FSRSScheduler: Sendable {
    /// desiredRetention: the recall probability a card is scheduled at, within 0.70…0.97.
    public let desiredRetention: Double
    /// learningSteps: the waits between reviews of a card still being learned.
    public let learningSteps: [TimeInterval]
    /// relearningSteps: the waits between reviews of a forgotten card being learned again.
    public let relearningSteps: [TimeInterval]
    /// maximumInterval: the longest wait, in days, before a card comes back.
    public let maximumInterval: Int
    /// enableFuzzing: whether Review intervals are spread over nearby days.
    public let enableFuzzing: Bool
    /// model: the formulas, with the curve constants derived from the weights.
    package let model: FSRSMemoryModel

    /// retentionRange: the desired retention Settings offers; beyond it reviews get needlessly
    /// frequent (above) or most answers are forgotten (below).
    public static let retentionRange = 0.70...0.97

    /// secondsPerDay: Review intervals are whole days of 86,400 s, as the reference's `timedelta`.
    package static let secondsPerDay: TimeInterval = 86_400

    /// init: a scheduler with the reference's defaults; `parameters` must be 21 weights within the
    /// reference's bounds (`FSRSParameters.problems(in:)` says why not), a programming error
    /// otherwise. Retention is clamped to `retentionRange`, the maximum interval to at least 1.
    public init(parameters: [Double] = FSRSParameters.defaults, desiredRetention: Double = 0.9,
                learningSteps: [TimeInterval] = [60, 600], relearningSteps: [TimeInterval] = [600],
                maximumInterval: Int = 36_500, enableFuzzing: Bool = true) {
        let problems = FSRSParameters.problems(in: parameters)
        precondition(problems.isEmpty, problems.joined(separator: "; "))
        model = FSRSMemoryModel(weights: parameters)
        self.desiredRetention = min(max(desiredRetention, Self.retentionRange.lowerBound),
                                    Self.retentionRange.upperBound)
        self.learningSteps = learningSteps
        self.relearningSteps = relearningSteps
        self.maximumInterval = max(1, maximumInterval)
        self.enableFuzzing = enableFuzzing
    }

    /// parameters: the 21 weights this scheduler uses.
    public var parameters: [Double] { model.w }

    /// review(_:rating:at:): `review(_:rating:at:random:)` with the system generator for fuzz.
    public func review(_ card: FSRSCard, rating: Rating, at now: Date) -> FSRSCard {
        var random = SystemRandomNumberGenerator()
        return review(card, rating: rating, at: now, random: &random)
    }

    /// review(_:rating:at:random:): the card after a review graded `rating` at `now`.
    ///
    /// `random` is drawn from only when a Review interval of 3 days or more is fuzzed, so a
    /// seeded generator replays the same schedule. Elapsed time counts from `lastReview` in
    /// whole days and is never negative: a clock set back reads as a same-day review, and `due`
    /// is always after `now`.
    public func review(_ card: FSRSCard, rating: Rating, at now: Date,
                       random: inout some RandomNumberGenerator) -> FSRSCard {
        var next = card
        updateMemory(of: &next, rating: rating, at: now)
        let wait: Wait
        switch card.state {
        case .new, .learning:
            wait = advance(&next, through: learningSteps, rating: rating)
        case .relearning:
            wait = advance(&next, through: relearningSteps, rating: rating)
        case .review:
            next.lapses += rating == .again ? 1 : 0
            if rating == .again && !relearningSteps.isEmpty {
                next.state = .relearning
                next.step = 0
                wait = .seconds(relearningSteps[0])
            } else {
                wait = .days(intervalDays(for: next))
            }
        }
        switch wait {
        case .seconds(let seconds):
            // Steps come from settings; a negative one must not schedule into the past.
            next.due = now.addingTimeInterval(max(0, seconds))
        case .days(var days):
            if enableFuzzing && next.state == .review {
                days = FSRSFuzz(maximumInterval: maximumInterval).fuzzed(days: days, random: &random)
            }
            next.due = now.addingTimeInterval(TimeInterval(days) * Self.secondsPerDay)
        }
        next.lastReview = now
        next.reps += 1
        return next
    }

    /// retrievability(of:at:): the chance the card is recalled at `now`, 0 before any review.
    ///
    /// Counts whole elapsed days, as the reference does, so it is the value the scheduler used.
    public func retrievability(of card: FSRSCard, at now: Date) -> Double {
        guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
        return model.retrievability(elapsedDays: Self.elapsedDays(from: lastReview, to: now), stability: stability)
    }

    /// Wait: how long until the card is due: a step in seconds, or whole days in Review.
    private enum Wait {
        case seconds(TimeInterval)
        case days(Int)
    }

    /// elapsedDays(from:to:): whole days between two reviews (Python's `timedelta.days`, which
    /// floors), never negative.
    package static func elapsedDays(from start: Date, to end: Date) -> Int {
        let days = (end.timeIntervalSince(start) / secondsPerDay).rounded(.down)
        // The cap only keeps absurd dates from trapping the conversion; it is 2.7 million years.
        return days.isNaN ? 0 : Int(min(max(days, 0), 1e9))
    }

    /// updateMemory(of:rating:at:): new stability and difficulty: initial values on a first
    /// review, the same-day formula within a day of the last review, the full one otherwise.
    ///
    /// A Review or Relearning card without memory (which the reference would reject) is given
    /// initial values rather than crashing, so a damaged row cannot stop a quiz.
    private func updateMemory(of card: inout FSRSCard, rating: Rating, at now: Date) {
        guard let stability = card.stability, let difficulty = card.difficulty else {
            card.stability = model.initialStability(rating)
            card.difficulty = model.initialDifficulty(rating)
            return
        }
        let elapsed = card.lastReview.map { Self.elapsedDays(from: $0, to: now) }
        if let elapsed, elapsed < 1 {
            card.stability = model.shortTermStability(stability, rating: rating)
        } else {
            let recall = retrievability(of: card, at: now)
            card.stability = model.nextStability(difficulty: difficulty, stability: stability,
                                                 retrievability: recall, rating: rating)
        }
        card.difficulty = model.nextDifficulty(difficulty, rating: rating)
    }

    /// advance(_:through:rating:): moves a Learning or Relearning card through `steps`.
    ///
    /// Again restarts at step 0; Hard repeats the step (the first step's wait is stretched: 1.5×
    /// a lone step, or halfway to the second); Good moves on, graduating after the last step;
    /// Easy graduates at once. With no steps, or a step beyond the list (steps were shortened
    /// since), any pass graduates.
    private func advance(_ card: inout FSRSCard, through steps: [TimeInterval], rating: Rating) -> Wait {
        let step = max(0, card.step ?? 0)
        card.state = card.state == .relearning ? .relearning : .learning
        card.step = step
        if steps.isEmpty || (step >= steps.count && rating != .again) {
            return graduate(&card)
        }
        switch rating {
        case .again:
            card.step = 0
            return .seconds(steps[0])
        case .hard:
            if step == 0 {
                return .seconds(steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2.0)
            }
            return .seconds(steps[step])
        case .good:
            if step + 1 == steps.count {
                return graduate(&card)
            }
            card.step = step + 1
            return .seconds(steps[step + 1])
        case .easy:
            return graduate(&card)
        }
    }

    /// graduate(_:): moves a card to Review with a whole-day interval.
    private func graduate(_ card: inout FSRSCard) -> Wait {
        card.state = .review
        card.step = nil
        return .days(intervalDays(for: card))
    }

    /// intervalDays(for:): the unfuzzed Review interval for the card's (already updated) stability.
    private func intervalDays(for card: FSRSCard) -> Int {
        model.intervalDays(stability: card.stability ?? FSRSParameters.minimumStability,
                           desiredRetention: desiredRetention, maximumInterval: maximumInterval)
    }
}
