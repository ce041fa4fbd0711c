/// TooSmallPane: shown instead of any layout when the terminal is below `Layout.minimum`; it
/// goes away by itself as soon as the terminal is large enough.
struct TooSmallPane: Pane {
    let size: TerminalSize
    let name = "toosmall"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        let need = Layout.minimum
        let lines = TextWrap.lines("Terminal too small — need at least \(need.columns)×\(need.rows), now \(size.columns)×\(size.rows)",
                                   width: area.columns)
            + TextWrap.lines("Enlarge the window, or press Ctrl-C to quit.", width: area.columns)
        let top = max(0, (area.rows - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < area.rows {
            screen.putCentered(line, row: top + offset, in: area, style: offset == 0 ? environment.theme.title : environment.theme.text)
        }
    }
}
