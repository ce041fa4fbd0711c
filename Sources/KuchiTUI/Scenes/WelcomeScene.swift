import KuchiCore

/// WelcomeScene: "Hi, <name>" and Start.
struct WelcomeScene: Scene {
    let state: AppState
    let user: UserManager
    let quiz: ChallengesViewModel
    let title = "Welcome"

    var hints: [KeyHint] {
        [KeyHint(keys: "Enter", label: quiz.isInProgress ? "Continue" : "Start"), KeyHint(keys: "?", label: "Help"),
         KeyHint(keys: "q", label: "Quit")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "Enter Space s", label: "start (or continue) the challenge"),
         .thisHelp,
         KeyHint(keys: "q Esc", label: "quit Kuchi")]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(WelcomePane(user: user, quiz: quiz, start: start), body)]
    }

    func handle(_ key: Key) {
        switch key {
        case .enter, .character(" "), .character("s"): start()
        case .escape, .character("q"): state.quitting = true
        default: break
        }
    }

    /// start: resumes a session under way, or begins one with the current question count.
    func start() {
        if !quiz.isInProgress {
            state.startSession(quiz, user: user)
        }
        state.go(.challenge)
    }
}
