/// KeyBarPane: the bottom line, like nano's and htop's: the keys that work on this screen.
struct KeyBarPane: Pane {
    let hints: [KeyHint]
    let name = "keybar"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        screen.keyHints(hints, row: 0, column: 1, width: screen.columns - 1, theme: environment.theme)
    }
}
