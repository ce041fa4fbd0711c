import KuchiCore

/// ProfilesPane: the saved learners, last used first, and "New profile".
struct ProfilesPane: Pane {
    let user: UserManager
    let state: AppState
    let name = "profiles"

    /// Window: which rows of the list show — all of them when they fit, else a scrolled slice
    /// that keeps the selection in view (with ↑/↓ marks when more lies beyond).
    struct Window: Equatable {
        let top: Int
        let first: Int
        let visible: Int
    }

    static func window(rows: Int, count: Int, selection: Int) -> Window {
        let room = max(rows - 2, 1)
        guard count > room else { return Window(top: max(0, (rows - count - 3) / 2), first: 0, visible: count) }
        let first = max(0, min(selection - room / 2, count - room))
        return Window(top: 0, first: first, visible: room)
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let names = user.savedProfiles.map(\.name) + ["+ New profile"]
        let window = Self.window(rows: area.rows, count: names.count, selection: (state.profileCursor.index ?? 0))
        screen.putCentered("Who is learning today?", row: window.top, in: area, style: theme.title)
        let width = min(max((names.map(\.displayWidth).max() ?? 0) + 6, 24), area.columns)
        let left = max(0, (area.columns - width) / 2)
        for offset in 0..<window.visible {
            let index = window.first + offset
            let selected = index == (state.profileCursor.index ?? 0)
            let isNew = index == names.count - 1
            let more = (offset == 0 && window.first > 0) ? "↑" : (offset == window.visible - 1 && index < names.count - 1 ? "↓" : " ")
            let text = ((selected ? "▸ " : "  ") + names[index]).padded(toWidth: width - 2) + " " + more
            screen.put(text, row: window.top + 2 + offset, column: left,
                       style: selected ? theme.selected : (isNew ? theme.accent : theme.text))
            screen.onClick(Rect(row: window.top + 2 + offset, column: left, rows: 1, columns: width),
                           ProfilesScene.Action.choose(index))
        }
    }
}
