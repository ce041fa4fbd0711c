import KuchiCore

/// ProfilesPane: the saved learners, last used first, and "New profile".
struct ProfilesPane: Pane {
    let user: UserManager
    let state: AppState
    let choose: @MainActor (Int) -> Void
    let name = "profiles"

    static func top(rows: Int, count: Int) -> Int {
        max(0, (rows - count - 3) / 2)
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        let names = user.savedProfiles.map(\.name) + ["+ New profile"]
        let top = Self.top(rows: area.rows, count: names.count)
        screen.putCentered("Who is learning today?", row: top, in: area, style: theme.title)
        let width = min(max((names.map(\.displayWidth).max() ?? 0) + 6, 24), area.columns)
        let left = max(0, (area.columns - width) / 2)
        for (index, name) in names.enumerated() where top + 2 + index < area.rows {
            let selected = index == state.profileSelection
            let text = ((selected ? "▸ " : "  ") + name).padded(toWidth: width)
            let isNew = index == names.count - 1
            screen.put(text, row: top + 2 + index, column: left, style: selected ? theme.selected : (isNew ? theme.accent : theme.text))
        }
    }

    func click(row: Int, column: Int, size: TerminalSize) -> Bool {
        let count = user.savedProfiles.count + 1
        let index = row - Self.top(rows: size.rows, count: count) - 2
        guard (0..<count).contains(index) else { return false }
        choose(index)
        return true
    }
}
