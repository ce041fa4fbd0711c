import KuchiCore

/// HeaderPane: the top bar — Kuchi's name, the screen's title and who is playing.
struct HeaderPane: Pane {
    let title: String
    let user: UserManager
    let name = "header"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        screen.fill(Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns),
                    with: Cell(grapheme: " ", width: 1, style: theme.header))
        let left = " 口 Kuchi · \(title)"
        let right = user.name.isEmpty ? "" : "\(user.name) "
        let rightWidth = min(right.displayWidth, max(screen.columns - left.displayWidth - 2, 0))
        screen.put(left.truncated(toWidth: screen.columns - rightWidth), row: 0, column: 0, style: theme.header)
        if rightWidth > 0 {
            let shown = right.truncated(toWidth: rightWidth)
            screen.put(shown, row: 0, column: screen.columns - shown.displayWidth, style: theme.header)
        }
    }
}
