import KuchiCore

/// ConfirmPane: a yes/no question over the screen. It is modal: while it is up, clicks reach
/// only its two answers.
struct ConfirmPane: Pane {
    let message: String
    /// yes, no: each answer's key, label and action (also its click target).
    let yes: (key: String, label: String, action: any SceneAction)
    let no: (key: String, label: String, action: any SceneAction)
    /// other: a third answer, drawn between the two (Forget me → every machine).
    var other: (key: String, label: String, action: any SceneAction)?
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
        let answers = [yes] + (other.map { [$0] } ?? []) + [no]
        let labels = answers.map { "\($0.key)  \($0.label)" }
        let total = labels.map(\.displayWidth).reduce(0, +) + 6 * (labels.count - 1)
        var column = inner.column + max(0, (inner.columns - total) / 2)
        for (answer, label) in zip(answers, labels) {
            let end = screen.put(label, row: row, column: column, style: theme.key)
            screen.onClick(Rect(row: row, column: column, rows: 1, columns: end - column), answer.action)
            column = end + 6
        }
    }
}
