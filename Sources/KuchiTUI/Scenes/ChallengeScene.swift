import KuchiCore

/// ChallengeScene: the quiz — question, choices and score, side by side or stacked.
struct ChallengeScene: Scene {
    /// Action: what the challenge screen does.
    enum Action: SceneAction {
        /// answer: answers with choice `index` (0-based), from a digit or a click.
        case answer(Int)
        case moveUp, moveDown
        /// answerHighlighted: Enter on the highlighted choice.
        case answerHighlighted
        case dismissFeedback
        case toggleChoices
        case toggleHint
        case back
    }

    let state: AppState
    let quiz: ChallengesViewModel
    let title = "Challenge"

    var bindings: [Binding<Action>] {
        let count = quiz.currentTest?.answers.count ?? 0
        let choosing = quiz.choicesVisible && count > 0
        let feedback = quiz.feedback != nil
        return [
            // Feedback is dismissed by the next key anyway, so it has no hint of its own: the bar
            // stays the same across answers (a right answer redraws only what changed).
            Binding([.enter, .space], .dismissFeedback, keys: "Enter", helpKeys: "Enter Space",
                    help: "dismiss the feedback (moving the cursor does too)", when: feedback),
            Binding(triggers: (1...max(count, 1)).map { (Key.digit($0), Action.answer($0 - 1)) }, keys: "1-\(max(count, 1))",
                    helpKeys: (1...max(count, 1)).map(String.init).joined(separator: " "), bar: "Answer",
                    help: "answer with that choice (or click it)", when: choosing),
            Binding(triggers: [(.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown)],
                    keys: "↑↓", helpKeys: "↑ ↓  k j", bar: "Move", help: "highlight a choice", when: choosing),
            Binding([.enter], .answerHighlighted, keys: "Enter", bar: "Choose", help: "answer with the highlighted choice",
                    when: choosing && !feedback && state.choiceCursor.index != nil),
            Binding([.space], .toggleChoices, keys: "Space", bar: "Choices",
                    help: "show or hide the choices (or click the question)", when: quiz.currentTest != nil),
            Binding([.character("h")], .toggleHint, keys: "h", bar: "Reading",
                    help: "show or hide the reading and romaji", when: quiz.currentTest != nil, priority: .optional),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back",
                    help: "back to Welcome (the session is kept)", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let frames = Layout.challenge(in: body, sizeClass: sizeClass)
        return [
            (QuestionPane(quiz: quiz), frames.question),
            (ChoicesPane(quiz: quiz, state: state), frames.choices),
            (ScorePane(quiz: quiz), frames.score),
        ]
    }

    /// fits: the choices, wrapped, fit their pane (and the word's reading its own).
    func fits(in body: Rect, sizeClass: SizeClass) -> Bool {
        guard let test = quiz.currentTest else { return true }
        let frames = Layout.challenge(in: body, sizeClass: sizeClass)
        return ChoicesPane.fits(test.answers, in: frames.choices) && QuestionPane.fits(test.challenge, in: frames.question)
    }

    func perform(_ action: Action) {
        let count = quiz.currentTest?.answers.count ?? 0
        switch action {
        case .answer(let index): answer(index)
        case .moveUp, .moveDown:
            // Moving the cursor means the learner has moved on: the feedback goes, so the Enter
            // that follows answers instead of only dismissing it.
            quiz.dismissFeedback()
            state.set(\.choiceCursor, to: state.choiceCursor.moved(by: action == .moveUp ? -1 : 1, count: count))
        case .answerHighlighted:
            if let index = state.choiceCursor.index { answer(index) }
        case .dismissFeedback: quiz.dismissFeedback()
        case .toggleChoices: quiz.toggleChoices()
        case .toggleHint: quiz.toggleHint()
        case .back:
            quiz.dismissFeedback()
            state.go(.welcome)
        }
    }

    /// answer: answers with choice `index`; a right answer moves on to a new word with nothing
    /// highlighted, and one that completes the session opens the congratulations screen. A
    /// digit leaves the cursor where it was: the ✗ mark already shows which answer was tried.
    private func answer(_ index: Int) {
        guard quiz.choicesVisible, let test = quiz.currentTest, test.answers.indices.contains(index) else { return }
        guard quiz.check(test.answers[index]) == .correct else { return }
        state.set(\.choiceCursor, to: ListCursor())
        if quiz.isComplete {
            state.set(\.congratulationsButton, to: .playAgain)
            state.go(.congratulations)
        }
    }
}
