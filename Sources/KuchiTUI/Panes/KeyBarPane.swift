import KuchiCore

/// KeyBarPane: the bottom line, like nano's and htop's: the keys that work on this screen.
/// A save or load problem takes its place until the next key press.
struct KeyBarPane: Pane {
    let hints: [KeyHint]
    let user: UserManager
    let name = "keybar"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        if let problem = user.problem {
            screen.put(("! " + problem).truncated(toWidth: screen.columns), row: 0, column: 0, style: theme.wrong)
            return
        }
        screen.keyHints(hints, row: 0, column: 1, width: screen.columns - 1, theme: theme)
    }
}
