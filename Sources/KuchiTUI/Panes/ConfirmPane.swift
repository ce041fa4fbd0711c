import KuchiCore

/// ConfirmPane: a yes/no question over the screen. It is modal: while it is up, clicks reach
/// only its two answers.
struct ConfirmPane: Pane {
    let message: String
    /// yes, no: each answer's key, label and action (also its click target).
    let yes: (key: String, label: String, action: any SceneAction)
    let no: (key: String, label: String, action: any SceneAction)
    var title = "Are you sure?"
    let name = "confirm"

    var isModal: Bool { true }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.fill(area, with: Cell(grapheme: " ", width: 1, style: theme.text))
        screen.box(area, style: theme.wrong, title: title, titleStyle: theme.wrong)
        let inner = area.inset(by: 1)
        let lines = TextWrap.lines(message, width: inner.columns - 2, maximumLines: max(inner.rows - 2, 1))
        for (offset, line) in lines.enumerated() {
            screen.putCentered(line, row: inner.row + offset, in: inner, style: theme.text)
        }
        guard inner.rows >= 2 else { return }
        let row = inner.row + inner.rows - 1
        let first = "\(yes.key)  \(yes.label)"
        let second = "\(no.key)  \(no.label)"
        let total = first.displayWidth + 6 + second.displayWidth
        let start = inner.column + max(0, (inner.columns - total) / 2)
        let middle = screen.put(first, row: row, column: start, style: theme.key)
        screen.onClick(Rect(row: row, column: start, rows: 1, columns: middle - start), yes.action)
        let end = screen.put(second, row: row, column: middle + 6, style: theme.key)
        screen.onClick(Rect(row: row, column: middle + 6, rows: 1, columns: end - middle - 6), no.action)
    }
}
