import KuchiCore

/// RegisterScene: a new learner types a name and chooses Remember me.
///
/// A name that already has a saved profile (in any case) is never taken over: Register says so
/// and offers to open that profile instead.
struct RegisterScene: Scene {
    /// Action: what Register does. Typed characters are not actions: they go to `type(_:)`.
    enum Action: SceneAction {
        case nextField, previousField
        /// focus: a click on a control.
        case focus(RegisterForm.Field)
        case toggleRememberMe
        case submit
        case cursorLeft, cursorRight, cursorHome, cursorEnd
        case deleteBackward, deleteForward, deleteWord, deleteLine
        /// openTaken / keepTyping: the answers to "this name has a profile — open it?".
        case openTaken, keepTyping
        case back
    }

    let state: AppState
    let user: UserManager
    let title = "Register"

    var form: RegisterForm { state.registerForm }

    var capturesText: Bool { form.focus == .name && state.takenProfile == nil }

    var bindings: [Binding<Action>] {
        if let taken = state.takenProfile {
            return [
                Binding([.character("y"), .enter], .openTaken, keys: "y", bar: "Open \(taken.name)", help: "open the saved profile"),
                Binding([.character("n"), .escape], .keepTyping, keys: "n", helpKeys: "n Esc", bar: "Other name",
                        help: "type another name", priority: .essential),
            ]
        }
        let editing = form.focus == .name
        return [
            Binding.note("type", "your name (3 to 32 characters; Japanese works)"),
            Binding(triggers: [(.tab, .nextField), (.down, .nextField), (.backTab, .previousField), (.up, .previousField)],
                    keys: "Tab", helpKeys: "Tab Shift-Tab ↑ ↓", bar: "Next", help: "move between name, Remember me and OK"),
            Binding([.space], .toggleRememberMe, keys: "Space", bar: "Toggle", help: "toggle Remember me (when it has focus)",
                    when: form.focus == .rememberMe),
            Binding([.enter], .submit, keys: "Enter", bar: form.isValid ? "OK" : nil, help: "OK, once the name is valid"),
            Binding(triggers: [(.left, .cursorLeft), (.right, .cursorRight), (.home, .cursorHome), (.control("a"), .cursorHome),
                               (.end, .cursorEnd), (.control("e"), .cursorEnd)],
                    keys: "← → Home End", helpKeys: "← → Home End", help: "move in the name (Ctrl-A, Ctrl-E too)", when: editing),
            Binding(triggers: [(.backspace, .deleteBackward), (.delete, .deleteForward)], keys: "Backspace Del",
                    help: "delete a character", when: editing),
            Binding(triggers: [(.control("w"), .deleteWord), (.control("u"), .deleteLine)], keys: "Ctrl-W Ctrl-U",
                    help: "delete the word before the cursor, or everything before it", when: editing),
            Binding([.escape], .back, keys: "Esc", bar: state.registerReturn == nil ? "Quit" : "Back",
                    help: state.registerReturn == nil ? "quit" : "back without registering", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        var panes: [(pane: any Pane, frame: Rect)] = [(RegisterPane(form: form), body)]
        if let taken = state.takenProfile {
            let message = "“\(taken.name)” already has a saved profile. Open it? Its settings and progress are kept."
            panes.append((ConfirmPane(message: message, yes: ("y", "Open it", Action.openTaken),
                                      no: ("n", "Another name", Action.keepTyping), title: "Name taken"),
                          Layout.centered(rows: 7, columns: 56, in: body)))
        }
        return panes
    }

    func perform(_ action: Action) {
        switch action {
        case .nextField: form.focusNext(by: 1)
        case .previousField: form.focusNext(by: -1)
        case .focus(let field):
            form.focus(field)
            if field == .rememberMe { form.rememberMe.toggle() }
            if field == .ok { submit() }
        case .toggleRememberMe: form.rememberMe.toggle()
        case .submit: submit()
        case .cursorLeft: form.moveCursor(to: form.cursor - 1)
        case .cursorRight: form.moveCursor(to: form.cursor + 1)
        case .cursorHome: form.moveCursor(to: 0)
        case .cursorEnd: form.moveCursor(to: form.characters.count)
        case .deleteBackward: form.backspace()
        case .deleteForward: form.deleteForward()
        case .deleteWord: form.deleteWordBackward()
        case .deleteLine: form.deleteToStart()
        case .openTaken:
            if let taken = state.takenProfile {
                user.signIn(taken)
                form.reset()
                state.go(.welcome)
            }
        case .keepTyping:
            state.set(\.takenProfile, to: nil)
            form.focus(.name)
        case .back:
            if let origin = state.registerReturn { state.go(origin) } else { state.quitting = true }
        }
    }

    /// type: a printable character goes into the name when it has focus.
    func type(_ key: Key) -> Bool {
        guard form.focus == .name, state.takenProfile == nil, case .character(let character) = key else { return false }
        form.insert(character)
        return true
    }

    /// submit: registers when the name is valid and free; a taken name asks to open that
    /// profile; an invalid one keeps focus on the name.
    private func submit() {
        guard form.isValid else {
            form.focus(.name)
            return
        }
        switch user.register(name: form.text, rememberMe: form.rememberMe) {
        case .registered:
            form.reset()
            state.go(.welcome)
        case .nameTaken(let taken):
            state.set(\.takenProfile, to: taken)
        case .invalidName:
            form.focus(.name)
        }
    }
}
