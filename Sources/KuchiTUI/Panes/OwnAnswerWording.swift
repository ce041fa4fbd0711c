import KuchiCore
import KuchiData
import KuchiDeck

/// OwnAnswerWording: the sentences "I was right" (F5) says when it refuses an answer or asks once
/// more about it — one wording for the question pane and the confirmation card.
enum OwnAnswerWording {
    /// refused: F5 on another word's meaning or reading: the miss stands, naming that word.
    static func refused(_ typed: String, for challenge: Challenge, question: String, meaning: String, isPartner: Bool) -> String {
        let whose = isPartner ? "\(question) is “\(meaning)”, the word \(challenge.question) is taught apart from"
            : "“\(typed)” is \(question) (“\(meaning)”)"
        return "✗\u{00A0}Not counted right: \(whose), so “\(typed)” stays wrong for \(challenge.question)."
    }

    /// unknown: the question asked once more before keeping an answer Kuchi does not know.
    static func unknown(_ kept: String, for challenge: Challenge, direction: StudyDirection) -> String {
        let kind = direction == .japaneseToEnglish || direction == .listening ? "meaning" : "way to write"
        return "“\(OwnAnswers.shown(kept, direction: direction))” is not a \(kind) Kuchi knows for \(challenge.question) — keep it anyway?"
    }
}
