import KuchiCore

/// CongratulationsScene: the session is over; play again or go back.
struct CongratulationsScene: Scene {
    let state: AppState
    let user: UserManager
    let quiz: ChallengesViewModel
    let title = "Congratulations"

    var hints: [KeyHint] {
        [KeyHint(keys: "←→", label: "Move"), KeyHint(keys: "Enter", label: "Select"), KeyHint(keys: "p", label: "Play again"),
         KeyHint(keys: "Tab", label: "Tabs"), KeyHint(keys: "?", label: "Help"), KeyHint(keys: "q", label: "Back")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "← →", label: "move between the buttons"),
         KeyHint(keys: "Enter Space", label: "press the focused button"),
         KeyHint(keys: "p", label: "play again (the score starts over)"),
         .switchTabs,
         .thisHelp,
         .backToWelcome]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(CongratulationsPane(user: user, quiz: quiz, state: state, activate: activate), body)]
    }

    func handle(_ key: Key) {
        let count = CongratulationsPane.buttons.count
        switch key {
        case .left: setFocus((state.congratulationsFocus + count - 1) % count)
        case .right: setFocus((state.congratulationsFocus + 1) % count)
        case .enter, .character(" "): activate(state.congratulationsFocus)
        case .character("p"): activate(0)
        case .escape, .character("q"): state.go(.welcome)
        default: break
        }
    }

    private func setFocus(_ index: Int) {
        if state.congratulationsFocus != index { state.congratulationsFocus = index }
    }

    /// activate: 0 plays again (score reset, new question count), 1 goes back to Welcome.
    func activate(_ index: Int) {
        if index == 0 {
            state.startSession(quiz, user: user)
            state.go(.challenge)
        } else {
            state.go(.welcome)
        }
    }
}
