import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory

/// FixedGenerator: a generator that always returns the same word, to pin fuzz at its extremes.
struct FixedGenerator: RandomNumberGenerator {
    /// value: the word every `next()` returns.
    let value: UInt64
    /// next: `value`, always.
    mutating func next() -> UInt64 { value }
}

/// FSRSSchedulerTests: concrete scheduling behaviour, each derived from FSRS-6's definitions.
@Suite("FSRS scheduler")
struct FSRSSchedulerTests {
    /// start: the moment most reviews happen at.
    let start = Date(timeIntervalSince1970: 1_750_000_000)
    /// w: the default weights the expectations are derived from.
    let w = FSRSParameters.defaults
    /// day: one day in seconds.
    let day: TimeInterval = 86_400

    /// reviewCard: a card in Review with the given memory, last reviewed `daysAgo` before `start`.
    func reviewCard(stability: Double, difficulty: Double = 5, daysAgo: Double) -> FSRSCard {
        FSRSCard(state: .review, step: nil, stability: stability, difficulty: difficulty, due: start,
                 lastReview: start.addingTimeInterval(-daysAgo * day), reps: 5, lapses: 0)
    }

    /// days: the wait from `now` to the card's due date, in days.
    func days(_ card: FSRSCard, from now: Date) -> Double {
        card.due.timeIntervalSince(now) / day
    }

    @Test("a first Good gives stability w[2], difficulty D0(Good) and the 10-minute step")
    func firstGood() {
        let card = FSRSScheduler(enableFuzzing: false).review(FSRSCard(due: start), rating: .good, at: start)
        #expect(card.state == .learning)
        #expect(card.step == 1)
        #expect(card.stability == w[2])
        // D0(G) = w4 − e^(w5·(G − 1)) + 1, FSRS-6's initial difficulty.
        #expect(abs((card.difficulty ?? 0) - (w[4] - exp(w[5] * 2) + 1)) < 1e-12)
        #expect(card.due == start.addingTimeInterval(600))
        #expect(card.lastReview == start)
        #expect(card.reps == 1 && card.lapses == 0)
    }

    @Test("Hard on the first step waits halfway to the second; on a lone step, 1.5 times it")
    func hardOnFirstStep() {
        let twoSteps = FSRSScheduler(enableFuzzing: false).review(FSRSCard(due: start), rating: .hard, at: start)
        #expect(twoSteps.state == .learning && twoSteps.step == 0)
        #expect(twoSteps.due == start.addingTimeInterval((60 + 600) / 2))
        let oneStep = FSRSScheduler(learningSteps: [120], enableFuzzing: false)
            .review(FSRSCard(due: start), rating: .hard, at: start)
        #expect(oneStep.due == start.addingTimeInterval(180))
    }

    @Test("Good on the last step, Easy at once, or any pass with no steps graduates to whole days")
    func graduation() {
        let scheduler = FSRSScheduler(enableFuzzing: false)
        let first = scheduler.review(FSRSCard(due: start), rating: .good, at: start)
        let later = start.addingTimeInterval(600)
        let second = scheduler.review(first, rating: .good, at: later)
        #expect(second.state == .review && second.step == nil)
        #expect(days(second, from: later) >= 1 && days(second, from: later) == days(second, from: later).rounded())
        let easy = scheduler.review(FSRSCard(due: start), rating: .easy, at: start)
        #expect(easy.state == .review && easy.stability == w[3])
        let noSteps = FSRSScheduler(learningSteps: [], enableFuzzing: false)
            .review(FSRSCard(due: start), rating: .again, at: start)
        #expect(noSteps.state == .review && days(noSteps, from: start) >= 1)
    }

    @Test("Again on a Review card starts relearning and counts a lapse")
    func lapse() {
        let scheduler = FSRSScheduler(enableFuzzing: false)
        let card = reviewCard(stability: 20, daysAgo: 10)
        let after = scheduler.review(card, rating: .again, at: start)
        #expect(after.state == .relearning && after.step == 0)
        #expect(after.lapses == 1 && after.reps == 6)
        #expect(after.due == start.addingTimeInterval(600))
        #expect((after.stability ?? .infinity) < 20)
        #expect((after.difficulty ?? 0) > 5)
        let back = scheduler.review(after, rating: .good, at: after.due)
        #expect(back.state == .review && back.lapses == 1)
    }

    @Test("with no relearning steps, Again keeps a Review card in Review, still counting the lapse")
    func lapseWithoutRelearningSteps() {
        let after = FSRSScheduler(relearningSteps: [], enableFuzzing: false)
            .review(reviewCard(stability: 20, daysAgo: 10), rating: .again, at: start)
        #expect(after.state == .review && after.lapses == 1)
        #expect(days(after, from: start) >= 1)
    }

    @Test("no interval exceeds the maximum, fuzzed or not")
    func maximumInterval() {
        let card = reviewCard(stability: 5_000, daysAgo: 4_000)
        let exact = FSRSScheduler(maximumInterval: 30, enableFuzzing: false).review(card, rating: .easy, at: start)
        #expect(days(exact, from: start) == 30)
        let fuzzed = FSRSScheduler(maximumInterval: 30)
        for seed in 0..<200 {
            var random = SeededGenerator(seed: UInt64(seed))
            #expect(days(fuzzed.review(card, rating: .good, at: start, random: &random), from: start) <= 30)
        }
        var top = FixedGenerator(value: .max)
        #expect(days(fuzzed.review(card, rating: .good, at: start, random: &top), from: start) <= 30)
    }

    @Test("a clock set back reads as a same-day review and never schedules into the past")
    func backwardsClock() {
        let scheduler = FSRSScheduler(enableFuzzing: false)
        for card in [scheduler.review(FSRSCard(due: start), rating: .good, at: start),
                     reviewCard(stability: 12, daysAgo: 0)] {
            let earlier = start.addingTimeInterval(-3 * day)
            let back = scheduler.review(card, rating: .good, at: earlier)
            let sameMoment = scheduler.review(card, rating: .good, at: start)
            #expect(back.due > earlier)
            #expect(back.due.timeIntervalSince(earlier) == sameMoment.due.timeIntervalSince(start))
            #expect(back.stability == sameMoment.stability && back.difficulty == sameMoment.difficulty)
            #expect(scheduler.retrievability(of: card, at: earlier) == 1)
        }
    }

    @Test("a same-day pass never lowers stability; a same-day Again does")
    func sameDay() {
        let scheduler = FSRSScheduler(enableFuzzing: false)
        let first = scheduler.review(FSRSCard(due: start), rating: .good, at: start)
        let soon = start.addingTimeInterval(3_600)
        for rating in [Rating.hard, .good, .easy] {
            #expect((scheduler.review(first, rating: rating, at: soon).stability ?? 0) >= w[2])
        }
        #expect((scheduler.review(first, rating: .again, at: soon).stability ?? .infinity) < w[2])
    }

    @Test("fuzz keeps to the reference's range around the interval and spreads within it")
    func fuzzRange() throws {
        let card = reviewCard(stability: 60, daysAgo: 60)
        let exact = FSRSScheduler(enableFuzzing: false).review(card, rating: .good, at: start)
        let interval = days(exact, from: start)
        try #require(interval > 20)
        // The reference's spread: 1 day + 15 % of 2.5…7 + 10 % of 7…20 + 5 % beyond 20.
        let delta = 1 + 0.15 * 4.5 + 0.1 * 13 + 0.05 * (interval - 20)
        let lower = (interval - delta).rounded(.toNearestOrEven)
        let upper = (interval + delta).rounded(.toNearestOrEven)
        let fuzzed = FSRSScheduler()
        var seen = Set<Double>()
        for seed in 0..<300 {
            var random = SeededGenerator(seed: UInt64(seed))
            let wait = days(fuzzed.review(card, rating: .good, at: start, random: &random), from: start)
            // A draw near 1 rounds to upper + 1, as in the reference.
            #expect(wait >= lower && wait <= upper + 1 && wait == wait.rounded())
            seen.insert(wait)
        }
        #expect(seen.count >= Int(upper - lower) / 2)
        var bottom = FixedGenerator(value: 0)
        #expect(days(fuzzed.review(card, rating: .good, at: start, random: &bottom), from: start) == lower)
        var top = FixedGenerator(value: .max)
        #expect(days(fuzzed.review(card, rating: .good, at: start, random: &top), from: start) == upper + 1)
        // A draw 0.6 of a day past `lower` rounds up (the reference rounds; it does not floor).
        let unit = 0.6 / (upper - lower + 1)
        var nearLower = FixedGenerator(value: UInt64(unit * 0x1p53) << 11)
        #expect(days(fuzzed.review(card, rating: .good, at: start, random: &nearLower), from: start) == lower + 1)
    }

    @Test("fuzz is reproducible from a seeded generator and differs between seeds")
    func fuzzSeeded() {
        let scheduler = FSRSScheduler()
        func history(seed: UInt64) -> [Date] {
            var random = SeededGenerator(seed: seed)
            var card = FSRSCard(due: start)
            var dues: [Date] = []
            for _ in 0..<12 {
                card = scheduler.review(card, rating: .good, at: card.due, random: &random)
                dues.append(card.due)
            }
            return dues
        }
        #expect(history(seed: 7) == history(seed: 7))
        #expect(history(seed: 7) != history(seed: 8))
    }

    @Test("retrievability is 0 before any review, 1 at the review, near the desired retention when due")
    func retrievability() {
        for retention in [0.8, 0.9, 0.95] {
            let scheduler = FSRSScheduler(desiredRetention: retention, enableFuzzing: false)
            let new = FSRSCard(due: start)
            #expect(scheduler.retrievability(of: new, at: start) == 0)
            let card = scheduler.review(reviewCard(stability: 40, daysAgo: 40), rating: .good, at: start)
            #expect(scheduler.retrievability(of: card, at: start) == 1)
            let atDue = scheduler.retrievability(of: card, at: card.due)
            #expect(abs(atDue - retention) < 0.01)
            #expect(scheduler.retrievability(of: card, at: card.due.addingTimeInterval(30 * day)) < atDue)
        }
    }

    @Test("desired retention is clamped to 0.70…0.97")
    func retentionClamp() {
        #expect(FSRSScheduler(desiredRetention: 0.5).desiredRetention == 0.70)
        #expect(FSRSScheduler(desiredRetention: 0.99).desiredRetention == 0.97)
        #expect(FSRSScheduler(desiredRetention: 0.85).desiredRetention == 0.85)
    }

    @Test("parameters outside the reference's bounds are named")
    func parameterProblems() {
        #expect(FSRSParameters.problems(in: FSRSParameters.defaults).isEmpty)
        #expect(FSRSParameters.problems(in: [1, 2]) == ["expected 21 FSRS parameters, got 2"])
        var weights = FSRSParameters.defaults
        weights[20] = 0.9
        #expect(FSRSParameters.problems(in: weights).count == 1)
        #expect(FSRSParameters.problems(in: weights).first?.hasPrefix("parameters[20] = 0.9") == true)
    }
}
