import KuchiCore

/// CongratulationsPane: the end of a session — the learner's name, "You're awesome!", the
/// session summary, Play Again and Back.
struct CongratulationsPane: Pane {
    let user: UserManager
    let quiz: ChallengesViewModel
    let state: AppState
    let activate: @MainActor (Int) -> Void
    let name = "congratulations"

    static let buttons = ["Play Again", "Back to Welcome"]

    static func top(rows: Int) -> Int {
        max(0, (rows - 12) / 2)
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        let top = Self.top(rows: area.rows)
        screen.putCentered("Congratulations, \(user.name)!", row: top, in: area, style: theme.title)
        screen.putCentered("You're awesome!", row: top + 1, in: area, style: theme.word)
        let summary = quiz.score.summary
        let rows: [(String, String)] = [
            ("Correct", "\(summary.correct)"), ("Wrong", "\(summary.wrong)"), ("Accuracy", summary.accuracyText),
            ("Best streak", "\(summary.bestStreak)"), ("Time", summary.elapsedText),
        ]
        let left = max(0, (area.columns - 24) / 2)
        for (offset, (label, value)) in rows.enumerated() {
            screen.put(label, row: top + 3 + offset, column: left, style: theme.dim)
            screen.put(value, row: top + 3 + offset, column: left + 24 - value.displayWidth, style: theme.text)
        }
        for (index, frame) in buttonFrames(in: area).enumerated() {
            screen.button(Self.buttons[index], row: frame.row, column: frame.column, focused: state.congratulationsFocus == index,
                          theme: theme)
        }
    }

    private func buttonFrames(in area: Rect) -> [Rect] {
        let widths = Self.buttons.map { $0.displayWidth + 4 }
        let total = widths.reduce(0, +) + 3
        var column = max(0, (area.columns - total) / 2)
        let row = Self.top(rows: area.rows) + 9
        return widths.map { width in
            defer { column += width + 3 }
            return Rect(row: row, column: column, rows: 1, columns: width)
        }
    }

    func click(row: Int, column: Int, size: TerminalSize) -> Bool {
        let area = Rect(row: 0, column: 0, rows: size.rows, columns: size.columns)
        guard let index = buttonFrames(in: area).firstIndex(where: { $0.contains(row: row, column: column) }) else { return false }
        activate(index)
        return true
    }
}
