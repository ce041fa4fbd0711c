import KuchiCore

/// AppAction: what the app itself does whatever the screen — help, tabs, quitting.
enum AppAction: SceneAction {
    case showHelp
    case closeHelp
    case nextTab
    case previousTab
    case open(Tab)
    case quit
}

/// AppBindings: the app's own binding table, for the screen it sits under.
///
/// Screens' tables are consulted first, so a screen may give Tab another meaning (Register
/// moves between fields with it); these then apply.
@MainActor
enum AppBindings {
    /// table: the app's bindings for a route. `capturesText`: a field has focus, so letters and
    /// `?` are typed; F1 still opens help.
    static func table(route: Route, capturesText: Bool, learningEnabled: Bool, forgetting: Bool = false) -> [Binding<AppAction>] {
        let tabs = route.tab != nil && !capturesText
        let letters = AppState.visibleTabs(learningEnabled: learningEnabled)
        let quit = Binding([.control("c")], AppAction.quit, keys: "Ctrl-C", help: "quit Kuchi from anywhere (your progress is kept)")
        // While Forget me deletes the learner, no screen may open on them: only quitting is left
        // (it waits for the deletion, all or nothing).
        if forgetting { return [quit] }
        return [
            Binding(triggers: [(.tab, .nextTab), (.backTab, .previousTab)], keys: "Tab", helpKeys: "Tab Shift-Tab", bar: "Tabs",
                    help: "next or previous tab", when: tabs, priority: .optional),
            Binding(triggers: letters.map { (Key.character($0.shortcut), AppAction.open($0)) },
                    keys: letters.map { String($0.shortcut) }.joined(separator: " "),
                    help: "open " + letters.map(\.title).joined(separator: ", ") + " (or click the tab)", when: tabs),
            Binding(capturesText ? [.function(1)] : [.character("?"), .function(1)], .showHelp,
                    keys: capturesText ? "F1" : "?", helpKeys: "? F1", bar: "Help", help: "this help", priority: .essential),
            quit,
        ]
    }

    /// help: the overlay's own table while it is up: any of these closes it.
    static let help: [Binding<AppAction>] = [
        Binding([.character("?"), .escape, .character("q"), .enter, .function(1)], .closeHelp, keys: "? Esc", help: "close the help"),
    ]
}
