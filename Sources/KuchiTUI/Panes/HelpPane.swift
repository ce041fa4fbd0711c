import KuchiCore

/// HelpPane: the `?` overlay — every key of the current screen, in a framed box.
struct HelpPane: Pane {
    let title: String
    let hints: [KeyHint]
    let name = "help"

    /// size: the box's size for these hints, before clamping to the terminal.
    static func size(for hints: [KeyHint]) -> TerminalSize {
        let keyWidth = hints.map(\.keys.displayWidth).max() ?? 0
        let labelWidth = hints.map(\.label.displayWidth).max() ?? 0
        return TerminalSize(rows: hints.count + 4, columns: max(keyWidth + labelWidth + 7, 34))
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.fill(area, with: Cell(grapheme: " ", width: 1, style: theme.text))
        screen.box(area, style: theme.accent, title: "Help · \(title)", titleStyle: theme.title)
        let keyWidth = hints.map(\.keys.displayWidth).max() ?? 0
        // Rows for hints: the frame and the closing line take three; if some hints don't fit,
        // the last row says so instead of cutting the list silently.
        let room = max(area.rows - 3, 0)
        let shown = hints.count <= room ? hints.count : max(room - 1, 0)
        if shown < hints.count, room > 0 {
            screen.put("… \(hints.count - shown) more: enlarge the terminal".truncated(toWidth: area.columns - 4),
                       row: room, column: 2, style: theme.dim)
        }
        for (index, hint) in hints.prefix(shown).enumerated() {
            let row = index + 1
            screen.put(hint.keys, row: row, column: 2, style: theme.key, clip: area.inset(by: 1))
            let labelWidth = area.columns - (2 + keyWidth + 2) - 2
            screen.put(hint.label.truncated(toWidth: labelWidth), row: row, column: 2 + keyWidth + 2, style: theme.text, clip: area.inset(by: 1))
        }
        if area.rows >= 3 {
            screen.putCentered("? or Esc closes", row: area.rows - 2, in: area.inset(by: 1), style: theme.dim)
        }
    }
}
