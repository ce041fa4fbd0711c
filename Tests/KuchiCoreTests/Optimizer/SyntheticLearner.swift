import Foundation
@testable import KuchiCore
@testable import KuchiMemory

/// SyntheticLearner: review logs of an imagined learner, for the optimizer's tests.
///
/// Each card is studied from a random day: a first answer, sometimes one or two more the same
/// day (learning steps), then reviews when Kuchi's scheduler says, a little late or early at
/// random. Whether the learner recalls is drawn from a "true" memory (FSRS-6 with weights
/// unlike the defaults), so a fit has something real to find; a lapse is followed by a
/// same-day relearning answer.
struct SyntheticLearner {
    /// Log: one card's reviews.
    typealias Log = (card: Int64, reviews: [TrainingSet.LoggedReview])

    /// truth: the weights the imagined learner's memory follows.
    static let truth: [Double] = [
        0.5, 2.2, 4.8, 14.0, 5.9, 0.6, 2.4, 0.02, 1.6, 0.12, 1.1, 1.7, 0.08, 0.31, 1.3, 0.45,
        2.1, 0.4, 0.2, 0.1, 0.22,
    ]
    /// start: the first day of study (2025-01-01 UTC).
    static let start: Int64 = 1_735_689_600_000
    static let day: Int64 = 86_400_000

    /// logs: `cards` cards studied over `days` days.
    static func logs(seed: UInt64, cards: Int, days: Int = 240, firstCard: Int64 = 1) -> [Log] {
        var random = SeededGenerator(seed: seed)
        let scheduler = FSRSScheduler(enableFuzzing: true)
        let memory = FSRSScheduler(parameters: truth, enableFuzzing: false)
        var logs: [Log] = []
        for index in 0..<cards {
            var reviews: [TrainingSet.LoggedReview] = []
            var card = FSRSCard(due: Date())
            var truthCard = card
            var time = start + Int64.random(in: 0..<Int64(days / 2), using: &random) * day + Int64.random(in: 0..<day / 2, using: &random)
            let end = start + Int64(days) * day
            while time < end && reviews.count < 400 {
                let date = Date(timeIntervalSince1970: Double(time) / 1000)
                let recall = truthCard.lastReview == nil ? 0.0 : memory.retrievability(of: truthCard, at: date)
                let rating: Rating
                if truthCard.lastReview == nil {
                    rating = [Rating.again, .hard, .good, .good, .good, .good, .easy][Int.random(in: 0..<7, using: &random)]
                } else if Double.random(in: 0..<1, using: &random) < recall {
                    rating = [Rating.hard, .good, .good, .good, .good, .good, .easy][Int.random(in: 0..<7, using: &random)]
                } else {
                    rating = .again
                }
                reviews.append(TrainingSet.LoggedReview(time: time, rating: rating.rawValue, startsLearning: card.state == .new))
                card = scheduler.review(card, rating: rating, at: date, random: &random)
                truthCard = memory.review(truthCard, rating: rating, at: date)
                var wait = Int64(card.due.timeIntervalSince(date) * 1000)
                if wait >= day {
                    // Reviews come a little early or late, as a learner's days do.
                    wait = Int64(Double(wait) * Double.random(in: 0.8..<1.6, using: &random))
                }
                time += max(wait, 60_000)
            }
            logs.append((firstCard + Int64(index), reviews))
        }
        return logs
    }

    /// longCard: one card reviewed daily (sometimes twice a day) `count` times.
    static func longCard(id: Int64, count: Int, seed: UInt64) -> Log {
        var random = SeededGenerator(seed: seed)
        var reviews: [TrainingSet.LoggedReview] = []
        var time = start
        for index in 0..<count {
            let rating = index == 0 ? 3 : [1, 2, 3, 3, 3, 4][Int.random(in: 0..<6, using: &random)]
            reviews.append(TrainingSet.LoggedReview(time: time, rating: rating, startsLearning: index == 0))
            time += Bool.random(using: &random) ? day : day / 3
        }
        return (id, reviews)
    }

    /// resetCard: a card studied, then reset to new (a new learning block) and studied again.
    static func resetCard(id: Int64) -> Log {
        let pattern: [(day: Int64, rating: Int, starts: Bool)] = [
            (0, 3, true), (1, 3, false), (4, 1, false), (4, 3, false), (6, 3, false),
            (20, 2, true), (21, 3, false), (25, 3, false), (40, 4, false),
        ]
        return (id, pattern.map { TrainingSet.LoggedReview(time: start + $0.day * day + 3_600_000, rating: $0.rating, startsLearning: $0.starts) })
    }

    /// fewItems: 40 cards first answered Good and reviewed the next day, 12 of them once more
    /// four days later: 52 items, one first-interval group large enough to survive the filter.
    static func fewItems() -> [Log] {
        (0..<40).map { index in
            let time = start + Int64(index) * 3_600_000
            var reviews = [TrainingSet.LoggedReview(time: time, rating: 3, startsLearning: true),
                           TrainingSet.LoggedReview(time: time + day, rating: index % 5 == 0 ? 1 : 3, startsLearning: false)]
            if index < 12 { reviews.append(TrainingSet.LoggedReview(time: time + 5 * day, rating: 3, startsLearning: false)) }
            return (Int64(index + 1), reviews)
        }
    }

    /// firstReviewsOnly: cards each answered once and then once more on a later day.
    static func firstReviewsOnly(cards: Int, seed: UInt64) -> [Log] {
        var random = SeededGenerator(seed: seed)
        return (0..<cards).map { index in
            let first = [1, 2, 3, 3, 3, 4][index % 6]
            let delay = Int64([1, 2, 3][Int.random(in: 0..<3, using: &random)])
            let second = Int.random(in: 0..<10, using: &random) < 8 ? 3 : 1
            let time = start + Int64(index) * 3_600_000
            return (Int64(index + 1), [TrainingSet.LoggedReview(time: time, rating: first, startsLearning: true),
                                       TrainingSet.LoggedReview(time: time + delay * day, rating: second, startsLearning: false)])
        }
    }
}
