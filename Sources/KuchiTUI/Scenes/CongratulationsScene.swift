import KuchiCore

/// CongratulationsScene: the session is over; its summary, then play again or go back.
struct CongratulationsScene: Scene {
    /// Action: what the end-of-session screen does.
    enum Action: SceneAction {
        case focusPrevious, focusNext
        /// press: a button, from Enter on the focused one or a click.
        case press(CongratulationsButton)
        case pressFocused
        case back
        /// undo: takes back the answer that ended the session; its word is asked again.
        case undo
    }

    let state: AppState
    /// session: the learner's study (Play Again starts a new session there).
    let session: LearnerSession
    var user: UserManager { session.user }
    var quiz: ChallengesViewModel { session.quiz }
    let title = "Congratulations"

    var bindings: [Binding<Action>] {
        [
            Binding(triggers: [(.left, .focusPrevious), (.right, .focusNext)], keys: "←→", helpKeys: "← →", bar: "Move",
                    help: "move between the buttons"),
            Binding([.enter, .space], .pressFocused, keys: "Enter", helpKeys: "Enter Space", bar: "Select",
                    help: "press the focused button (or click one)"),
            Binding([.character("p")], .press(.playAgain), keys: "p", bar: "Play again", help: "play again (the score starts over)"),
            Binding([.character("u"), .function(4)], .undo, keys: "u", helpKeys: "u F4", bar: "Undo",
                    help: "take back the last answer (it is asked again)", when: quiz.canUndo),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back", help: "back to Welcome",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(CongratulationsPane(user: user, quiz: quiz, state: state, session: session), body)]
    }

    func perform(_ action: Action) {
        let all = CongratulationsButton.allCases
        let index = all.firstIndex(of: state.congratulationsButton) ?? 0
        switch action {
        case .focusPrevious: state.set(\.congratulationsButton, to: all[(index + all.count - 1) % all.count])
        case .focusNext: state.set(\.congratulationsButton, to: all[(index + 1) % all.count])
        case .pressFocused: press(state.congratulationsButton)
        case .press(let button): press(button)
        case .back: state.go(.welcome)
        case .undo:
            if quiz.undoLastAnswer() {
                state.set(\.choiceCursor, to: ListCursor())
                state.go(.challenge)
            }
        }
    }

    /// press: Play Again starts a new session (score reset, new question count); Back goes to
    /// Welcome.
    private func press(_ button: CongratulationsButton) {
        state.set(\.congratulationsButton, to: button)
        switch button {
        case .playAgain:
            session.startSession()
            state.set(\.choiceCursor, to: ListCursor())
            state.go(.challenge)
        case .backToWelcome:
            state.go(.welcome)
        }
    }
}
