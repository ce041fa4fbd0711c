import KuchiCore

/// HelpPane: the `?` overlay — every key of the current screen, in a framed box.
///
/// A label wider than the box (a narrow terminal, a long explanation) wraps under itself when
/// the box has the rows for every wrapped line; otherwise each label keeps one row, cut with …,
/// so every key stays listed.
struct HelpPane: Pane {
    let title: String
    let hints: [KeyHint]
    let name = "help"

    /// size: the box's size for these hints within `area` (its columns and rows at most): as
    /// wide as the widest line, as tall as the lines once wrapped when they fit.
    static func size(for hints: [KeyHint], within area: TerminalSize = TerminalSize(rows: .max, columns: .max)) -> TerminalSize {
        let keyWidth = hints.map(\.keys.displayWidth).max() ?? 0
        let labelWidth = hints.map(\.label.displayWidth).max() ?? 0
        let columns = min(max(keyWidth + labelWidth + 7, 34), area.columns)
        let wrapped = wrappedRows(hints, labelWidth: labelRoom(columns: columns, keyWidth: keyWidth)).reduce(0, +)
        return TerminalSize(rows: wrapped + 4 <= area.rows ? wrapped + 4 : hints.count + 4, columns: columns)
    }

    /// labelRoom: the columns a label has in a box `columns` wide (frame, margins, key column).
    private static func labelRoom(columns: Int, keyWidth: Int) -> Int {
        max(columns - (2 + keyWidth + 2) - 2, 1)
    }

    /// wrappedRows: the rows each hint's label takes when wrapped to `labelWidth`.
    private static func wrappedRows(_ hints: [KeyHint], labelWidth: Int) -> [Int] {
        hints.map { max(TextWrap.lines($0.label, width: labelWidth).count, 1) }
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.fill(area, with: Cell(grapheme: " ", width: 1, style: theme.text))
        screen.box(area, style: theme.accent, title: "Help · \(title)", titleStyle: theme.title)
        let keyWidth = hints.map(\.keys.displayWidth).max() ?? 0
        let labelWidth = Self.labelRoom(columns: area.columns, keyWidth: keyWidth)
        // Rows for hints: the frame and the closing line take three. Labels wrap when all of
        // them fit wrapped; if even one row each is too many, the last row says so instead of
        // cutting the list silently.
        let room = max(area.rows - 3, 0)
        let wrapped = Self.wrappedRows(hints, labelWidth: labelWidth)
        let wraps = wrapped.reduce(0, +) <= room
        let shown = hints.count <= room ? hints.count : max(room - 1, 0)
        if shown < hints.count, room > 0 {
            screen.put("… \(hints.count - shown) more: enlarge the terminal".truncated(toWidth: area.columns - 4),
                       row: room, column: 2, style: theme.dim)
        }
        var row = 1
        for hint in hints.prefix(shown) {
            screen.put(hint.keys, row: row, column: 2, style: theme.key, clip: area.inset(by: 1))
            let lines = wraps ? TextWrap.lines(hint.label, width: labelWidth) : [hint.label.truncated(toWidth: labelWidth)]
            for line in lines {
                screen.put(line, row: row, column: 2 + keyWidth + 2, style: theme.text, clip: area.inset(by: 1))
                row += 1
            }
            if lines.isEmpty { row += 1 }
        }
        if area.rows >= 3 {
            screen.putCentered("? or Esc closes", row: area.rows - 2, in: area.inset(by: 1), style: theme.dim)
        }
    }
}
