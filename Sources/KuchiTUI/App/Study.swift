import Foundation
import KuchiCore

/// Study: how the app makes a learner's quiz and flash cards — from the deck and categories
/// they chose, remembered in the learner database once someone is signed in, in memory before
/// that (Register, the picker).
@MainActor
struct Study {
    /// bundled: the deck played when no other is chosen.
    let bundled: Deck
    /// fixedDeck: `--deck NAME|FILE` for this run (and the tests' decks): the learner's saved
    /// deck is not used while it is set.
    var fixedDeck: Deck?
    /// library: the imported decks, for a learner's saved choice.
    var library: DeckLibrary?
    /// categoryOverride: `--category NAME…` for this run.
    var categoryOverride: [String]?
    /// directionOverride, answerOverride: `--direction` and `--answer`, for this run only.
    var directionOverride: QuizDirection?
    var answerOverride: AnswerKind?
    /// database: the learner database; nil keeps every session in memory (tests).
    let database: LearnerDatabase?
    /// seed: fixes the word order and the cards' shuffle (`KUCHI_SEED`, tests).
    let seed: UInt64?
    let clock: @MainActor () -> Date

    /// init: a study of one fixed deck (tests; `--deck`).
    init(deck: Deck, database: LearnerDatabase?, seed: UInt64?, clock: @escaping @MainActor () -> Date) {
        bundled = deck
        fixedDeck = deck
        self.database = database
        self.seed = seed
        self.clock = clock
    }

    /// init: the app's study — the bundled deck, the library, and this run's overrides.
    init(bundled: Deck, fixedDeck: Deck?, library: DeckLibrary?, categories: [String]?, database: LearnerDatabase?,
         seed: UInt64?, clock: @escaping @MainActor () -> Date) {
        self.bundled = bundled
        self.fixedDeck = fixedDeck
        self.library = library
        categoryOverride = categories
        self.database = database
        self.seed = seed
        self.clock = clock
    }

    /// Key: what a quiz is made from; when it changes, the app makes a new one.
    struct Key: Equatable {
        var learner: UUID?
        var deck: String
        var categories: [String]
        var newWordsPerDay: Int
        var desiredRetention: Double
        var rolloverHour: Int
        /// direction: which cards are asked; a new choice is a new quiz at once.
        var direction: QuizDirection

        /// sameDeck: the same learner studies the same cards (same words, same direction): only
        /// queue settings differ.
        func sameDeck(as other: Key?) -> Bool {
            learner == other?.learner && deck == other?.deck && categories == other?.categories && direction == other?.direction
        }
    }

    /// key: the current learner, their deck and the settings that shape their queue.
    func key(for user: UserManager) -> Key {
        Key(learner: database == nil ? nil : user.profileID, deck: fixedDeck == nil ? user.deck : "",
            categories: categoryOverride ?? user.categories, newWordsPerDay: user.newWordsPerDay,
            desiredRetention: user.desiredRetention, rolloverHour: user.dayRolloverHour,
            direction: directionOverride ?? user.studyDirection)
    }

    /// deck: the words the learner studies — their deck, narrowed to their categories — and a
    /// sentence when their choice could not be used (the bundled deck, or every category, is
    /// played instead).
    func deck(for user: UserManager) -> (deck: Deck, problem: String?) {
        var problem: String?
        var deck = fixedDeck ?? bundled
        if fixedDeck == nil, !user.deck.isEmpty {
            do throws(DeckError) {
                // A saved choice names an imported deck only (never a path, never the current folder).
                deck = try Deck.load(from: (library ?? DeckLibrary()).fileURL(for: user.deck))
            } catch {
                problem = "The deck “\(user.deck)” could not be loaded (\(error.problems.first?.message ?? "unreadable")); "
                    + "playing \(bundled.title) instead."
            }
        }
        let categories = categoryOverride ?? user.categories
        if let selected = deck.selecting(categories: categories) {
            deck = selected
        } else {
            problem = "The categories chosen hold fewer than \(Deck.minimumEntries) words of \(deck.title); playing all of it."
        }
        return (deck, problem)
    }

    /// wholeDeck: the learner's deck with all its categories.
    func wholeDeck(for user: UserManager) -> Deck {
        guard fixedDeck == nil, !user.deck.isEmpty else { return fixedDeck ?? bundled }
        return (try? Deck.load(from: (library ?? DeckLibrary()).fileURL(for: user.deck))) ?? bundled
    }

    /// quiz: a session for the learner signed in (resuming the one under way), or an in-memory
    /// session when nobody is, in the learner's directions and answer kind (or this run's).
    func quiz(for user: UserManager, deck: Deck, questions: Int) -> ChallengesViewModel {
        let direction = directionOverride ?? user.studyDirection
        let answerKind = answerOverride ?? user.answerKind
        let random: any RandomNumberGenerator = seed.map { SeededGenerator(seed: $0) } ?? SystemRandomNumberGenerator()
        guard let context = context(for: user) else {
            return ChallengesViewModel(deck: deck, numberOfQuestions: questions, direction: direction, answerKind: answerKind,
                                       random: random, clock: clock)
        }
        return ChallengesViewModel(deck: deck, numberOfQuestions: questions, study: context, direction: direction,
                                   answerKind: answerKind, random: random, clock: clock)
    }

    /// cards: the Learn tab's stack for the quiz's deck, with its progress kept per learner.
    func cards(for user: UserManager, deck: Deck) -> FlashCardsViewModel {
        let random: any RandomNumberGenerator = seed.map { SeededGenerator(seed: $0) } ?? SystemRandomNumberGenerator()
        guard let database, let learner = user.profileID else { return FlashCardsViewModel(deck: deck, random: random) }
        return FlashCardsViewModel(deck: deck, random: random, learn: LearnContext(database: database, learner: learner))
    }

    /// status: Welcome's line — "3 due now · 10 new today · next review in 5 min", or "All
    /// caught up — next review in 3 h"; nil without a learner or a database.
    func status(for user: UserManager) -> StudyStatus? {
        guard let database, let learner = user.profileID else { return nil }
        let day = StudyDay(rolloverHour: user.dayRolloverHour)
        return try? database.status(learner: learner, now: clock(), day: day, newWordLimit: user.newWordsPerDay)
    }

    /// decks: every deck the learner can choose — the bundled one ("") and the imported ones —
    /// with its title and size (loaded for the picker only).
    func decks() -> [(name: String, title: String, count: Int)] {
        var list = [(name: "", title: bundled.title, count: bundled.challenges.count)]
        let library = self.library ?? DeckLibrary()
        for name in library.names() {
            if let deck = try? library.resolve(name) { list.append((name, deck.title, deck.challenges.count)) }
        }
        return list
    }

    private func context(for user: UserManager) -> StudyContext? {
        guard let database, let learner = user.profileID else { return nil }
        let scheduler = FSRSScheduler(desiredRetention: user.desiredRetention)
        return StudyContext(database: database, learner: learner, scheduler: scheduler, newWordLimit: user.newWordsPerDay,
                            day: StudyDay(rolloverHour: user.dayRolloverHour))
    }
}
