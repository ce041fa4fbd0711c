import KuchiCore

/// ChoicesPane: the three numbered answers, the cursor, and the marks on answers tried.
///
/// Reads the current test's answers, `triedAnswers`, `choicesVisible` and the screen's cursor.
struct ChoicesPane: Pane {
    let quiz: ChallengesViewModel
    let selection: ChallengeScreenState
    let choose: @MainActor (Int) -> Void
    let name = "choices"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        screen.box(area, style: theme.frame, title: "Choices", titleStyle: theme.title)
        let inner = area.inset(by: 1)
        guard inner.rows > 0, inner.columns > 0, let test = quiz.currentTest else { return }
        guard quiz.choicesVisible else {
            screen.putCentered("Choices hidden — Space shows them", row: inner.row + inner.rows / 2, in: inner, style: theme.dim)
            return
        }
        let rows = Self.rows(count: test.answers.count, in: inner)
        let tried = quiz.triedAnswers
        let cursor = selection.selection
        for (index, answer) in test.answers.enumerated() {
            let row = rows[index]
            let isTried = tried.contains(answer)
            let isSelected = index == cursor
            let marker = isSelected ? "▸" : " "
            let label = "\(marker) \(index + 1)  " + answer
            let width = inner.columns - 2
            // In a narrow pane the long mark would push out the answer (and the digit): keep "✗".
            let longMark = "  ✗ not this one"
            let suffix = !isTried ? "" : (label.displayWidth + longMark.displayWidth <= width ? longMark : " ✗")
            let text = (label + suffix).displayWidth <= width
                ? label + suffix
                : label.truncated(toWidth: width - suffix.displayWidth) + suffix
            let style = isSelected ? theme.selected : (isTried ? theme.disabled : theme.text)
            screen.put(text.padded(toWidth: width), row: row, column: inner.column + 1, style: style)
            if !isSelected {
                screen.put("\(index + 1)", row: row, column: inner.column + 3, style: isTried ? theme.disabled : theme.key)
            }
        }
    }

    /// rows: the row of each choice, spread out when there is room (a blank row between).
    static func rows(count: Int, in inner: Rect) -> [Int] {
        let step = inner.rows >= count * 2 - 1 ? 2 : 1
        let used = (count - 1) * step + 1
        let top = inner.row + max(0, (inner.rows - used) / 2)
        return (0..<count).map { min(top + $0 * step, inner.row + inner.rows - 1) }
    }

    func click(row: Int, column: Int, size: TerminalSize) -> Bool {
        guard let test = quiz.currentTest, quiz.choicesVisible else { return false }
        let inner = Rect(row: 1, column: 1, rows: size.rows - 2, columns: size.columns - 2)
        guard let index = Self.rows(count: test.answers.count, in: inner).firstIndex(of: row),
              inner.contains(row: row, column: column) else { return false }
        choose(index)
        return true
    }
}
