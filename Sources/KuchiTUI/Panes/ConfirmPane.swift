/// ConfirmPane: a yes/no question over the screen (y confirms, n or Esc keeps things).
struct ConfirmPane: Pane {
    let message: String
    let name = "confirm"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        screen.fill(area, with: Cell(grapheme: " ", width: 1, style: theme.text))
        screen.box(area, style: theme.wrong, title: "Are you sure?", titleStyle: theme.wrong)
        let inner = area.inset(by: 1)
        let lines = TextWrap.lines(message, width: inner.columns - 2, maximumLines: max(inner.rows - 2, 1))
        for (offset, line) in lines.enumerated() {
            screen.putCentered(line, row: inner.row + offset, in: inner, style: theme.text)
        }
        if inner.rows >= 2 {
            screen.putCentered("y  Forget me      n  Keep", row: inner.row + inner.rows - 1, in: inner, style: theme.key)
        }
    }
}
