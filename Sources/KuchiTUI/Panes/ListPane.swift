import KuchiCore

/// ListPane: a titled list with a cursor — the deck picker and the category filter. Rows scroll
/// to keep the cursor in view (with ↑/↓ marks when more lies beyond); each row is a click target.
///
/// The rows, note and cursor are read while drawing (closures over the models and the screen
/// state), so a moved cursor or a toggled row redraws the list at once: a value captured when
/// the pane was built would stay as it was until the next layout.
struct ListPane: Pane {
    /// Row: what one line says — an optional mark ("[x]", "▪"), a label and a right-aligned detail.
    struct Row: Equatable {
        var mark: String?
        var label: String
        var detail: String
    }

    let title: String
    /// note: a line under the list (what Enter does, why a choice is refused).
    let note: @MainActor () -> String
    let rows: @MainActor () -> [Row]
    let cursor: @MainActor () -> Int
    /// action: what a click on row `index` does.
    let action: (Int) -> any SceneAction
    let name: String

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let rows = self.rows()
        let cursor = self.cursor()
        let note = self.note()
        let width = min(area.columns - 2, 72)
        let left = max(1, (area.columns - width) / 2)
        let room = max(area.rows - 4, 1)
        let visible = min(rows.count, room)
        let first = rows.count <= room ? 0 : max(0, min(cursor - room / 2, rows.count - room))
        let top = max(0, (area.rows - visible - 4) / 2)
        screen.put(title.truncated(toWidth: width), row: top, column: left, style: theme.title)
        for offset in 0..<visible {
            let index = first + offset
            let row = rows[index]
            let selected = index == cursor
            let more = offset == 0 && first > 0 ? "↑" : (offset == visible - 1 && index < rows.count - 1 ? "↓" : " ")
            let head = (selected ? "▸ " : "  ") + (row.mark.map { $0 + " " } ?? "")
            let detailWidth = row.detail.displayWidth
            let label = row.label.truncated(toWidth: max(width - head.displayWidth - detailWidth - 4, 1))
            let text = (head + label).padded(toWidth: width - detailWidth - 2) + row.detail + " " + more
            let line = top + 2 + offset
            screen.put(text, row: line, column: left, style: selected ? theme.selected : theme.text)
            screen.onClick(Rect(row: line, column: left, rows: 1, columns: width), action(index))
        }
        for (offset, line) in TextWrap.lines(note, width: width, maximumLines: 2).enumerated() where top + 3 + visible + offset < area.rows {
            screen.put(line, row: top + 3 + visible + offset, column: left, style: theme.dim)
        }
    }
}
