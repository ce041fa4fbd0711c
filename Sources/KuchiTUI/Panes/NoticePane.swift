import KuchiCore

/// NoticePane: a load or save problem, in full, across the bottom of the screen until the next
/// key — the key bar's single line would cut off the part that says where the file went.
struct NoticePane: Pane {
    /// message: the problem, in full (the layout is rebuilt when it changes).
    let message: String
    let name = "notice"

    /// height: the rows the notice needs at this width (the text wrapped, a frame around it).
    static func height(for message: String, columns: Int) -> Int {
        min(TextWrap.lines(message, width: max(columns - 4, 1)).count, 4) + 2
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.fill(area, with: Cell(grapheme: " ", width: 1, style: theme.text))
        screen.box(area, style: theme.wrong, title: "Notice · any key closes", titleStyle: theme.wrong)
        let inner = area.inset(by: 1)
        for (offset, line) in TextWrap.lines(message, width: inner.columns - 2, maximumLines: inner.rows).enumerated() {
            screen.put(line, row: inner.row + offset, column: inner.column + 1, style: theme.text)
        }
    }
}
