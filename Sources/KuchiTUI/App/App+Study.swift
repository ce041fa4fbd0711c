import Foundation
import KuchiCore

/// App+Study: which quiz, deck, statistics and notice the app shows for the learner signed in —
/// made when the learner or their choice of words changes, and cached while a screen is up.
extension App {
    /// refreshStudy: a new learner signed in (or, between sessions, the queue's settings
    /// changed): their own quiz — resuming the session they left — and their own flash cards.
    func refreshStudy() {
        guard let study else { return }
        let key = study.key(for: user)
        guard key != studyKey else { return }
        // Another learner, other words or another direction: their own quiz at once (each
        // deck keeps its own session). Queue settings alone wait until no session is under way.
        guard !key.sameDeck(as: studyKey) || !quiz.isInProgress else { return }
        studyKey = key
        wholeDeckCache = nil
        statsStorage = nil
        let chosen = study.deck(for: user)
        deckProblem = chosen.problem
        quiz = study.quiz(for: user, deck: chosen.deck, questions: state.questionsOverride ?? user.numberOfQuestions)
        quizGeneration += 1
        flashCardsStorage = nil
        state.set(\.choiceCursor, to: ListCursor())
    }

    /// deckChoices: the deck picker's list, loaded once when it opens.
    var deckChoices: [(name: String, title: String, count: Int)] {
        if let cached = deckChoicesCache { return cached }
        let choices = study?.decks() ?? [(name: "", title: quiz.deck.title, count: quiz.deck.challenges.count)]
        deckChoicesCache = choices
        return choices
    }


    /// wholeDeck: the learner's deck with every category (the filter lists them all).
    var wholeDeck: Deck {
        if let cached = wholeDeckCache { return cached }
        let deck = study?.wholeDeck(for: user) ?? quiz.deck
        wholeDeckCache = deck
        return deck
    }


    /// categorySummary: "All 26" or "3 of 26" for the Settings row.
    var categorySummary: String {
        let total = wholeDeck.categories.count
        let chosen = study?.categoryOverride ?? user.categories
        return chosen.isEmpty ? "All \(total)" : "\(chosen.count) of \(total)"
    }


    /// statsModel: the learner's statistics, read from the learner database by SQL aggregates;
    /// before anyone signs in, or without a database, every figure is zero.
    var statsModel: StatsModel {
        if let model = statsStorage { return model }
        let now = study?.clock() ?? Date()
        let categories = StatsCategoryIndex(decks: [wholeDeck])
        let source = study?.database?.statsSource
        let learner = user.profileID
        let model = StatsModel(calendar: StudyCalendar(rolloverHour: user.dayRolloverHour), categories: categories, now: now) { calendar, now in
            guard let source, let learner else { return try LearnerDatabase.inMemory().statsSource.snapshot(
                learner: UUID(), calendar: calendar, categories: categories, now: now) }
            return try source.snapshot(learner: learner, calendar: calendar, categories: categories, now: now)
        }
        statsStorage = model
        return model
    }



    /// notice: the problem to show — the profile's, else the progress database's, else the deck's.
    var notice: String? {
        user.problem ?? quiz.problem ?? deckProblem ?? sync?.notice
    }

    /// clearNotice: the learner has read it.
    func clearNotice() {
        if user.problem != nil {
            user.clearProblem()
        } else if quiz.problem != nil {
            quiz.clearProblem()
        } else if deckProblem != nil {
            deckProblem = nil
        } else {
            sync?.clearNotice()
        }
    }

}
