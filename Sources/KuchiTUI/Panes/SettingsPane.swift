import KuchiCore

/// SettingsPane: one row per setting with its current value, the focused row highlighted.
struct SettingsPane: Pane {
    let user: UserManager
    let state: AppState
    let activate: @MainActor (SettingsScene.Row) -> Void
    let name = "settings"

    /// spacing: a blank row between settings when the pane has room (13 rows), none otherwise.
    static func spacing(rows: Int) -> Int {
        rows >= 13 ? 2 : 1
    }

    static func top(rows: Int) -> Int {
        let height = 2 + SettingsScene.Row.allCases.count * spacing(rows: rows) + 1
        return max(0, (rows - height) / 2)
    }

    static func row(_ row: SettingsScene.Row, rows: Int) -> Int {
        top(rows: rows) + 2 + row.rawValue * spacing(rows: rows)
    }

    /// labelWidth: the label column, narrower on narrow terminals so values keep their room.
    static func labelWidth(columns: Int) -> Int {
        columns >= 60 ? 25 : 22
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        let width = min(area.columns - 2, 72)
        let left = max(1, (area.columns - width) / 2)
        screen.put("Settings for \(user.name)".truncated(toWidth: width), row: Self.top(rows: area.rows), column: left, style: theme.title)
        for row in SettingsScene.Row.allCases {
            let line = Self.row(row, rows: area.rows)
            let focused = state.settingsSelection == row.rawValue
            let label = (focused ? "▸ " : "  ") + Self.label(row)
            let labelWidth = Self.labelWidth(columns: width)
            screen.put(label.padded(toWidth: labelWidth - 1), row: line, column: left, style: focused ? theme.selected : theme.text)
            value(row, into: &screen, row: line, column: left + labelWidth, width: width - labelWidth, theme: theme, focused: focused)
        }
        var note = Self.note(for: SettingsScene.Row(rawValue: state.settingsSelection) ?? .questions)
        if let override = state.questionsOverride, state.settingsSelection == SettingsScene.Row.questions.rawValue {
            note = "This run plays \(override) (--questions \(override)); the setting applies from the next launch."
        }
        if let note {
            let noteRow = Self.row(.forget, rows: area.rows) + Self.spacing(rows: area.rows)
            for (offset, line) in TextWrap.lines(note, width: width, maximumLines: 2).enumerated() where noteRow + offset < area.rows {
                screen.put(line, row: noteRow + offset, column: left, style: theme.dim)
            }
        }
    }

    static func label(_ row: SettingsScene.Row) -> String {
        switch row {
        case .questions: "Number of questions"
        case .appearance: "Appearance"
        case .learning: "Learning enabled"
        case .cardColor: "Card colour"
        case .forget: "Forget me"
        }
    }

    static func note(for row: SettingsScene.Row) -> String? {
        switch row {
        case .questions: "3 to 20 correct answers end a session; takes effect from the next game."
        case .appearance: "Terminal uses your terminal's colours; monochrome uses none."
        case .learning: "Off hides the Learn tab."
        case .cardColor: "The colour of the Learn tab's flash cards."
        case .forget: "Deletes the saved profile and returns to Register (asks first)."
        }
    }

    private func value(_ row: SettingsScene.Row, into screen: inout Screen, row line: Int, column: Int, width: Int, theme: Theme,
                       focused: Bool) {
        switch row {
        case .questions:
            screen.put("◂ \(user.numberOfQuestions) ▸", row: line, column: column, style: theme.accent)
        case .appearance:
            screen.put("◂ \(Self.name(user.appearance)) ▸", row: line, column: column, style: theme.accent)
        case .learning:
            screen.put(user.learningEnabled ? "[x] on" : "[ ] off", row: line, column: column, style: theme.accent)
        case .cardColor where width < CardColor.allCases.count * 4 + 8:
            // Too narrow for the swatches: the colour's name, changed with ← →.
            var swatch = Style()
            swatch.background = Color(user.cardColor)
            let end = screen.put("◂ \(user.cardColor.rawValue) ▸", row: line, column: column, style: theme.accent)
            if theme != .monochrome { screen.put("  ", row: line, column: end + 1, style: swatch) }
        case .cardColor:
            var position = column
            for color in CardColor.allCases {
                let chosen = color == user.cardColor
                var swatch = Style()
                swatch.background = Color(color)
                let usesColour = theme != .monochrome
                position = screen.put(chosen ? "[" : " ", row: line, column: position, style: theme.accent)
                position = screen.put(usesColour ? "  " : String(color.rawValue.prefix(1)), row: line, column: position,
                                      style: usesColour ? swatch : theme.text)
                position = screen.put(chosen ? "]" : " ", row: line, column: position, style: theme.accent)
            }
            screen.put(user.cardColor.rawValue, row: line, column: position + 1, style: theme.text)
        case .forget:
            screen.button("Forget me…", row: line, column: column, focused: focused, theme: theme)
        }
    }

    static func name(_ appearance: Appearance) -> String {
        switch appearance {
        case .terminal: "Terminal"
        case .dark: "Dark"
        case .light: "Light"
        case .monochrome: "Monochrome"
        }
    }

    func click(row: Int, column: Int, size: TerminalSize) -> Bool {
        guard let target = SettingsScene.Row.allCases.first(where: { Self.row($0, rows: size.rows) == row }) else { return false }
        activate(target)
        return true
    }
}
