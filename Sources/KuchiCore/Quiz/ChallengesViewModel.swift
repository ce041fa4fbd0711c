import Foundation
import Observation

/// Feedback: what the learner is told after choosing an answer.
public enum Feedback: Hashable, Sendable {
    /// correct: the challenge just answered right (the quiz has already moved on).
    case correct(Challenge)
    /// wrong: the answer chosen, which was not the current challenge's.
    case wrong(String)
}

/// AnswerOutcome: the result of `ChallengesViewModel.check(_:)`.
public enum AnswerOutcome: Hashable, Sendable {
    case correct
    case wrong
    /// alreadyTried: the same wrong answer again; it changes nothing and costs nothing.
    case alreadyTried
    /// notAChoice: no challenge is up, or the answer is not one of its choices.
    case notAChoice
}

/// ChallengesViewModel: the quiz session — the word up, its choices, feedback and score.
///
/// The one source of truth for the challenge screen. Every stored property is written only when
/// its value really changes, because Observation reports every write: an idle write would redraw
/// a pane for nothing.
@MainActor
@Observable
public final class ChallengesViewModel {
    /// choicesPerTest: the right answer plus two distinct distractors, as in Kuchi.
    public nonisolated static let choicesPerTest = 3

    /// currentTest: the word up and its choices; nil when the session is complete.
    public internal(set) var currentTest: ChallengeTest?
    /// triedAnswers: wrong answers already chosen for the current challenge.
    public internal(set) var triedAnswers: Set<String> = []
    /// feedback: what to tell the learner about the last answer, until dismissed.
    public private(set) var feedback: Feedback?
    /// choicesVisible: the choices show (Kuchi's tap on the question hides them).
    public private(set) var choicesVisible = true
    /// hintVisible: the reading and romaji show; hidden again on each new word.
    public private(set) var hintVisible = false
    /// numberOfQuestions: correct answers that end this session (fixed for the session).
    public internal(set) var numberOfQuestions: Int
    /// answeredIndices: deck positions answered right this session, in order.
    var answeredIndices: [Int] = []
    /// score: the session's tally, observable on its own.
    public let score: Score
    /// missedWords: words missed this session and when each comes back (with a store).
    public internal(set) var missedWords: [MissedWord] = []
    /// isExtraPractice: the word up is extra practice: nothing is due and today's new words are
    /// done (still graded normally; FSRS handles an early review).
    public internal(set) var isExtraPractice = false
    /// problem: why answers are not being saved, in one sentence (nil when all is well).
    public internal(set) var problem: String?
    /// reportedProblem: the store's last problem already raised, so a learner who closed the
    /// notice is not shown the same sentence again after every answer.
    @ObservationIgnored var reportedProblem: String?

    @ObservationIgnored public let deck: Deck
    @ObservationIgnored private var random: AnyRandom
    /// remaining: deck positions not yet answered right; a swap-remove pool so picking the next
    /// word is O(1) however large the deck.
    @ObservationIgnored var remaining: [Int] = []
    @ObservationIgnored var currentIndex: Int?
    @ObservationIgnored private let indicesByCategory: [String: [Int]]
    /// memory: the learner's database and study queue; nil for a quiz that remembers nothing.
    @ObservationIgnored var memory: QuizMemory?
    /// shownAt: when the current word was shown (an answer's duration is measured from it).
    @ObservationIgnored var shownAt = Date()
    /// graded: the current showing has been graded (a miss), so the retry that follows is not.
    @ObservationIgnored var graded = false
    @ObservationIgnored let clock: @MainActor () -> Date

    /// init: a quiz that remembers — the words come from the learner's study queue, every
    /// answer is graded and saved, and a saved session in progress is continued.
    public convenience init(deck: Deck, numberOfQuestions: Int, study: StudyContext,
                            random: some RandomNumberGenerator = SystemRandomNumberGenerator(),
                            clock: @escaping @MainActor () -> Date = Date.init) {
        self.init(deck: deck, numberOfQuestions: numberOfQuestions, random: random, clock: clock, study: study)
    }

    /// init: a quiz that remembers nothing: random words, none repeated in a session.
    public convenience init(deck: Deck, numberOfQuestions: Int, random: some RandomNumberGenerator = SystemRandomNumberGenerator(),
                            clock: @escaping @MainActor () -> Date = Date.init) {
        self.init(deck: deck, numberOfQuestions: numberOfQuestions, random: random, clock: clock, study: nil)
    }

    private init(deck: Deck, numberOfQuestions: Int, random: some RandomNumberGenerator = SystemRandomNumberGenerator(),
                clock: @escaping @MainActor () -> Date, study: StudyContext?) {
        self.deck = deck
        self.random = AnyRandom(random)
        self.clock = clock
        self.score = Score(clock: clock)
        self.numberOfQuestions = Self.effectiveQuestions(numberOfQuestions, deckSize: deck.challenges.count)
        var byCategory: [String: [Int]] = [:]
        for (index, challenge) in deck.challenges.enumerated() {
            if let category = challenge.category { byCategory[category, default: []].append(index) }
        }
        indicesByCategory = byCategory
        remaining = Array(deck.challenges.indices)
        if let study {
            let memory = QuizMemory(context: study, deck: deck, now: clock())
            self.memory = memory
            problem = memory.problem
            reportedProblem = memory.problem
            if let snapshot = memory.savedSession(), resume(snapshot) { return }
            advance()
            saveAnswer(review: nil, position: nil)
        } else {
            advance()
        }
    }

    /// numberOfAnswered: correct answers so far; a wrong answer leaves it (and its readers) alone.
    public var numberOfAnswered: Int {
        answeredIndices.count
    }

    /// isComplete: the session has its `numberOfQuestions` correct answers.
    public var isComplete: Bool {
        numberOfAnswered >= numberOfQuestions
    }

    /// check: answers the current challenge with `answer`.
    @discardableResult
    public func check(_ answer: String) -> AnswerOutcome {
        guard let test = currentTest, let index = currentIndex, test.answers.contains(answer) else { return .notAChoice }
        if test.isCorrect(answer) {
            let review = grade(index, .good)
            score.recordCorrect()
            answeredIndices.append(index)
            if let position = remaining.firstIndex(of: index) { remaining.swapAt(position, remaining.count - 1); remaining.removeLast() }
            set(\.feedback, to: .correct(test.challenge))
            advance()
            saveAnswer(review: review, position: index)
            return .correct
        }
        if triedAnswers.contains(answer) { return .alreadyTried }
        let review = grade(index, .again)
        triedAnswers.insert(answer)
        score.recordWrong()
        set(\.feedback, to: .wrong(answer))
        if review != nil, let predicted = memory?.queue.cards[index].card.due {
            noteMissed(test.challenge, due: predicted)
        }
        let stored = saveAnswer(review: review, position: index)
        if review != nil, let due = stored?.card.due { noteMissed(test.challenge, due: due) }
        return .wrong
    }

    /// dismissFeedback: hides the last feedback (no write, and so no redraw, when none shows).
    public func dismissFeedback() {
        set(\.feedback, to: nil)
    }

    /// toggleChoices: shows or hides the choices, like tapping the question in Kuchi.
    public func toggleChoices() {
        choicesVisible.toggle()
    }

    /// toggleHint: shows or hides the reading and romaji of the current word.
    public func toggleHint() {
        hintVisible.toggle()
    }

    /// restart: a new session (Play Again): score reset, a fresh word, the new question count.
    public func restart(numberOfQuestions: Int? = nil) {
        if let numberOfQuestions {
            set(\.numberOfQuestions, to: Self.effectiveQuestions(numberOfQuestions, deckSize: deck.challenges.count))
        }
        if !answeredIndices.isEmpty { answeredIndices = [] }
        if !missedWords.isEmpty { missedWords = [] }
        remaining = Array(deck.challenges.indices)
        score.reset()
        set(\.feedback, to: nil)
        set(\.choicesVisible, to: true)
        advance()
        if memory != nil { saveAnswer(review: nil, position: nil) }
    }

    /// advance: picks the next word among those not yet answered right, or ends the session.
    private func advance() {
        if !triedAnswers.isEmpty { triedAnswers = [] }
        set(\.hintVisible, to: false)
        graded = false
        let next: Int?
        if isComplete {
            next = nil
        } else if let memory {
            let picked = memory.next(now: clock(), excluding: currentIndex)
            set(\.isExtraPractice, to: picked?.source == .extraPractice)
            next = picked?.position
        } else {
            next = remaining.isEmpty ? nil : remaining[Int.random(in: remaining.indices, using: &random)]
        }
        guard let index = next else {
            currentIndex = nil
            set(\.currentTest, to: nil)
            score.finish()
            return
        }
        shownAt = clock()
        currentIndex = index
        set(\.currentTest, to: makeTest(for: index))
    }

    /// makeTest: the challenge with two distractors, from its own category when it has enough.
    func makeTest(for index: Int) -> ChallengeTest {
        let challenge = deck.challenges[index]
        let needed = Self.choicesPerTest - 1
        var distractors: [String] = []
        if let category = challenge.category, let pool = indicesByCategory[category], pool.count > needed {
            distractors = pickDistinct(needed, from: pool, excluding: challenge)
        }
        if distractors.count < needed {
            distractors = pickDistinct(needed, from: Array(deck.challenges.indices), excluding: challenge)
        }
        var answers = [challenge.answer] + distractors
        answers.shuffle(using: &random)
        return ChallengeTest(challenge: challenge, answers: answers)
    }

    /// pickDistinct: up to `count` answers from `pool`, distinct from each other and from the
    /// challenge's. Random probes first (O(1) on big decks), then a scan from a random start so a
    /// small or repetitive pool still fills when it can.
    private func pickDistinct(_ count: Int, from pool: [Int], excluding challenge: Challenge) -> [String] {
        var picked: [String] = []
        var keys: Set<String> = [DeckValidator.answerKey(challenge.answer)]
        func consider(_ index: Int) {
            let answer = deck.challenges[index].answer
            if keys.insert(DeckValidator.answerKey(answer)).inserted { picked.append(answer) }
        }
        for _ in 0..<(count * 8) where picked.count < count {
            consider(pool[Int.random(in: pool.indices, using: &random)])
        }
        if picked.count < count, !pool.isEmpty {
            let start = Int.random(in: pool.indices, using: &random)
            for offset in 0..<pool.count where picked.count < count {
                consider(pool[(start + offset) % pool.count])
            }
        }
        return picked
    }

    /// set: writes a property only when the value changes, so observers hear only real changes.
    func set<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<ChallengesViewModel, Value>, to value: Value) {
        if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
    }

    /// effectiveQuestions: the session can't ask for more distinct words than the deck has.
    private static func effectiveQuestions(_ requested: Int, deckSize: Int) -> Int {
        max(1, min(requested, deckSize))
    }
}
