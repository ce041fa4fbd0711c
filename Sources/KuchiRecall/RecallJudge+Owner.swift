import Foundation
import KuchiDeck

/// RecallJudge+Owner: whose answer a typed answer is — what "I was right" (F5) checks before it
/// counts a miss as right and keeps the answer (issue 37): another word's meaning or reading
/// stays wrong for this card, above all a contrast partner's, which the card exists to teach
/// apart (貸す typed "to borrow" is 借りる).
extension RecallJudge {
    /// AnswerOwner: the deck word a typed answer belongs to: written `question`, meaning `meaning`.
    public struct AnswerOwner: Hashable, Sendable {
        /// question: the other word, as written.
        public let question: String
        /// meaning: its meaning (the one typed, for a partner's meaning; else its deck answer).
        public let meaning: String
        /// isPartner: the word is a contrast partner of the word asked.
        public let isPartner: Bool
    }

    /// owner: the other deck word `submission` (a `TypedAnswer.submission`) is the meaning
    /// (Japanese → English, listening) or the reading or written form (English → Japanese,
    /// reading) of, when asked `challenge` in `direction`; nil when it is no deck word's.
    public func owner(of submission: String, for challenge: Challenge, direction: StudyDirection) -> AnswerOwner? {
        switch direction {
        case .japaneseToEnglish, .listening:
            if case let .contrast(question, meaning)? = contrastPartner(meaning: submission, of: challenge) {
                return AnswerOwner(question: question, meaning: meaning, isPartner: true)
            }
            let typed = EnglishMeaning.normalized(submission)
            guard !typed.isEmpty, let question = english.index.questions(forNormalized: typed).first(where: { $0 != challenge.question })
            else { return nil }
            return AnswerOwner(question: question, meaning: wordsByQuestion[question]?.answer ?? submission, isPartner: false)
        case .englishToJapanese, .reading:
            // Romaji is the kana it composes ("neko" is ねこ).
            var composer = RomajiComposer()
            composer.insert(submission.trimmingSpaces())
            let submission = composer.finished()
            if case let .contrast(question, meaning)? = contrastPartner(kana: submission, of: challenge) {
                return AnswerOwner(question: question, meaning: meaning, isPartner: true)
            }
            if let other = wordsByQuestion[submission], other.question != challenge.question {
                return AnswerOwner(question: other.question, meaning: other.answer, isPartner: false)
            }
            let sound = String(AcceptedReadings.soundFolded(submission))
            guard let word = wordsBySound[sound]?.first(where: { $0.question != challenge.question }) else { return nil }
            return AnswerOwner(question: word.question, meaning: word.meanings.first ?? "", isPartner: false)
        }
    }
}
