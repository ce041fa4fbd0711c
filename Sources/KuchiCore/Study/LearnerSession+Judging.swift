import Foundation
import KuchiRecall
import KuchiData

/// LearnerSession+Judging: what the quiz judges typed answers with — the whole deck (so the
/// categories or levels chosen never change a grade: "well" is 元気's meaning with or without
/// a filter) and the learner's own accepted answers for that deck.
extension LearnerSession {
    /// prepareJudging: gives `quiz` the whole deck to judge with and the learner's own answers.
    func prepareJudging(_ quiz: ChallengesViewModel) {
        let whole = wholeDeck
        if whole.title == quiz.deck.title, whole.challenges.count > quiz.deck.challenges.count { quiz.judgeDeck = whole }
        guard let database, let learner = user.profileID else { return }
        quiz.ownAnswers = OwnAnswers.byCard((try? database.ownAnswers(learner: learner, deck: quiz.deck.title)) ?? [])
    }
}
