import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory

/// FSRSParityTests: Kuchi's scheduler against the reference FSRS (py-fsrs 6.3.2), review by review.
///
/// The oracle script generates random histories (same-day reviews, lapses, long gaps, a clock set
/// back, every grade, other settings) and the reference's card after each review; the test replays
/// each history through `FSRSScheduler` from a new card and requires the same state and step,
/// stability and difficulty within 1e-6 relative, and the same due date and last review.
@Suite("FSRS parity with py-fsrs")
struct FSRSParityTests {
    /// seed, count: fixed, so a failure replays; count is the number of fuzz-free histories.
    static let seed = 20_260_423
    static let count = 1_200
    /// tolerance: the largest relative difference allowed in stability and difficulty.
    static let tolerance = 1e-6

    /// Comparison: what the replay found.
    struct Comparison {
        /// histories, fuzzedHistories: how many were replayed with fuzzing off and on.
        var histories = 0
        var fuzzedHistories = 0
        /// reviews: how many reviews were compared.
        var reviews = 0
        /// largestRelativeDifference: over every stability and difficulty compared.
        var largestRelativeDifference = 0.0
        /// mismatches: one description per history that differed, at its first difference.
        var mismatches: [String] = []
    }

    @Test("Kuchi schedules 1,000+ random histories exactly as the reference does",
          .enabled(if: FSRSOracle.isInstalled || FSRSOracle.isCI, Comment(rawValue: FSRSOracle.missingMessage)))
    func parity() throws {
        guard FSRSOracle.isInstalled else {
            Issue.record(Comment(rawValue: "CI=true and " + FSRSOracle.missingMessage))
            return
        }
        let oracle = try FSRSOracle.histories(seed: Self.seed, count: Self.count)
        #expect(oracle.fsrsVersion == "6.3.2")
        var comparison = Comparison()
        for (index, history) in oracle.histories.enumerated() {
            try replay(history, index: index, into: &comparison)
        }
        print("FSRS parity: \(comparison.histories) histories with fuzzing off and \(comparison.fuzzedHistories) "
            + "with a shared fuzz generator, \(comparison.reviews) reviews, largest relative difference in "
            + "stability/difficulty \(comparison.largestRelativeDifference)")
        #expect(comparison.histories >= 1_000)
        // The count, not the array, so a failure prints the first few mismatches rather than all.
        #expect(comparison.mismatches.count == 0, Comment(rawValue: """
            of \(comparison.histories + comparison.fuzzedHistories) histories (seed \(Self.seed)), the first differences:
            \(comparison.mismatches.prefix(5).joined(separator: "\n"))
            """))
    }

    /// replay(_:index:into:): runs one history through Kuchi's scheduler, stopping at the first
    /// review that differs (every later one would differ too).
    func replay(_ history: FSRSOracle.History, index: Int, into comparison: inout Comparison) throws {
        let config = history.config
        let scheduler = FSRSScheduler(parameters: config.parameters, desiredRetention: config.desiredRetention,
                                      learningSteps: config.learningSteps, relearningSteps: config.relearningSteps,
                                      maximumInterval: config.maximumInterval, enableFuzzing: config.fuzzSeed != nil)
        var random = SeededGenerator(seed: config.fuzzSeed ?? 0)
        if config.fuzzSeed == nil { comparison.histories += 1 } else { comparison.fuzzedHistories += 1 }
        var card = FSRSCard(due: try FSRSOracle.instant(history.start))
        var lapses = 0
        for (position, review) in history.reviews.enumerated() {
            guard let rating = Rating(rawValue: review.rating) else {
                throw FSRSOracle.OracleError(description: "history \(index) has rating \(review.rating)")
            }
            lapses += card.state == .review && rating == .again ? 1 : 0
            card = scheduler.review(card, rating: rating, at: try FSRSOracle.instant(review.time), random: &random)
            comparison.reviews += 1
            let problems = try differences(card, review.card, reps: position + 1, lapses: lapses,
                                           largest: &comparison.largestRelativeDifference)
            if !problems.isEmpty {
                let ratings = history.reviews.prefix(position + 1).map { "\($0.time) \($0.rating)" }
                comparison.mismatches.append("""
                    history[\(index)] review \(position + 1) of \(history.reviews.count): \(problems.joined(separator: ", "))
                      config: retention \(config.desiredRetention), steps \(config.learningSteps)/\(config.relearningSteps), \
                    max \(config.maximumInterval), fuzz seed \(config.fuzzSeed.map(String.init) ?? "off")
                      reviews: \(ratings.joined(separator: "; "))
                    """)
                return
            }
        }
    }

    /// differences: each field of `card` that differs from the reference's, as "field ours ≠ theirs".
    func differences(_ card: FSRSCard, _ expected: FSRSOracle.Card, reps: Int, lapses: Int,
                     largest: inout Double) throws -> [String] {
        var problems: [String] = []
        if card.state.rawValue != expected.state { problems.append("state \(card.state) ≠ \(expected.state)") }
        if card.step != expected.step { problems.append("step \(String(describing: card.step)) ≠ \(String(describing: expected.step))") }
        for (name, ours, theirs) in [("stability", card.stability, expected.stability),
                                     ("difficulty", card.difficulty, expected.difficulty)] {
            guard let ours else {
                problems.append("\(name) nil ≠ \(theirs)")
                continue
            }
            let difference = abs(ours - theirs) / max(abs(ours), abs(theirs), .leastNormalMagnitude)
            largest = max(largest, difference)
            if !(difference <= Self.tolerance) { problems.append("\(name) \(ours) ≠ \(theirs)") }
        }
        let due = try FSRSOracle.instant(expected.due)
        if card.due != due { problems.append("due \(card.due) ≠ \(due)") }
        let lastReview = try FSRSOracle.instant(expected.lastReview)
        if card.lastReview != lastReview { problems.append("last review \(String(describing: card.lastReview)) ≠ \(lastReview)") }
        if card.reps != reps { problems.append("reps \(card.reps) ≠ \(reps)") }
        if card.lapses != lapses { problems.append("lapses \(card.lapses) ≠ \(lapses)") }
        return problems
    }
}
