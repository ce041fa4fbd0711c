import KuchiCore

/// SettingsScene: the learner's settings; changes apply at once and are saved with the profile.
struct SettingsScene: Scene {
    let state: AppState
    let user: UserManager
    /// forgotten: called after Forget me, so the app can drop that learner's session.
    let forgotten: @MainActor () -> Void
    let title = "Settings"

    /// Row: the settings rows, in order.
    enum Row: Int, CaseIterable {
        case questions, appearance, learning, cardColor, forget
    }

    var hints: [KeyHint] {
        if state.confirmingForget {
            return [KeyHint(keys: "y", label: "Forget me"), KeyHint(keys: "n Esc", label: "Keep")]
        }
        return [KeyHint(keys: "↑↓", label: "Move"), KeyHint(keys: "←→", label: "Change"), KeyHint(keys: "Space", label: "Toggle"),
                KeyHint(keys: "Tab", label: "Tabs"), KeyHint(keys: "?", label: "Help"), KeyHint(keys: "q", label: "Back")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "↑ ↓  k j", label: "move between settings"),
         KeyHint(keys: "← → - +", label: "change the value"),
         KeyHint(keys: "Space Enter", label: "toggle, or press Forget me"),
         KeyHint(keys: "click", label: "select a setting; click a value to change it"),
         .switchTabs,
         .thisHelp,
         .backToWelcome]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        var panes: [(pane: any Pane, frame: Rect)] = [(SettingsPane(user: user, state: state, activate: activate), body)]
        if state.confirmingForget {
            let frame = Layout.centered(rows: 7, columns: 56, in: body)
            let message = user.rememberMe
                ? "Forget \(user.name)? The saved profile and its settings are deleted, and Kuchi returns to Register."
                : "Forget \(user.name)? Nothing is saved for this name; Kuchi returns to Register."
            panes.append((ConfirmPane(message: message), frame))
        }
        return panes
    }

    func handle(_ key: Key) {
        if state.confirmingForget {
            switch key {
            case .character("y"), .character("Y"):
                state.confirmingForget = false
                user.forget()
                forgotten()
                state.registerForm.reset()
                state.go(.register)
            case .character("n"), .character("N"), .escape, .character("q"):
                state.confirmingForget = false
            default: break
            }
            return
        }
        let row = Row(rawValue: state.settingsSelection) ?? .questions
        switch key {
        case .up, .character("k"): select(state.settingsSelection - 1)
        case .down, .character("j"): select(state.settingsSelection + 1)
        case .left, .character("-"): change(row, by: -1)
        case .right, .character("+"), .character("="): change(row, by: 1)
        case .character(" "), .enter: activate(row)
        case .escape, .character("q"): state.go(.welcome)
        default: break
        }
    }

    private func select(_ index: Int) {
        let clamped = min(max(index, 0), Row.allCases.count - 1)
        if state.settingsSelection != clamped { state.settingsSelection = clamped }
    }

    /// change: steps a value; the question count stops at its range's ends.
    func change(_ row: Row, by step: Int) {
        switch row {
        case .questions:
            let next = Settings.clampQuestions(user.numberOfQuestions + step)
            if next != user.numberOfQuestions { user.numberOfQuestions = next }
        case .appearance: user.appearance = Self.cycle(user.appearance, by: step)
        case .learning: user.learningEnabled.toggle()
        case .cardColor: user.cardColor = Self.cycle(user.cardColor, by: step)
        case .forget: break
        }
    }

    /// activate: Space/Enter/click on a row.
    func activate(_ row: Row) {
        select(row.rawValue)
        switch row {
        case .learning: user.learningEnabled.toggle()
        case .forget: state.confirmingForget = true
        case .questions, .appearance, .cardColor: change(row, by: 1)
        }
    }

    static func cycle<Value: CaseIterable & Equatable>(_ value: Value, by step: Int) -> Value {
        let all = Array(Value.allCases)
        let index = all.firstIndex(of: value) ?? 0
        return all[(index + step + all.count) % all.count]
    }
}
