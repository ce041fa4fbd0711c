import KuchiCore
import KuchiDeck

/// ChallengeScene: the quiz — question, choices (or the typed-answer field) and score, side by
/// side or stacked.
///
/// When answers are typed the field has focus: letters, digits, `q`, `h` and `?` are typed,
/// so the commands move to keys typing never produces (Enter, Tab, Esc, Ctrl-R, F-keys).
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
        /// submit: Enter in the answer field (on an empty field it dismisses the feedback).
        case submit
        /// reveal: "I don't know": show the answer (graded Again).
        case reveal
        /// deleteBackward, deleteWord, clearField: Backspace, Ctrl-W, Ctrl-U in the field.
        case deleteBackward, deleteWord, clearField
        /// finishTeaching: the New word card has been read; the question comes.
        case finishTeaching
        /// undo: takes back the last graded answer (its review and the card's new state).
        case undo
        /// say: says the word (`a`, F7 while typing): the New word, the question, the answer.
        case say
        /// goOn: the verdict of a right answer has been read; the next card shows.
        case goOn
        /// knowWord: "I know this word" on a New word card: its cards are suspended.
        case knowWord
        /// openWord: the page of the word just answered (or shown).
        case openWord
        /// leech: the learner's choice for a leech.
        case leech(ChallengesViewModel.LeechChoice)
        /// overrule: "I was right" (F5): the last graded typed miss counts as right.
        case overrule
        /// keepOwnAnswer, declineOwnAnswer: after F5, "y" keeps the typed answer as the learner's
        /// own for that word; any other key does not.
        case keepOwnAnswer, declineOwnAnswer
    }

    let state: AppState
    /// session: the learner's study; the screen works on its quiz.
    let session: LearnerSession
    var quiz: ChallengesViewModel { session.quiz }
    let title = "Challenge"

    /// isTyping: answers are typed and a word is up, so the field has focus.
    var isTyping: Bool {
        quiz.answerKind == .type && quiz.currentTest != nil && !quiz.teaching && quiz.confirmation == nil && quiz.leech == nil
    }

    /// pageWord: the word the feedback is about — the one just confirmed, else the one up
    /// while its feedback shows; nil without feedback.
    var pageWord: Challenge? {
        if let confirmation = quiz.confirmation { return confirmation.test.challenge }
        guard quiz.feedback != nil else { return nil }
        return quiz.currentTest?.challenge
    }

    /// capturesText: the field has focus — and while a typed answer's verdict shows, a letter
    /// goes on and starts the next answer (a fast typist's next word is not read as commands).
    var capturesText: Bool { isTyping || quiz.isOfferingOwnAnswer || (quiz.answerKind == .type && quiz.confirmation != nil) }

    var bindings: [Binding<Action>] {
        if quiz.leech != nil { return leechBindings }
        if quiz.isOfferingOwnAnswer { return ownAnswerBindings }
        if quiz.confirmation != nil { return confirmationBindings }
        if quiz.teaching {
            return [
                Binding([.enter, .space], .finishTeaching, keys: "Enter", helpKeys: "Enter Space", bar: "Go on",
                        help: "go on from the New word card to the question"),
                Binding([.character("k")], .knowWord, keys: "k", bar: "I know it",
                        help: "I know this word: its cards are suspended (never asked, not counted)", when: session.database != nil),
                Binding([.character("u"), .function(4)], .undo, keys: "u", helpKeys: "u F4", bar: "Undo",
                        help: "take back the last answer (it is asked again)", when: quiz.canUndo),
                sayBinding([.character("a"), .function(7)], keys: "a", helpKeys: "a F7"),
                Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back",
                        help: "back to Welcome (the session is kept)", priority: .essential),
            ]
        }
        if isTyping { return typingBindings }
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
            // Only with feedback: before an answer the page would give the answer away, and the
            // bar shows no key that does nothing (as every other bar hides what is unavailable).
            Binding([.character("w"), .function(6)], .openWord, keys: "w", helpKeys: "w F6", bar: "Word",
                    help: "the page of the word the feedback is about", when: pageWord != nil, priority: .optional),
            Binding([.character("h")], .toggleHint, keys: "h", bar: quiz.currentTest?.direction == .listening ? "Romaji" : "Reading",
                    help: "show or hide the reading and romaji", when: quiz.currentTest != nil, priority: .optional),
            sayBinding([.character("a"), .function(7)], keys: "a", helpKeys: "a F7"),
            // Only while there is an answer to take back (none before the session's first).
            Binding([.character("u"), .function(4)], .undo, keys: "u", helpKeys: "u F4", bar: "Undo",
                    help: "take back the last answer: its grade is deleted and the word is asked again",
                    when: quiz.canUndo, priority: .optional),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back",
                    help: "back to Welcome (the session is kept)", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let typing = quiz.answerKind == .type
        let frames = Layout.challenge(in: body, sizeClass: sizeClass, answering: typing, teaching: quiz.teaching && quiz.currentTest != nil)
        return [
            (QuestionPane(quiz: quiz), frames.question),
            typing ? (AnswerPane(answer: quiz.typedAnswer), frames.choices) : (ChoicesPane(quiz: quiz, state: state), frames.choices),
            (ScorePane(quiz: quiz), frames.score),
        ]
    }

    /// fits: the choices, wrapped, fit their pane (and the word's reading its own); a typed
    /// answer needs only its field.
    func fits(in body: Rect, sizeClass: SizeClass) -> Bool {
        guard let test = quiz.currentTest else { return true }
        let typing = quiz.answerKind == .type
        let frames = Layout.challenge(in: body, sizeClass: sizeClass, answering: typing)
        guard QuestionPane.fits(test.challenge, in: frames.question) else { return false }
        if typing { return frames.choices.rows >= 3 }
        let readings = test.answers.indices.filter { test.reading(at: $0) != nil }.count
        return ChoicesPane.fits(test.answers, readings: readings, in: frames.choices)
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
            quiz.goOn()
            quiz.dismissFeedback()
            state.go(.welcome)
        case .submit: submit()
        case .reveal: quiz.revealAnswer()
        case .deleteBackward: quiz.typedAnswer.backspace()
        case .deleteWord: quiz.typedAnswer.deleteWord()
        case .clearField: quiz.typedAnswer.clear()
        case .finishTeaching: quiz.finishTeaching()
        case .knowWord: quiz.knowThisWord()
        case .openWord:
            if let word = pageWord { state.openWord(session.wordHistory(question: word.question, reading: word.reading ?? ""), from: .challenge) }
        case .leech(let choice):
            let word = quiz.leech?.challenge
            quiz.resolveLeech(choice)
            if choice == .relearn {
                // Learn opens on the word itself, whichever of its cards lapsed.
                if let word { session.flashCards.relearn(word) }
                state.go(.learn)
            }
        case .goOn:
            quiz.goOn()
            state.set(\.choiceCursor, to: ListCursor())
        case .undo:
            if quiz.undoLastAnswer() { state.set(\.choiceCursor, to: ListCursor()) }
        case .say: state.audio?.say(Self.spokenWord(quiz), mode: Self.audioMode(quiz, setting: session.user.audio))
        case .overrule:
            guard quiz.overrule() else { return }
            state.set(\.choiceCursor, to: ListCursor())
            if quiz.isComplete && !quiz.isOfferingOwnAnswer { finish() }
        case .keepOwnAnswer:
            quiz.keepOwnAnswer()
            // The first "y" on an answer Kuchi does not know asks once more (issue 37).
            if quiz.isComplete && !quiz.isOfferingOwnAnswer { finish() }
        case .declineOwnAnswer:
            quiz.declineOwnAnswer()
            if quiz.isComplete { finish() }
        }
    }

    /// type: a key no binding took goes into the answer field while it has focus; while the quiz
    /// asks whether to keep an overruled answer, any other key answers no (and is not typed).
    func type(_ key: Key) -> Bool {
        if quiz.isOfferingOwnAnswer {
            perform(.declineOwnAnswer)
            return true
        }
        guard capturesText, case .character(let character) = key else { return false }
        if quiz.confirmation != nil {
            quiz.goOn()
            // The New word card (not a field) may come next: the letter only goes on then.
            guard isTyping else { return true }
        }
        quiz.typedAnswer.insert(String(character))
        return true
    }

    /// submit: Enter in the field: the typed answer is judged; an empty field only dismisses
    /// the feedback. A right answer that completes the session opens the congratulations.
    private func submit() {
        let answer = quiz.typedAnswer
        guard !answer.isEmpty else {
            quiz.dismissFeedback()
            return
        }
        guard quiz.submit(answer.submission) == .correct, quiz.isComplete else { return }
        finish()
    }

    /// finish: the session is complete: the congratulations screen.
    private func finish() {
        state.set(\.congratulationsButton, to: .playAgain)
        state.go(.congratulations)
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
