/// KeyBarPane: the bottom line, like nano's and htop's: the keys that work on this screen.
///
/// The hints are read when drawing, so a screen whose keys depend on its state (the focused
/// field, a session under way) keeps its key bar true; a screen with fixed keys reads nothing
/// and its key bar never redraws.
struct KeyBarPane: Pane {
    let hints: @MainActor () -> [KeyHint]
    let name = "keybar"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        screen.keyHints(hints(), row: 0, column: 1, width: screen.columns - 1, theme: environment.theme)
    }
}
