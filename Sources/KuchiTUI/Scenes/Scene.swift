import KuchiCore

/// Scene: one screen of the app — its panes, its actions and the table that binds keys to them.
///
/// Scenes hold no state of their own (that lives in `AppState` and the models), so the app
/// makes a fresh one whenever it needs one; its binding table is therefore always computed from
/// the current state, and says truthfully which keys work now.
@MainActor
protocol Scene {
    /// Action: everything this screen can do, as values.
    associatedtype Action: SceneAction

    var title: String { get }
    /// bindings: the one table of this screen's keys (see `Binding`).
    var bindings: [Binding<Action>] { get }
    /// capturesText: a text field has focus, so letters and `?` are typed, not commands.
    var capturesText: Bool { get }
    /// panes: the scene's panes and their frames within the body.
    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)]
    /// fits: whether the screen's content fits `body`; when it does not, the app shows the
    /// too-small screen (long choices that even wrapping cannot fit).
    func fits(in body: Rect, sizeClass: SizeClass) -> Bool
    /// perform: does an action (from a key or from a click target).
    func perform(_ action: Action)
    /// type: a key no binding took — text typed into a focused field. Returns whether it was used.
    func type(_ key: Key) -> Bool
}

extension Scene {
    var capturesText: Bool { false }
    func fits(in body: Rect, sizeClass: SizeClass) -> Bool { true }
    func type(_ key: Key) -> Bool { false }

    /// action: what `key` does on this screen now: the first enabled binding that names it.
    func action(for key: Key) -> Action? {
        for binding in bindings {
            if let action = binding.action(for: key) { return action }
        }
        return nil
    }

    /// respond: performs the action bound to `key`, if any; returns whether one ran.
    func respond(to key: Key) -> Bool {
        guard let action = action(for: key) else { return false }
        perform(action)
        return true
    }

    /// perform: a click target's action, when it is one of this screen's.
    func perform(clicked action: any SceneAction) -> Bool {
        guard let action = action as? Action else { return false }
        perform(action)
        return true
    }

    /// barHints: the key bar's hints, in table order.
    var barHints: [KeyHint] { bindings.compactMap(\.barHint) }

    /// helpLines: the help overlay's lines, in table order.
    var helpLines: [KeyHint] { bindings.map(\.helpLine) }
}
