import Foundation
import KuchiCore

/// Study: how the app makes a learner's quiz and flash cards — remembered in the learner
/// database once someone is signed in, in memory before that (Register, the picker).
@MainActor
struct Study {
    let deck: Deck
    /// database: the learner database; nil keeps every session in memory (tests).
    let database: LearnerDatabase?
    /// seed: fixes the word order and the cards' shuffle (`KUCHI_SEED`, tests).
    let seed: UInt64?
    let clock: @MainActor () -> Date
    /// directionOverride, answerOverride: `--direction` and `--answer`, for this run only.
    var directionOverride: QuizDirection?
    var answerOverride: AnswerKind?

    /// Key: what a quiz is made from; when it changes, the app makes a new one.
    struct Key: Equatable {
        var learner: UUID?
        var newWordsPerDay: Int
        var desiredRetention: Double
        var rolloverHour: Int
        /// direction: which cards are asked; a new choice is a new quiz at once.
        var direction: QuizDirection
    }

    /// key: the current learner and the settings that shape their queue.
    func key(for user: UserManager) -> Key {
        Key(learner: database == nil ? nil : user.profileID, newWordsPerDay: user.newWordsPerDay,
            desiredRetention: user.desiredRetention, rolloverHour: user.dayRolloverHour,
            direction: directionOverride ?? user.studyDirection)
    }

    /// quiz: a session for the learner signed in (resuming the one under way), or an in-memory
    /// session when nobody is, in the learner's directions and answer kind (or this run's).
    func quiz(for user: UserManager, questions: Int) -> ChallengesViewModel {
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

    /// cards: the Learn tab's stack, with its progress kept per learner.
    func cards(for user: UserManager) -> FlashCardsViewModel {
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

    private func context(for user: UserManager) -> StudyContext? {
        guard let database, let learner = user.profileID else { return nil }
        let scheduler = FSRSScheduler(desiredRetention: user.desiredRetention)
        return StudyContext(database: database, learner: learner, scheduler: scheduler, newWordLimit: user.newWordsPerDay,
                            day: StudyDay(rolloverHour: user.dayRolloverHour))
    }
}
