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

    /// Key: what a quiz is made from; when it changes, the app makes a new one.
    struct Key: Equatable {
        var learner: UUID?
        var newWordsPerDay: Int
        var desiredRetention: Double
        var rolloverHour: Int
    }

    /// key: the current learner and the settings that shape their queue.
    func key(for user: UserManager) -> Key {
        Key(learner: database == nil ? nil : user.profileID, newWordsPerDay: user.newWordsPerDay,
            desiredRetention: user.desiredRetention, rolloverHour: user.dayRolloverHour)
    }

    /// quiz: a session for the learner signed in (resuming the one under way), or an in-memory
    /// session when nobody is.
    func quiz(for user: UserManager, questions: Int) -> ChallengesViewModel {
        guard let context = context(for: user) else {
            return seed.map { ChallengesViewModel(deck: deck, numberOfQuestions: questions, random: SeededGenerator(seed: $0), clock: clock) }
                ?? ChallengesViewModel(deck: deck, numberOfQuestions: questions, clock: clock)
        }
        return seed.map { ChallengesViewModel(deck: deck, numberOfQuestions: questions, study: context, random: SeededGenerator(seed: $0), clock: clock) }
            ?? ChallengesViewModel(deck: deck, numberOfQuestions: questions, study: context, clock: clock)
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
