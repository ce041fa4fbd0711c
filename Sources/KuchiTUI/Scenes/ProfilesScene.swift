import KuchiCore

/// ProfilesScene: the profile picker at start when several learners have saved profiles.
struct ProfilesScene: Scene {
    let state: AppState
    let user: UserManager
    let title = "Profiles"

    var hints: [KeyHint] {
        [KeyHint(keys: "↑↓", label: "Move"), KeyHint(keys: "Enter", label: "Choose"), KeyHint(keys: "n", label: "New profile"),
         KeyHint(keys: "?", label: "Help"), KeyHint(keys: "q", label: "Quit")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "↑ ↓  k j", label: "move between profiles (last used first)"),
         KeyHint(keys: "Enter", label: "play as the chosen profile, or make a new one"),
         KeyHint(keys: "n", label: "new profile (Register)"),
         KeyHint(keys: "click", label: "choose a profile"),
         KeyHint(keys: "q Esc", label: "quit")]
    }

    /// rowCount: the saved profiles plus "New profile".
    private var rowCount: Int { user.savedProfiles.count + 1 }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(ProfilesPane(user: user, state: state, choose: choose), body)]
    }

    func handle(_ key: Key) {
        switch key {
        case .up, .character("k"), .backTab: move(to: state.profileSelection - 1)
        case .down, .character("j"), .tab: move(to: state.profileSelection + 1)
        case .home: move(to: 0)
        case .end: move(to: rowCount - 1)
        case .enter, .character(" "): choose(state.profileSelection)
        case .character("n"): choose(rowCount - 1)
        case .escape, .character("q"): state.quitting = true
        default: break
        }
    }

    private func move(to index: Int) {
        let clamped = min(max(index, 0), rowCount - 1)
        if state.profileSelection != clamped { state.profileSelection = clamped }
    }

    /// choose: signs in as profile `index`, or opens Register for the last row.
    func choose(_ index: Int) {
        if index < user.savedProfiles.count {
            user.signIn(user.savedProfiles[index])
            state.go(.welcome)
        } else {
            state.registerForm.reset()
            state.go(.register)
        }
    }
}
