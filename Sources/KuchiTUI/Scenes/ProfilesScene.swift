import KuchiCore

/// ProfilesScene: the profile picker — at start when several learners have saved profiles, and
/// from Welcome to switch learner.
struct ProfilesScene: Scene {
    /// Action: what the picker does.
    enum Action: SceneAction {
        case moveUp, moveDown, first, last
        /// choose: plays as profile `index` (the row after the profiles is "New profile").
        case choose(Int)
        case chooseHighlighted
        case newProfile
        case back
    }

    let state: AppState
    let user: UserManager
    let title = "Profiles"

    /// rowCount: the saved profiles plus "New profile".
    private var rowCount: Int { user.savedProfiles.count + 1 }

    /// fromWelcome: a learner is already playing (the picker was opened from Welcome), so Esc
    /// goes back to Welcome instead of quitting.
    private var fromWelcome: Bool { user.isRegistered }

    var bindings: [Binding<Action>] {
        [
            Binding(triggers: [(.up, .moveUp), (.character("k"), .moveUp), (.backTab, .moveUp),
                               (.down, .moveDown), (.character("j"), .moveDown), (.tab, .moveDown)],
                    keys: "↑↓", helpKeys: "↑ ↓  k j  Tab", bar: "Move", help: "move between profiles (last used first)"),
            Binding(triggers: [(.home, .first), (.end, .last)], keys: "Home End", help: "first or last row"),
            Binding([.enter, .space], .chooseHighlighted, keys: "Enter", helpKeys: "Enter Space", bar: "Choose",
                    help: "play as the highlighted profile, or make a new one (or click it)"),
            Binding([.character("n")], .newProfile, keys: "n", bar: "New profile", help: "new profile (Register)"),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: fromWelcome ? "Back" : "Quit",
                    help: fromWelcome ? "back to Welcome" : "quit Kuchi", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(ProfilesPane(user: user, state: state), body)]
    }

    func perform(_ action: Action) {
        let cursor = state.profileCursor
        switch action {
        case .moveUp: state.set(\.profileCursor, to: cursor.moved(by: -1, count: rowCount))
        case .moveDown: state.set(\.profileCursor, to: cursor.moved(by: 1, count: rowCount))
        case .first: state.set(\.profileCursor, to: ListCursor(index: 0))
        case .last: state.set(\.profileCursor, to: ListCursor(index: rowCount - 1))
        case .choose(let index): choose(index)
        case .chooseHighlighted: choose(cursor.index ?? 0)
        case .newProfile: choose(rowCount - 1)
        case .back:
            if fromWelcome { state.go(.welcome) } else { state.quitting = true }
        }
    }

    /// choose: signs in as profile `index`, or opens Register for the last row (Esc there comes
    /// back to this picker).
    private func choose(_ index: Int) {
        if index < user.savedProfiles.count {
            user.signIn(user.savedProfiles[index])
            state.go(.welcome)
        } else {
            state.openRegister(from: .profiles)
        }
    }
}
