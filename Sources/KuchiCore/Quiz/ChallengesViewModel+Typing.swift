import Foundation
import KuchiDeck
import KuchiRecall
import KuchiData

/// ChallengesViewModel+Typing: typed answers — judged with `RecallJudge`, graded Good on the
/// first try (exact or within the typo tolerance), Again for a miss or "I don't know"; the
/// retry after a miss is not graded again, and another word's meaning is not counted at all.
extension ChallengesViewModel {
    /// submit: answers the current word with typed `text` (for Japanese, `typedAnswer.submission`).
    /// Empty text changes nothing (`.notAChoice`).
    @discardableResult
    public func submit(_ text: String) -> AnswerOutcome {
        set(\.confirmation, to: nil)
        guard let test = currentTest, let index = currentIndex else { return .notAChoice }
        guard !text.trimmingSpacesAndNewlines().isEmpty else { return .notAChoice }
        // Kana or kanji where the English meaning is asked is a slip of the input mode, not a
        // wrong answer: it is said, and nothing is graded.
        if test.direction == .japaneseToEnglish, Script.containsJapanese(text) {
            set(\.feedback, to: .englishExpected(typed: text))
            typedAnswer.clear()
            return .notCounted
        }
        // The learner's own answers are compared as they were kept (`OwnAnswers.accepts`).
        let own = ownAnswers[OwnAnswers.key(word: test.challenge.question, direction: test.direction)] ?? []
        if own.contains(where: { OwnAnswers.accepts(text, kept: $0, direction: test.direction) }) {
            accept(test, at: index, feedback: .correct(test.challenge))
            return .correct
        }
        switch judge.judge(text, for: test.challenge, direction: test.direction, also: test.challenge.also) {
        case .right:
            accept(test, at: index, feedback: isTaught(text, test) ? .correct(test.challenge) : .alsoRight(test.challenge, typed: text))
            return .correct
        case .almost(let expected):
            accept(test, at: index, feedback: .almost(test.challenge, expected: expected))
            return .correct
        case .otherWord(let question):
            set(\.feedback, to: .otherWord(typed: text, question: question))
            typedAnswer.clear()
            return .notCounted
        case let .synonym(question, meaning):
            set(\.feedback, to: .synonym(typed: text, question: question, meaning: meaning))
            typedAnswer.clear()
            return .notCounted
        case let .otherReading(reading, meaning):
            set(\.feedback, to: .otherReading(test.challenge, reading: reading, meaning: meaning))
            typedAnswer.clear()
            return .notCounted
        case let .contrast(question, meaning):
            miss(test, at: index, typed: text, feedback: .contrasted(test.challenge, typed: text, question: question, meaning: meaning))
            return .wrong
        case .wrong:
            miss(test, at: index, typed: text, feedback: .missed(test.challenge, typed: text))
            return .wrong
        }
    }

    /// isTaught: the typed answer is the meaning the card teaches (its `answer`, in any spelling
    /// or number), or is answered in Japanese; else it is "also right" (休み typed "vacation").
    private func isTaught(_ text: String, _ test: ChallengeTest) -> Bool {
        guard test.direction == .japaneseToEnglish || test.direction == .listening else { return true }
        let challenge = test.challenge
        return judge.english.judge(text, accepted: [challenge.answer], question: challenge.question,
                                   countable: challenge.pos.map { [.noun, .pronoun].contains($0) } ?? true) == .exact
    }

    /// miss: a graded typed miss: the feedback shows, and a first miss may be overruled (F5).
    private func miss(_ test: ChallengeTest, at index: Int, typed: String, feedback: Feedback) {
        let first = !missedShowing
        set(\.feedback, to: feedback)
        typedAnswer.clear()
        missOnce(test, at: index)
        if first, canUndo { overruleTarget = (test.challenge, test.direction, typed) }
    }

    /// revealAnswer: "I don't know": shows the answer and grades Again (once per showing); the
    /// learner then types it to go on. Nothing happens while the answer already shows.
    public func revealAnswer() {
        set(\.confirmation, to: nil)
        guard let test = currentTest, let index = currentIndex, feedback?.showsAnswer != true else { return }
        set(\.feedback, to: .revealed(test.challenge))
        typedAnswer.clear()
        missOnce(test, at: index)
    }

    /// setAnswerKind: switches between choosing and typing (Settings, mid-session too: the word
    /// up stays; its choices were made anyway).
    public func setAnswerKind(_ kind: AnswerKind) {
        set(\.answerKind, to: kind)
    }

    /// missOnce: counts and grades the showing's first miss only, so retyping after a miss
    /// costs nothing more.
    func missOnce(_ test: ChallengeTest, at index: Int) {
        guard !missedShowing else { return }
        let point = capture()
        missedShowing = true
        score.recordWrong()
        gradeMiss(test, at: index, undo: point)
    }

    /// prepareField: an empty answer field in the mode the new word is answered in.
    func prepareField(for test: ChallengeTest) {
        typedAnswer.setMode(TypedAnswer.Mode(direction: test.direction))
        typedAnswer.clear()
    }
}
