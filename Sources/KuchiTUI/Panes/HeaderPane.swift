import KuchiCore

/// HeaderPane: the top bar — Kuchi's name, the tabs (or the screen's title) and who is playing.
///
/// The current tab is shown in brackets as well as highlighted, so it reads without colour.
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

    /// tabFrames: each visible tab's label and its columns in the header (clicks use them too).
    static func tabFrames(learningEnabled: Bool, columns: Int = 80) -> [(tab: Tab, column: Int, width: Int)] {
        var column = brand(columns: columns).displayWidth
        return AppState.visibleTabs(learningEnabled: learningEnabled).map { tab in
            defer { column += tab.title.displayWidth + 3 }
            return (tab, column, tab.title.displayWidth + 2)
        }
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        screen.fill(Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns),
                    with: Cell(grapheme: " ", width: 1, style: theme.header))
        // The name with one space of margin; the margin is not counted against the name.
        let right = user.name
        var end: Int
        if let tab {
            end = screen.put(Self.brand(columns: screen.columns), row: 0, column: 0, style: theme.header)
            for frame in Self.tabFrames(learningEnabled: user.learningEnabled, columns: screen.columns) {
                let current = frame.tab == tab
                var style = theme.header
                if current {
                    style.reverse.toggle()
                    style.underline = true
                }
                let label = current ? "[\(frame.tab.title)]" : " \(frame.tab.title) "
                end = screen.put(label, row: 0, column: frame.column, style: style)
            }
        } else {
            end = screen.put(" 口 Kuchi · \(title)".truncated(toWidth: screen.columns), row: 0, column: 0, style: theme.header)
        }
        // One column of margin after the title and one at the right edge.
        let rightWidth = min(right.displayWidth, max(screen.columns - end - 2, 0))
        if rightWidth > 0 {
            let shown = right.truncated(toWidth: rightWidth)
            screen.put(shown, row: 0, column: screen.columns - 1 - shown.displayWidth, style: theme.header)
        }
    }

    func click(row: Int, column: Int, size: TerminalSize) -> Bool {
        guard tab != nil, let frame = Self.tabFrames(learningEnabled: user.learningEnabled, columns: size.columns)
            .first(where: { column >= $0.column && column < $0.column + $0.width }) else { return false }
        select(frame.tab)
        return true
    }

    /// select: opens a tab (set by the app).
    var select: @MainActor (Tab) -> Void = { _ in }
}
