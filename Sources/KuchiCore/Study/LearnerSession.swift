import Foundation
import Observation
import KuchiMemory
import KuchiDeck
import KuchiData

/// LearnerSession: the one owner of the signed-in learner's study — what they study (the
/// selection: deck, categories, levels, directions, answer kind, this run's overrides held
/// once), their study day, the quiz and its queue, the counts Welcome shows, their flash cards
/// and statistics, and the notices of every model.
///
/// The app, Welcome, Learn, Stats, `kuchi due` and `kuchi stats` all ask it; nothing else
/// assembles a learner's study. The queue is built from the database when a session starts
/// (`startSession()`, or a saved session resumed), never at sign-in, so a window left on
/// Welcome while another studies starts from what the database says then.
@MainActor
@Observable
public final class LearnerSession {
    /// user: the signed-in learner and their saved settings.
    public let user: UserManager
    /// bundled: the deck played when no other is chosen (decoded on first use, as every source).
    @ObservationIgnored public let bundled: DeckSource
    /// library: the imported decks, for a learner's saved choice.
    @ObservationIgnored public let library: DeckLibrary?
    /// database: the learner database; nil keeps every session in memory (tests).
    @ObservationIgnored public let database: LearnerDatabase?
    /// overrides: this run's command-line choices.
    @ObservationIgnored public let overrides: StudyOverrides
    /// seed: fixes word order, choices and fuzz (`KUCHI_SEED`, tests).
    @ObservationIgnored let seed: UInt64?
    /// clock: the time (tests and `faketime` move it).
    @ObservationIgnored public let clock: @MainActor () -> Date

    /// quiz: the learner's quiz — the session under way, or the one Start begins.
    public private(set) var quiz: ChallengesViewModel
    /// quizGeneration: counts new quizzes, so panes holding the old one are rebuilt.
    public private(set) var quizGeneration = 0
    /// status: Welcome's figures for the selection (nil without a learner or a database).
    public internal(set) var status: StudyStatus?
    /// deckProblem: why the chosen deck, categories or levels could not be used.
    public internal(set) var deckProblem: String?
    /// forgetProblem: why Forget me could not delete the learner's progress.
    public internal(set) var forgetProblem: String?
    /// busyProblem: the database file was busy at start-up (said on Welcome at once, not when
    /// the first quiz is built); nil once read.
    public internal(set) var busyProblem: String?
    /// readBusyProblem: the busy sentence the learner has read (the quiz and Learn repeat the
    /// database's problem when they are made; it is not shown twice).
    @ObservationIgnored var readBusyProblem: String?

    /// builtFor: the selection `quiz` was made for.
    @ObservationIgnored var builtFor: StudySelection?
    /// statusKey: the selection and study-day start the status was computed for, and when.
    @ObservationIgnored var statusKey: (selection: StudySelection, dayStart: Date, at: Date)?
    /// studiedCache: the deck studied, outlined, for the learner's choice `name` (`studied`).
    @ObservationIgnored var studiedCache: StudiedDeck?
    /// decksCache: the deck studied and its whole, once decoded (`decks`).
    @ObservationIgnored var decksCache: (deck: Deck, whole: Deck)?
    /// chosenSource: the learner's imported deck, by name, read again when the choice changes.
    @ObservationIgnored var chosenSource: (name: String, source: DeckSource)?
    @ObservationIgnored var flashCardsStorage: FlashCardsViewModel?
    @ObservationIgnored var statsStorage: StatsModel?
    /// statsVersion: the database's `data_version` and study day when the statistics were last
    /// read whole; while both hold, this process's own answers kept them current.
    @ObservationIgnored var statsVersion: (version: Int, day: Date)?
    /// started: the quiz up was made by `startSession()` or resumed (not just prepared).
    @ObservationIgnored private var started = false

    /// init: the session of whoever `user` has signed in (maybe nobody yet). A saved session in
    /// progress is resumed; otherwise the quiz waits for `startSession()`.
    public init(user: UserManager, bundled: DeckSource, library: DeckLibrary? = nil, database: LearnerDatabase?,
                overrides: StudyOverrides = StudyOverrides(), seed: UInt64? = nil, clock: @escaping @MainActor () -> Date = Date.init) {
        self.user = user
        self.bundled = bundled
        self.library = library
        self.database = database
        self.overrides = overrides
        self.seed = seed
        self.clock = clock
        if let problem = database?.problem, problem.kind == .busy { busyProblem = problem.message }
        // A placeholder until `settle()` below puts the selection's quiz up (it always replaces
        // it): nothing of the deck is read for it.
        quiz = Self.standIn(for: Deck(title: "", attribution: nil, challenges: []), seed: seed, clock: clock)
        // The learner's settings are kept in their database: one place for every window and machine.
        if let database { user.attach(database) }
        settle()
    }

    /// init(bundled: Deck): a session over a deck already in memory (tests, previews).
    public convenience init(user: UserManager, bundled: Deck, library: DeckLibrary? = nil, database: LearnerDatabase?,
                            overrides: StudyOverrides = StudyOverrides(), seed: UInt64? = nil,
                            clock: @escaping @MainActor () -> Date = Date.init) {
        self.init(user: user, bundled: DeckSource(bundled), library: library, database: database, overrides: overrides, seed: seed,
                  clock: clock)
    }

    /// init(user:quiz:): a session over one given quiz that remembers nothing (screen tests and
    /// previews); a change of the learner's words still makes a new quiz of `quiz`'s deck.
    public convenience init(user: UserManager, quiz: ChallengesViewModel, seed: UInt64? = nil) {
        let source = DeckSource(quiz.deck)
        self.init(user: user, bundled: source, database: nil,
                  overrides: StudyOverrides(deck: source, direction: quiz.direction, questions: quiz.numberOfQuestions),
                  seed: seed, clock: { quiz.now })
        self.quiz = quiz
        started = true
    }

    /// selection: what the learner studies now, overrides first.
    public var selection: StudySelection {
        StudySelection(learner: database == nil ? nil : user.profileID, deck: overrides.deck == nil ? user.deck : nil,
                       categories: overrides.categories ?? user.categories, levels: overrides.levels ?? user.levels,
                       direction: overrides.direction ?? user.studyDirection, newWordLimit: user.newWordsPerDay,
                       desiredRetention: user.desiredRetention, rolloverHour: user.dayRolloverHour,
                       teachNewWords: overrides.teachNewWords ?? user.teachNewWords)
    }

    /// answerKind: this run's answer kind: `--answer`, else the learner's setting.
    public var answerKind: AnswerKind { overrides.answerKind ?? user.answerKind }
    /// numberOfQuestions: this run's session length: `--questions`, else the setting.
    public var numberOfQuestions: Int { overrides.questions ?? user.numberOfQuestions }
    /// isInProgress: a session is under way (Welcome offers Continue).
    public var isInProgress: Bool { started && quiz.isInProgress }
    /// isStarted: the quiz up was started (or resumed): the Challenge tab shows it.
    public var isStarted: Bool { started }

    /// settle: after each event — a new learner or other words get their own quiz at once (a
    /// saved session resumed); queue settings wait until no session is under way; the answer
    /// kind follows the setting. Cheap when nothing changed.
    public func settle() {
        quiz.setAnswerKind(answerKind)
        followRollover()
        let selection = self.selection
        guard selection != builtFor else { return }
        if selection.sameWords(as: builtFor), isInProgress { return }
        let sameWords = selection.sameWords(as: builtFor)
        builtFor = selection
        if !sameWords {
            // The learner's imported deck is read again (a file changed since is caught by the
            // cache's check); the bundled and `--deck` sources are this run's.
            studiedCache = nil
            decksCache = nil
            chosenSource = nil
            statsStorage = nil
            statsVersion = nil
            flashCardsStorage = nil
        }
        statusKey = nil
        // A saved session in progress continues where it was left; otherwise the quiz waits
        // for Start, so its queue is built from the database as it is then.
        started = false
        if let resumed = makeQuiz(resumingOnly: true) {
            replaceQuiz(resumed)
            started = true
        } else {
            replaceQuiz(makeQuiz(resumingOnly: false, prepareOnly: true) ?? quiz, standIn: database != nil)
            // A quiz without memory has no queue to build: it is ready as it is.
            started = database == nil || user.profileID == nil
        }
        // The quiz put up (a stand-in is made with the default) answers as the learner chose.
        quiz.setAnswerKind(answerKind)
    }

    /// startSession: Start on Welcome or Play Again: continues the session under way (one
    /// waiting with nothing to study looks at its queue again: a step may have fallen due),
    /// else builds the queue from the database now and asks its first word.
    public func startSession() {
        settle()
        if isInProgress {
            quiz.lookAgain()
            return
        }
        if let quiz = makeQuiz(resumingOnly: false) { replaceQuiz(quiz) }
        if database == nil || user.profileID == nil { quiz.restart(numberOfQuestions: numberOfQuestions) }
        quiz.setAnswerKind(answerKind)
        started = true
        statusKey = nil
    }

    /// replaceQuiz: a new quiz; panes holding the old one are rebuilt. A stand-in is never
    /// answered: it is not given the whole deck to judge with (that would decode it).
    private func replaceQuiz(_ quiz: ChallengesViewModel, standIn: Bool = false) {
        guard quiz !== self.quiz else { return }
        // Each answer kept adjusts the statistics in memory (no query); an undo makes them stale.
        quiz.onRecorded = { [weak self] review in self?.statsStorage?.record(review, now: review.time) }
        quiz.onUndone = { [weak self] in self?.statsVersion = nil }
        quiz.onSuspended = { [weak self] in
            self?.statsVersion = nil
            self?.statusKey = nil
        }
        if !standIn { prepareJudging(quiz) }
        self.quiz = quiz
        quizGeneration += 1
    }

    /// makeQuiz: a quiz of the selection. With a learner's memory, `resumingOnly` returns one
    /// only when a saved session in progress exists; otherwise the queue is built now, or with
    /// `prepareOnly` a stand-in waits for Start without touching the database. Without memory
    /// (nobody signed in, no database) the quiz is in memory.
    private func makeQuiz(resumingOnly: Bool, prepareOnly: Bool = false) -> ChallengesViewModel? {
        let direction = selection.direction
        let random: any RandomNumberGenerator = seed.map { SeededGenerator(seed: $0 &+ UInt64(quizGeneration)) } ?? SystemRandomNumberGenerator()
        // Welcome does not show the quiz before Start builds it (nor Register or the profile
        // picker before anyone signs in): a few words stand in, read alone from the deck cache
        // (a quiz over a 100k-word deck is not built, nor the deck decoded, for it). Neither needs
        // the scheduler (`context()` reads the learner's parameter timeline).
        if prepareOnly, database != nil { return standIn() }
        guard let database, let learner = user.profileID else {
            if resumingOnly { return nil }
            return ChallengesViewModel(deck: deck, numberOfQuestions: numberOfQuestions, direction: direction, answerKind: answerKind,
                                       random: random, clock: clock)
        }
        if resumingOnly, !hasSavedSession(database: database, learner: learner, title: studied.whole.title) { return nil }
        guard let context = context() else { return nil }
        return ChallengesViewModel(deck: deck, numberOfQuestions: numberOfQuestions, study: context, direction: direction,
                                   answerKind: answerKind, random: random, clock: clock)
    }

    /// standIn: a quiz of `deck`'s words (its first few), held until the learner's real quiz is built.
    static func standIn(for deck: Deck, seed: UInt64?, clock: @escaping @MainActor () -> Date) -> ChallengesViewModel {
        ChallengesViewModel(deck: deck, numberOfQuestions: 1, random: SeededGenerator(seed: seed ?? 0), clock: clock)
    }

    /// hasSavedSession: whether the learner left a session of the deck titled `title` with answers in it.
    private func hasSavedSession(database: LearnerDatabase, learner: UUID, title: String) -> Bool {
        guard let snapshot = try? database.savedSession(learner: learner, deck: title) else { return false }
        return snapshot.correct + snapshot.wrong > 0
    }

    /// context: the learner's memory for a quiz (nil before anyone signs in or without a database).
    func context() -> StudyContext? {
        guard let database, let learner = user.profileID else { return nil }
        let selection = self.selection
        var context = StudyContext(database: database, learner: learner,
                                   scheduler: SchedulerFactory.scheduler(learner: learner, desiredRetention: selection.desiredRetention, in: database),
                                   newWordLimit: selection.newWordLimit, day: selection.day, teachNewWords: selection.teachNewWords)
        // Lessons for the bundled deck; an imported deck (or `--deck FILE`) keeps its file order.
        context.lessons = overrides.deck == nil && (selection.deck ?? "").isEmpty
        return context
    }
}
