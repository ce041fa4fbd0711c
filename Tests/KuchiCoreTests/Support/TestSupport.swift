import Foundation
import Observation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck

// MARK: - Temporary folders

// MARK: - Deck JSON builders

/// DeckJSON: small deck files built in the test, so every rule can be exercised in isolation.
enum DeckJSON {
    /// entry: one deck entry; nil fields are left out of the object.
    static func entry(_ question: String, _ pronunciation: String, _ answer: String,
                      reading: String? = nil, category: String? = nil) -> [String: Any] {
        var object: [String: Any] = ["question": question, "pronunciation": pronunciation, "answer": answer]
        if let reading { object["reading"] = reading }
        if let category { object["category"] = category }
        return object
    }

    /// entries: entries from (question, pronunciation, answer) tuples.
    static func entries(_ tuples: [(String, String, String)], category: String? = nil) -> [[String: Any]] {
        tuples.map { entry($0.0, $0.1, $0.2, category: category) }
    }

    /// data: a whole deck file with `entries` as its challenges.
    static func data(_ entries: [Any], title: String = "Test deck") -> Data {
        object(["title": title, "challenges": entries])
    }

    /// data: a deck file from (question, pronunciation, answer) tuples.
    static func data(_ tuples: [(String, String, String)]) -> Data {
        data(entries(tuples))
    }

    /// object: any JSON value serialised (the top level need not be a deck).
    static func object(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
    }

    /// words: `count` valid, distinct entries "<prefix>1"… with answers "<prefix> meaning 1"….
    static func words(_ count: Int, prefix: String = "w", category: String? = nil) -> [[String: Any]] {
        (0..<count).map { entry("\(prefix)\($0 + 1)", "\(prefix)-p\($0 + 1)", "\(prefix) meaning \($0 + 1)", category: category) }
    }

    /// greetings: a small valid deck in the spirit of Kuchi's own.
    static let greetings: [(String, String, String)] = [
        ("はい", "hai", "Yes"),
        ("いいえ", "iie", "No"),
        ("おねがいします", "onegaishimasu", "Please"),
        ("こんにちは", "konnichiwa", "Hello"),
        ("はじめまして", "hajimemashite", "Nice to meet you"),
        ("ありがとう", "arigatō", "Thank you"),
    ]
}

/// makeDeck: decodes a deck the test expects to be valid.
func makeDeck(_ entries: [[String: Any]], title: String = "Test deck") throws -> Deck {
    try Deck.decode(DeckJSON.data(entries, title: title))
}

/// problems: the problems found in a deck the test expects to be refused.
func deckProblems(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) -> [DeckProblem] {
    do {
        let deck = try Deck.decode(data)
        Issue.record("expected the deck to be refused, got \(deck.challenges.count) entries", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.problems
    }
}

/// ProblemKey: the parts of a problem tests compare (the message is for people).
struct ProblemKey: Hashable, CustomStringConvertible {
    let kind: DeckProblem.Kind
    let entry: Int?
    let field: String?

    init(_ kind: DeckProblem.Kind, entry: Int? = nil, field: String? = nil) {
        self.kind = kind
        self.entry = entry
        self.field = field
    }

    init(_ problem: DeckProblem) {
        self.init(problem.kind, entry: problem.entry, field: problem.field)
    }

    var description: String { "\(kind) entry \(entry.map(String.init) ?? "-") field \(field ?? "-")" }
}

func keys(_ problems: [DeckProblem]) -> [ProblemKey] {
    problems.map(ProblemKey.init)
}

// MARK: - Clock

/// ClockBox: a clock the test moves by hand.
@MainActor
final class ClockBox {
    var now: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        now = start
    }

    func advance(_ seconds: TimeInterval) {
        now += seconds
    }

    var clock: @MainActor () -> Date {
        { self.now }
    }
}

// MARK: - Observation

/// FiredFlag: set from Observation's `onChange`, which must be `@Sendable`.
final class FiredFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    func raise() {
        lock.withLock { fired = true }
    }

    var value: Bool {
        lock.withLock { fired }
    }
}

/// fires: whether a change to what `read` reads is reported while `action` runs — the question
/// the front asks to decide whether to redraw a pane.
@MainActor
func fires<T>(reading read: () -> T, when action: () -> Void) -> Bool {
    let flag = FiredFlag()
    _ = withObservationTracking(read, onChange: { flag.raise() })
    action()
    return flag.value
}

// MARK: - Quiz helpers

/// wrongChoice: a choice of `test` that is not its answer.
func wrongChoices(of test: ChallengeTest) -> [String] {
    test.answers.filter { !test.isCorrect($0) }
}

/// play: answers every word right until the session ends (optionally trying every wrong choice
/// first) and returns the tests shown, in order. Stops after `limit` words so a quiz that fails
/// to move on fails the test instead of hanging it.
@MainActor
@discardableResult
func play(_ quiz: ChallengesViewModel, wrongFirst: Bool = false, limit: Int = 500,
          sourceLocation: SourceLocation = #_sourceLocation) -> [ChallengeTest] {
    var shown: [ChallengeTest] = []
    while let test = quiz.currentTest {
        guard shown.count < limit else {
            Issue.record("the session did not end after \(limit) words", sourceLocation: sourceLocation)
            break
        }
        shown.append(test)
        if wrongFirst {
            for wrong in wrongChoices(of: test) { quiz.check(wrong) }
        }
        quiz.check(test.challenge.answer)
    }
    return shown
}

/// seeded: a quiz over `deck` whose randomness is replayable.
@MainActor
func seededQuiz(_ deck: Deck, questions: Int, seed: UInt64, clock: @escaping @MainActor () -> Date = Date.init) -> ChallengesViewModel {
    ChallengesViewModel(deck: deck, numberOfQuestions: questions, random: SeededGenerator(seed: seed), clock: clock)
}
