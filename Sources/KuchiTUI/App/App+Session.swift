import Foundation
import KuchiCore
import KuchiDeck

/// App+Session: what the screens show of the learner's study, as the session has it.
extension App {
    /// deckChoices: the deck picker's list, loaded once when it opens.
    var deckChoices: [(name: String, title: String, count: Int)] {
        if let cached = deckChoicesCache { return cached }
        let choices = session.deckChoices()
        deckChoicesCache = choices
        return choices
    }

    /// categorySummary: "All 26" or "3 of 26" for the Settings row.
    var categorySummary: String {
        let total = session.wholeOutline.categories.count
        let chosen = session.selection.categories
        return chosen.isEmpty ? "All \(total)" : "\(chosen.count) of \(total)"
    }

    /// deckLine: Welcome's "Kuchi beginner deck (JLPT N5) · all categories".
    var deckLine: String {
        let chosen = session.selection.categories
        let levels = session.selection.levels
        // Outlines only: Welcome decodes no word (issue 39).
        return "\(session.studiedOutline.heading) · " + (chosen.isEmpty ? "all categories" : "\(categorySummary) categories")
            + (WelcomeScene.levelsPlayed(chosen: levels, deck: session.studiedOutline).map { " · " + $0 } ?? "")
    }

    /// shownWord: the word on screen that Audio › Automatic says: on the challenge screen the
    /// one `a` would say, in Learn the card on top; none elsewhere.
    var shownWord: Challenge? {
        switch state.route {
        case .challenge: ChallengeScene.spokenWord(quiz)
        case .learn: session.flashCards.current
        default: nil
        }
    }

    /// notice: the problem to show (the session gathers every model's).
    var notice: String? {
        session.notice ?? changeNotice ?? sync?.notice ?? state.audio?.notice
    }

    /// clearNotice: the learner has read it.
    func clearNotice() {
        if session.notice != nil {
            session.clearNotice()
        } else if changeNotice != nil {
            changeNotice = nil
        } else if sync?.notice != nil {
            sync?.clearNotice()
        } else {
            state.audio?.clearNotice()
        }
    }
}
