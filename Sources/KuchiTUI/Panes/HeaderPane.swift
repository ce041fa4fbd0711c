import KuchiCore

/// HeaderPane: the top bar — Kuchi's name, the tabs (or the screen's title) and who is playing.
///
/// The current tab is shown in brackets as well as highlighted, so it reads without colour.
/// Each tab is a click target that opens it.
struct HeaderPane: Pane {
    let title: String
    /// tab: the current tab, or nil on screens before the tabs (the title shows instead).
    let tab: Tab?
    let user: UserManager
    let name = "header"

    /// brand: "口 Kuchi" before the tabs, or just "口" when the terminal is narrow.
    static func brand(columns: Int) -> String {
        columns >= 60 ? " 口 Kuchi  " : " 口 "
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        screen.fill(screen.bounds, with: Cell(grapheme: " ", width: 1, style: theme.header))
        var end: Int
        if let tab {
            end = screen.put(Self.brand(columns: screen.columns), row: 0, column: 0, style: theme.header)
            for shown in AppState.visibleTabs(learningEnabled: user.learningEnabled) {
                let current = shown == tab
                var style = theme.header
                if current {
                    // The header is already reversed: the current tab turns it back, underlined.
                    style.reverse.toggle()
                    style = style.underlined
                }
                let label = current ? "[\(shown.title)]" : " \(shown.title) "
                let start = end
                end = screen.put(label, row: 0, column: start, style: style)
                screen.onClick(Rect(row: 0, column: start, rows: 1, columns: end - start), AppAction.open(shown))
                end += 1
            }
        } else {
            end = screen.put(" 口 Kuchi · \(title)".truncated(toWidth: screen.columns), row: 0, column: 0, style: theme.header)
        }
        // The name with one column of margin after the title and one at the right edge.
        let right = user.name
        let rightWidth = min(right.displayWidth, max(screen.columns - end - 2, 0))
        if rightWidth > 0 {
            let shown = right.truncated(toWidth: rightWidth)
            screen.put(shown, row: 0, column: screen.columns - 1 - shown.displayWidth, style: theme.header)
        }
    }
}
