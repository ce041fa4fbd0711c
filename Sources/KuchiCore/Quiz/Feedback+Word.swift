/// Feedback's word: the entry an answer's feedback is about, so the screen can draw its pitch
/// line and `a` can say it after the quiz has moved on to the next word.
import KuchiDeck

extension Feedback {
    /// challenge: the word answered (right, almost, missed, revealed, a partner typed, overruled);
    /// nil for feedback that names no word of the quiz or asks again.
    public var challenge: Challenge? {
        switch self {
        case .correct(let challenge), .alsoRight(let challenge, _), .almost(let challenge, _), .missed(let challenge, _), .revealed(let challenge),
             .contrasted(let challenge, _, _, _), .overruled(let challenge, _, _), .ownAnswerKept(let challenge, _),
             .overruleRefused(let challenge, _, _, _, _), .confirmingOwnAnswer(let challenge, _, _): challenge
        // Another reading of the written form is a retry: the word's own reading stays hidden.
        case .wrong, .otherWord, .englishExpected, .nothingToUndo, .synonym, .otherReading: nil
        }
    }
}
