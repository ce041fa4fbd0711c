/// Scene: one screen of the app — its panes, its keys, and what its keys do.
///
/// Scenes hold no state of their own (that lives in `AppState` and the models), so the app
/// makes a fresh one whenever it needs one.
@MainActor
protocol Scene {
    var title: String { get }
    /// hints: the keys in the key bar.
    var hints: [KeyHint] { get }
    /// help: the fuller list in the `?` overlay.
    var help: [KeyHint] { get }
    /// capturesText: a text field has focus, so `?` and `q` are typed, not commands.
    var capturesText: Bool { get }
    /// panes: the scene's panes and their frames within the body.
    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)]
    /// handle: acts on a key the app did not take itself (help, quit).
    func handle(_ key: Key)
}

extension Scene {
    var help: [KeyHint] { hints }
    var capturesText: Bool { false }
}
