import Foundation
import Observation

/// Score: the running tally of a quiz session.
///
/// An `@Observable` of its own so a score pane that reads `correct` is told about right answers
/// only, and one that reads `wrong` about misses only.
@MainActor
@Observable
public final class Score {
    /// correct: right answers this session.
    public private(set) var correct = 0
    /// wrong: misses this session (a retried word can miss more than once).
    public private(set) var wrong = 0
    /// streak: right answers since the last miss.
    public private(set) var streak = 0
    /// bestStreak: the longest streak this session.
    public private(set) var bestStreak = 0
    @ObservationIgnored public private(set) var startedAt: Date
    @ObservationIgnored public private(set) var finishedAt: Date?
    @ObservationIgnored private let clock: @MainActor () -> Date

    public init(clock: @escaping @MainActor () -> Date = Date.init) {
        self.clock = clock
        startedAt = clock()
    }

    /// accuracy: right answers over all answers, nil before the first answer.
    public var accuracy: Double? {
        let total = correct + wrong
        return total == 0 ? nil : Double(correct) / Double(total)
    }

    func recordCorrect() {
        correct += 1
        streak += 1
        if streak > bestStreak { bestStreak = streak }
    }

    func recordWrong() {
        wrong += 1
        if streak != 0 { streak = 0 }
    }

    func finish() {
        if finishedAt == nil { finishedAt = clock() }
    }

    func reset() {
        if correct != 0 { correct = 0 }
        if wrong != 0 { wrong = 0 }
        if streak != 0 { streak = 0 }
        if bestStreak != 0 { bestStreak = 0 }
        startedAt = clock()
        finishedAt = nil
    }

    /// elapsed: seconds since the session started (to its end once finished).
    public var elapsed: TimeInterval {
        (finishedAt ?? clock()).timeIntervalSince(startedAt)
    }

    /// restore: a saved session's tally, continued (its clock runs on from `elapsed`).
    func restore(correct: Int, wrong: Int, streak: Int, bestStreak: Int, elapsed: TimeInterval) {
        if self.correct != correct { self.correct = correct }
        if self.wrong != wrong { self.wrong = wrong }
        if self.streak != streak { self.streak = streak }
        if self.bestStreak != bestStreak { self.bestStreak = bestStreak }
        startedAt = clock().addingTimeInterval(-max(0, elapsed))
        finishedAt = nil
    }

    /// summary: the figures the congratulations screen shows.
    public var summary: SessionSummary {
        SessionSummary(correct: correct, wrong: wrong, bestStreak: bestStreak, elapsed: elapsed)
    }
}

/// SessionSummary: a finished session, as a value.
public struct SessionSummary: Hashable, Sendable {
    /// correct: right answers.
    public let correct: Int
    /// wrong: misses.
    public let wrong: Int
    /// bestStreak: the longest run of right answers.
    public let bestStreak: Int
    /// elapsed: seconds from the start to the last right answer.
    public let elapsed: TimeInterval

    public init(correct: Int, wrong: Int, bestStreak: Int, elapsed: TimeInterval) {
        self.correct = correct
        self.wrong = wrong
        self.bestStreak = bestStreak
        self.elapsed = elapsed
    }

    /// accuracy: right over all answers (0 before any answer).
    public var accuracy: Double {
        correct + wrong == 0 ? 0 : Double(correct) / Double(correct + wrong)
    }

    /// accuracyText: "86%".
    public var accuracyText: String {
        "\(Int((accuracy * 100).rounded()))%"
    }

    /// elapsedText: "1:05" or "1:02:03".
    public var elapsedText: String {
        let seconds = max(0, Int(elapsed.rounded()))
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}
