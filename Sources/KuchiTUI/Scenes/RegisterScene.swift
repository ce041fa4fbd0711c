import KuchiCore

/// RegisterScene: first launch (or no remembered profile): type a name, choose Remember me.
struct RegisterScene: Scene {
    let state: AppState
    let user: UserManager
    let title = "Register"

    var form: RegisterForm { state.registerForm }

    var hints: [KeyHint] {
        let toggle = form.focus == .rememberMe ? [KeyHint(keys: "Space", label: "Toggle")] : []
        return [KeyHint(keys: "Tab", label: "Next")] + toggle
            + [KeyHint(keys: "Enter", label: "OK"), KeyHint(keys: "F1", label: "Help"), KeyHint(keys: "Esc", label: "Quit")]
    }

    var help: [KeyHint] {
        [KeyHint(keys: "type", label: "your name (3 to 32 characters; Japanese works)"),
         KeyHint(keys: "← → Home End", label: "move in the name"),
         KeyHint(keys: "Backspace Del", label: "delete a character"),
         KeyHint(keys: "Tab Shift-Tab", label: "move between name, Remember me and OK"),
         KeyHint(keys: "Space", label: "toggle Remember me (when it has focus)"),
         KeyHint(keys: "Enter", label: "OK, once the name is valid"),
         KeyHint(keys: "F1 (?)", label: "this help (? when the name is not focused)"),
         KeyHint(keys: "Esc", label: "quit")]
    }

    var capturesText: Bool { form.focus == .name }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(RegisterPane(form: form, submit: submit), body)]
    }

    func handle(_ key: Key) {
        switch key {
        case .tab, .down: form.focusNext(by: 1)
        case .backTab, .up: form.focusNext(by: -1)
        case .enter: submit()
        case .escape: state.quitting = true
        default:
            if form.focus == .name { edit(key) } else if key == .character(" ") && form.focus == .rememberMe { form.rememberMe.toggle() }
        }
    }

    private func edit(_ key: Key) {
        switch key {
        case .character(let character): form.insert(character)
        case .backspace: form.backspace()
        case .delete: form.deleteForward()
        case .left: form.moveCursor(to: form.cursor - 1)
        case .right: form.moveCursor(to: form.cursor + 1)
        case .home, .control("a"): form.moveCursor(to: 0)
        case .end, .control("e"): form.moveCursor(to: form.characters.count)
        default: break
        }
    }

    /// submit: registers when the name is valid; otherwise keeps focus on the name.
    func submit() {
        guard form.isValid else {
            form.focus(.name)
            return
        }
        user.register(name: form.text, rememberMe: form.rememberMe)
        form.reset()
        state.go(.welcome)
    }
}
