import Foundation
import Observation
import KuchiMemory
import KuchiDeck
import KuchiRecall
import KuchiData

/// ChallengesViewModel: the quiz session — the word up, its choices, feedback and score.
///
/// The one source of truth for the challenge screen. Every stored property is written only when
/// its value really changes, because Observation reports every write: an idle write would redraw
/// a pane for nothing.
@MainActor
@Observable
public final class ChallengesViewModel {
    /// choicesPerTest: the right answer plus two distinct distractors, as in Kuchi.
    public nonisolated static let choicesPerTest = Deck.minimumEntries

    /// currentTest: the word up and its choices; nil when the session is complete.
    public internal(set) var currentTest: ChallengeTest?
    /// triedAnswers: wrong answers already chosen for the current challenge.
    public internal(set) var triedAnswers: Set<String> = []
    /// feedback: what to tell the learner about the last answer, until dismissed.
    public internal(set) var feedback: Feedback?
    /// choicesVisible: the choices show (Kuchi's tap on the question hides them).
    public private(set) var choicesVisible = true
    /// hintVisible: the reading and romaji show; hidden again on each new word.
    public internal(set) var hintVisible = false
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
    /// teaching: the word up is met for the first time and shown as a New word card (word,
    /// reading, romaji, meaning, category) before it is asked; not graded.
    public internal(set) var teaching = false
    /// confirmation: the answer just accepted, shown with its verdict (the word, its reading and
    /// meaning) before anything else — the next word (already picked and saved) stays hidden
    /// until `goOn()`. Nil when nothing waits to be confirmed.
    public internal(set) var confirmation: Confirmation?
    /// leech: a card just forgotten for the `WordHistory.leechLapses`th time, told once: the
    /// learner chooses to go on, relearn it in Learn, or suspend it.
    public internal(set) var leech: Leech?
    /// canUndo: the last graded answer can be taken back (`undoLastAnswer()`).
    public internal(set) var canUndo = false
    /// nothingToStudy: with a learner's memory, nothing may be asked now: nothing is due, no new
    /// word is allowed today and no word has been reviewed yet for extra practice.
    public internal(set) var nothingToStudy = false
    /// ranOut: the session ended before its `numberOfQuestions` because nothing was left to ask
    /// (the usual end of a learner's day): it ends as one of N answers does — summary, sync.
    /// A session with no answer yet waits instead (`nothingToStudy`).
    public internal(set) var ranOut = false
    /// nextDue: while nothing may be asked, when this session's next card falls due (a
    /// learning step, a review); nil when none waits. `lookAgain()` asks it once it is due.
    public internal(set) var nextDue: Date?
    /// nextDueText: `nextDue` from now ("in 6 min"), kept by `lookAgain()` so the screen
    /// redraws when the wait changes, and only then.
    public internal(set) var nextDueText: String?
    /// answerKind: choose from three, or type (Settings can switch it mid-session).
    public internal(set) var answerKind: AnswerKind
    /// direction: the Settings choice of directions, fixed for the quiz (a new choice is a new quiz).
    @ObservationIgnored public let direction: QuizDirection
    /// typedAnswer: the answer field's model; it lives here so a resize (which rebuilds every
    /// pane) never loses what was typed.
    @ObservationIgnored public let typedAnswer = TypedAnswer()
    /// judge: judges typed answers against the deck (built once: it indexes every meaning); the
    /// learner's session gives the whole deck's judge, so a category filter never changes a grade.
    @ObservationIgnored public lazy var judge = RecallJudge(deck: (judgeDeck ?? deck).challenges, also: \.also)
    /// judgeDeck: the whole deck the quiz's words were selected from (nil: the quiz's deck).
    @ObservationIgnored public var judgeDeck: Deck?
    /// ownAnswers: the learner's own accepted answers, by `OwnAnswers.key(word:direction:)`.
    @ObservationIgnored public var ownAnswers: [String: [String]] = [:]
    /// overruleTarget: what "I was right" may turn into a right answer: the word and direction
    /// of the last graded typed miss, while its feedback shows and undo can take it back.
    @ObservationIgnored var overruleTarget: (challenge: Challenge, direction: StudyDirection, typed: String)?
    /// missedShowing: the current showing was already missed (typed wrong or revealed), so its
    /// retry is not counted again, with or without a store.
    @ObservationIgnored var missedShowing = false
    /// directionsByPosition: the directions each askable deck position can be asked in.
    @ObservationIgnored let directionsByPosition: [Int: [StudyDirection]]
    /// problem: why answers are not being saved, in one sentence (nil when all is well).
    public internal(set) var problem: String?
    /// reportedProblem: the store's last problem already raised, so a learner who closed the
    /// notice is not shown the same sentence again after every answer.
    @ObservationIgnored var reportedProblem: String?

    @ObservationIgnored public let deck: Deck
    @ObservationIgnored var random: AnyRandom
    /// remaining: deck positions not yet answered right; a swap-remove pool so picking the next
    /// word is O(1) however large the deck.
    @ObservationIgnored var remaining: [Int] = []
    @ObservationIgnored var currentIndex: Int?
    @ObservationIgnored let indicesByCategory: [String: [Int]]
    /// memory: the learner's database and study queue; nil for a quiz that remembers nothing.
    @ObservationIgnored var memory: QuizMemory?
    /// currentSlot: the queue slot (card) of the word up, with a learner's memory.
    @ObservationIgnored var currentSlot: Int?
    /// currentSource: why the queue picked the word up (undo puts an abandoned pick back).
    @ObservationIgnored var currentSource: StudyQueue.Source?
    /// answeredCards: cards answered right this session, with a learner's memory.
    @ObservationIgnored var answeredCards: [Int64] = []
    /// onRecorded: told of every answer the store kept (the statistics adjust their figures).
    @ObservationIgnored public var onRecorded: (@MainActor (StatsReview) -> Void)?
    /// onUndone: told when an answer was taken back (figures adjusted for it are stale).
    @ObservationIgnored public var onUndone: (@MainActor () -> Void)?
    /// onSuspended: told when a word was suspended here (`k`, a leech put away): figures that
    /// counted its cards are stale.
    @ObservationIgnored public var onSuspended: (@MainActor () -> Void)?
    /// undoPoint: the state before the last graded answer, for undo.
    @ObservationIgnored var undoPoint: UndoPoint?
    /// shownAt: when the current word was shown (an answer's duration is measured from it).
    @ObservationIgnored var shownAt = Date()
    /// graded: the current showing has been graded (a miss), so the retry that follows is not.
    @ObservationIgnored var graded = false
    @ObservationIgnored let clock: @MainActor () -> Date

    /// init: a quiz that remembers — the words come from the learner's study queue, every
    /// answer is graded and saved, and a saved session in progress is continued.
    public convenience init(deck: Deck, numberOfQuestions: Int, study: StudyContext, direction: QuizDirection = .japaneseToEnglish,
                            answerKind: AnswerKind = .choose, random: some RandomNumberGenerator = SystemRandomNumberGenerator(),
                            clock: @escaping @MainActor () -> Date = Date.init) {
        self.init(deck: deck, numberOfQuestions: numberOfQuestions, direction: direction, answerKind: answerKind, random: random,
                  clock: clock, study: study)
    }

    /// init: a quiz that remembers nothing: random words, none repeated in a session.
    public convenience init(deck: Deck, numberOfQuestions: Int, direction: QuizDirection = .japaneseToEnglish,
                            answerKind: AnswerKind = .choose, random: some RandomNumberGenerator = SystemRandomNumberGenerator(),
                            clock: @escaping @MainActor () -> Date = Date.init) {
        self.init(deck: deck, numberOfQuestions: numberOfQuestions, direction: direction, answerKind: answerKind, random: random,
                  clock: clock, study: nil)
    }

    private init(deck: Deck, numberOfQuestions: Int, direction: QuizDirection, answerKind: AnswerKind,
                 random: some RandomNumberGenerator, clock: @escaping @MainActor () -> Date, study: StudyContext?) {
        self.deck = deck
        self.random = AnyRandom(random)
        self.clock = clock
        self.direction = direction
        self.answerKind = answerKind
        self.score = Score(clock: clock)
        let askable = direction.askable(in: deck)
        directionsByPosition = Dictionary(askable.map { ($0.position, $0.directions) }, uniquingKeysWith: { first, _ in first })
        self.numberOfQuestions = Self.effectiveQuestions(numberOfQuestions, deckSize: askable.count)
        var byCategory: [String: [Int]] = [:]
        for (index, challenge) in deck.challenges.enumerated() {
            if let category = challenge.category { byCategory[category, default: []].append(index) }
        }
        indicesByCategory = byCategory
        remaining = askable.map(\.position)
        if let study {
            var generator = self.random
            let memory = QuizMemory(context: study, deck: deck, direction: direction, now: clock(),
                                    pick: { Int.random(in: 0..<max($0, 1), using: &generator) })
            self.random = generator
            self.memory = memory
            problem = memory.problem
            reportedProblem = memory.problem
            if let snapshot = memory.savedSession(), resume(snapshot) { return }
            advance()
            saveAnswer(review: nil, slot: nil)
        } else {
            advance()
        }
    }

    /// numberOfAnswered: correct answers so far; a wrong answer leaves it (and its readers) alone.
    public var numberOfAnswered: Int {
        answeredIndices.count
    }

    /// isInProgress: answers were given and the session is not over (Start resumes it).
    public var isInProgress: Bool {
        !isComplete && (numberOfAnswered > 0 || score.wrong > 0)
    }

    /// isComplete: the session has its `numberOfQuestions` correct answers, or ran out of words
    /// to ask after its first answer.
    public var isComplete: Bool {
        ranOut || numberOfAnswered >= numberOfQuestions
    }

    /// check: answers the current challenge with `answer`.
    @discardableResult
    public func check(_ answer: String) -> AnswerOutcome {
        // Answering the next word is going on from the last verdict (the screen asks for a key
        // first; a caller answering straight away has read it).
        set(\.confirmation, to: nil)
        guard let test = currentTest, let index = currentIndex, test.answers.contains(answer) else { return .notAChoice }
        if test.isCorrect(answer) {
            accept(test, at: index, feedback: .correct(test.challenge))
            return .correct
        }
        if triedAnswers.contains(answer) { return .alreadyTried }
        let point = capture()
        triedAnswers.insert(answer)
        score.recordWrong()
        set(\.feedback, to: .wrong(answer))
        gradeMiss(test, at: index, undo: point)
        return .wrong
    }

    /// accept: the current word answered right: graded Good (unless its showing was already
    /// graded), counted, and the quiz moves on, saving the answer.
    func accept(_ test: ChallengeTest, at index: Int, feedback: Feedback, answered: AnswerTiming? = nil) {
        let point = capture()
        let slot = currentSlot
        let review = grade(.good, answered: answered)
        score.recordCorrect()
        answeredIndices.append(index)
        if let slot, let memory { answeredCards.append(memory.cardID(at: slot)) }
        if let position = remaining.firstIndex(of: index) { remaining.swapAt(position, remaining.count - 1); remaining.removeLast() }
        set(\.feedback, to: feedback)
        advance()
        // The verdict is confirmed before the next card shows; the end of a session confirms
        // it on the Congratulations screen instead ("Last word: …").
        set(\.confirmation, to: isComplete ? nil : Confirmation(test: test, feedback: feedback))
        let recorded = saveAnswer(review: review, slot: slot)
        remember(point, recorded: recorded, graded: review != nil, slot: slot)
    }

    /// goOn: the learner has read the verdict: the next card (New word or question) shows, and
    /// its answer time counts from now.
    public func goOn() {
        guard confirmation != nil else { return }
        set(\.confirmation, to: nil)
        set(\.feedback, to: nil)
        shownAt = clock()
    }

    /// gradeMiss: grades the current word Again (once per showing), lists it as missed with
    /// when it comes back, and saves.
    func gradeMiss(_ test: ChallengeTest, at index: Int, undo point: UndoPoint) {
        let slot = currentSlot
        let review = grade(.again)
        if let review, let due = review.computed?.after.due { noteMissed(test.challenge, due: due) }
        let recorded = saveAnswer(review: review, slot: slot)
        if let due = recorded?.after.card.due { noteMissed(test.challenge, due: due) }
        remember(point, recorded: recorded, graded: review != nil, slot: slot)
        if let review { undoPoint?.answered = AnswerTiming(time: review.time, duration: review.duration) }
        // Told when this miss made the card a leech (a lapse from below the threshold to it).
        if let recorded, let slot, recorded.before.card.lapses < WordHistory.leechLapses { tellLeechIfUntold(slot: slot) }
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
            set(\.numberOfQuestions, to: Self.effectiveQuestions(numberOfQuestions, deckSize: directionsByPosition.count))
        }
        if !answeredIndices.isEmpty { answeredIndices = [] }
        answeredCards = []
        set(\.ranOut, to: false)
        if !missedWords.isEmpty { missedWords = [] }
        remaining = directionsByPosition.keys.sorted()
        score.reset()
        set(\.feedback, to: nil)
        set(\.confirmation, to: nil)
        set(\.choicesVisible, to: true)
        forgetUndo()
        advance()
        if memory != nil { saveAnswer(review: nil, slot: nil) }
    }

    /// advance: picks the next word among those not yet answered right, or ends the session.
    /// With a learner's memory the study queue picks it (due first, then new words within the
    /// day's limit, then extra practice of words already seen); a word met for the first time
    /// is taught before it is asked.
    func advance() {
        if !triedAnswers.isEmpty { triedAnswers = [] }
        set(\.hintVisible, to: false)
        graded = false
        missedShowing = false
        let next: (position: Int, direction: StudyDirection)?
        var teach = false
        if isComplete {
            next = nil
        } else if let memory {
            let picked = memory.next(now: clock(), excluding: currentSlot)
            set(\.isExtraPractice, to: picked?.source == .extraPractice)
            // Nothing left after an answer ends the session; before any, the screen waits.
            set(\.ranOut, to: picked == nil && (numberOfAnswered > 0 || score.wrong > 0))
            set(\.nothingToStudy, to: picked == nil && !ranOut)
            noteNextDue(picked == nil ? memory.nextDue() : nil)
            currentSlot = picked?.slot
            currentSource = picked?.source
            next = picked.map { (memory.position(of: $0.slot), memory.direction(at: $0.slot)) }
            teach = picked.map { $0.source == .new && memory.context.teachNewWords && memory.isFirstMeeting($0.slot) } ?? false
        } else {
            if remaining.isEmpty {
                next = nil
            } else {
                let position = remaining[Int.random(in: remaining.indices, using: &random)]
                next = (position, directionToAsk(position))
            }
        }
        guard let next else {
            currentIndex = nil
            currentSlot = nil
            set(\.teaching, to: false)
            set(\.currentTest, to: nil)
            // The last answer typed does not wait in the field for the next session.
            typedAnswer.clear()
            score.finish()
            return
        }
        shownAt = clock()
        currentIndex = next.position
        let test = makeTest(for: next.position, direction: next.direction)
        prepareField(for: test)
        set(\.teaching, to: teach)
        set(\.currentTest, to: test)
    }

    /// finishTeaching: the learner has read the New word card; the question comes (its answer
    /// time counts from now).
    public func finishTeaching() {
        set(\.confirmation, to: nil)
        guard teaching else { return }
        shownAt = clock()
        set(\.teaching, to: false)
    }

    /// directionToAsk: one of the word's directions at random (a quiz without memory).
    private func directionToAsk(_ index: Int) -> StudyDirection {
        let directions = directionsByPosition[index] ?? [.japaneseToEnglish]
        return directions.count == 1 ? directions[0] : directions[Int.random(in: directions.indices, using: &random)]
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
