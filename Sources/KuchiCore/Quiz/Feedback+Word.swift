/// Feedback's word: the entry an answer's feedback is about, so the screen can draw its pitch
/// line and `a` can say it after the quiz has moved on to the next word.
extension Feedback {
    /// challenge: the word answered (right, almost, missed or revealed); nil for feedback that
    /// names no word of the quiz.
    public var challenge: Challenge? {
        switch self {
        case .correct(let challenge), .almost(let challenge, _), .missed(let challenge, _), .revealed(let challenge): challenge
        case .wrong, .otherWord, .englishExpected, .nothingToUndo, .synonym: nil
        }
    }
}
