import KuchiCore

/// SettingsPane: one row per setting with its current value, the focused row highlighted.
/// Labels, ◂ ▸ arrows, switches and swatches are click targets.
struct SettingsPane: Pane {
    let user: UserManager
    let state: AppState
    let name = "settings"

    /// spacing: a blank row between settings when the pane has room for them and the note.
    static func spacing(rows: Int) -> Int {
        rows >= 2 + SettingsRow.allCases.count * 2 + 2 ? 2 : 1
    }

    static func top(rows: Int) -> Int {
        let height = 2 + SettingsRow.allCases.count * spacing(rows: rows) + 1
        return max(0, (rows - height) / 2)
    }

    static func row(_ row: SettingsRow, rows: Int) -> Int {
        top(rows: rows) + 2 + (SettingsRow.allCases.firstIndex(of: row) ?? 0) * spacing(rows: rows)
    }

    /// labelWidth: the label column, narrower on narrow terminals so values keep their room.
    static func labelWidth(columns: Int) -> Int {
        columns >= 60 ? 25 : 22
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let width = min(area.columns - 2, 72)
        let left = max(1, (area.columns - width) / 2)
        screen.put("Settings for \(user.name)".truncated(toWidth: width), row: Self.top(rows: area.rows), column: left, style: theme.title)
        let labelWidth = Self.labelWidth(columns: width)
        for row in SettingsRow.allCases {
            let line = Self.row(row, rows: area.rows)
            let focused = state.settingsRow == row
            let label = (focused ? "▸ " : "  ") + Self.label(row)
            screen.put(label.padded(toWidth: labelWidth - 1), row: line, column: left, style: focused ? theme.selected : theme.text)
            screen.onClick(Rect(row: line, column: left, rows: 1, columns: labelWidth), SettingsScene.Action.select(row))
            value(row, into: &screen, row: line, column: left + labelWidth, width: width - labelWidth, theme: theme, focused: focused)
        }
        var note = Self.note(for: state.settingsRow)
        if let override = state.questionsOverride, state.settingsRow == .questions {
            note = "This run plays \(override) (--questions \(override)); the setting applies from the next launch."
        }
        if let override = state.directionOverride, state.settingsRow == .direction {
            note = "This run asks \(override.title) (--direction \(override.rawValue)); the setting applies from the next launch."
        }
        if let override = state.answerOverride, state.settingsRow == .answerKind {
            note = "This run uses “\(override.title)” (--answer \(override.rawValue)); the setting applies from the next launch."
        }
        let noteRow = Self.row(.forget, rows: area.rows) + Self.spacing(rows: area.rows)
        for (offset, line) in TextWrap.lines(note, width: width, maximumLines: 2).enumerated() where noteRow + offset < area.rows {
            screen.put(line, row: noteRow + offset, column: left, style: theme.dim)
        }
    }

    static func label(_ row: SettingsRow) -> String {
        switch row {
        case .questions: "Number of questions"
        case .newWords: "New words per day"
        case .retention: "Desired retention"
        case .rollover: "Next day starts at"
        case .appearance: "Appearance"
        case .learning: "Learning enabled"
        case .cardColor: "Card colour"
        case .direction: "Direction"
        case .answerKind: "Answer by"
        case .forget: "Forget me"
        }
    }

    static func note(for row: SettingsRow) -> String {
        switch row {
        case .questions: "3 to 20 correct answers end a session; takes effect from the next game."
        case .newWords: "New words the daily queue brings, 0 to 100, after the words due; from the next session."
        case .retention: "How sure you want to be of remembering a word when it comes back (70–97%): higher means more reviews."
        case .rollover: "The hour a new study day begins, as in Anki: reviews after midnight still count for the night before."
        case .appearance: "Terminal uses your terminal's colours; monochrome uses none."
        case .learning: "Off hides the Learn tab."
        case .cardColor: "The colour of the Learn tab's flash cards."
        case .direction: "Which way words are asked: Japanese → English, English → Japanese, reading (kanji → kana) or mixed."
        case .answerKind: "Choose from three, or type the answer (romaji becomes kana as you type)."
        case .forget: "Deletes the saved profile and returns to Register (asks first)."
        }
    }

    /// stepper: "◂ value ▸" with each arrow a click target that steps the value.
    @discardableResult
    private func stepper(_ text: String, for row: SettingsRow, into screen: inout Screen, row line: Int, column: Int,
                         theme: Theme) -> Int {
        let end = screen.put("◂ \(text) ▸", row: line, column: column, style: theme.accent)
        screen.onClick(Rect(row: line, column: column, rows: 1, columns: 2), SettingsScene.Action.change(row, by: -1))
        screen.onClick(Rect(row: line, column: end - 2, rows: 1, columns: 2), SettingsScene.Action.change(row, by: 1))
        return end
    }

    private func value(_ row: SettingsRow, into screen: inout Screen, row line: Int, column: Int, width: Int, theme: Theme,
                       focused: Bool) {
        switch row {
        case .questions:
            stepper("\(user.numberOfQuestions)", for: row, into: &screen, row: line, column: column, theme: theme)
        case .newWords:
            stepper("\(user.newWordsPerDay)", for: row, into: &screen, row: line, column: column, theme: theme)
        case .retention:
            stepper("\(Int((user.desiredRetention * 100).rounded()))%", for: row, into: &screen, row: line, column: column, theme: theme)
        case .rollover:
            stepper(String(format: "%02d:00", user.dayRolloverHour), for: row, into: &screen, row: line, column: column, theme: theme)
        case .appearance:
            stepper(Self.name(user.appearance), for: row, into: &screen, row: line, column: column, theme: theme)
        case .direction:
            stepper(user.studyDirection.title, for: row, into: &screen, row: line, column: column, theme: theme)
        case .answerKind:
            stepper(user.answerKind.title, for: row, into: &screen, row: line, column: column, theme: theme)
        case .learning:
            let end = screen.put(user.learningEnabled ? "[x] on" : "[ ] off", row: line, column: column, style: theme.accent)
            screen.onClick(Rect(row: line, column: column, rows: 1, columns: end - column), SettingsScene.Action.select(.learning))
        case .cardColor where width < CardColor.allCases.count * 4 + 8:
            // Too narrow for the swatches: the colour's name, changed with ← →.
            let end = stepper(user.cardColor.rawValue, for: row, into: &screen, row: line, column: column, theme: theme)
            if theme != .monochrome { screen.put("  ", row: line, column: end + 1, style: Style().on(Color(user.cardColor))) }
        case .cardColor:
            swatches(into: &screen, row: line, column: column, theme: theme)
        case .forget:
            let frame = screen.button("Forget me…", row: line, column: column, focused: focused, theme: theme)
            screen.onClick(frame, SettingsScene.Action.select(.forget))
        }
    }

    /// swatches: every card colour, the chosen one in brackets; a click on one steps to it.
    private func swatches(into screen: inout Screen, row line: Int, column: Int, theme: Theme) {
        let all = CardColor.allCases
        let chosenIndex = all.firstIndex(of: user.cardColor) ?? 0
        var position = column
        for (index, color) in all.enumerated() {
            let chosen = color == user.cardColor
            let usesColour = theme != .monochrome
            let start = position
            position = screen.put(chosen ? "[" : " ", row: line, column: position, style: theme.accent)
            position = screen.put(usesColour ? "  " : String(color.rawValue.prefix(1)), row: line, column: position,
                                  style: usesColour ? Style().on(Color(color)) : theme.text)
            position = screen.put(chosen ? "]" : " ", row: line, column: position, style: theme.accent)
            screen.onClick(Rect(row: line, column: start, rows: 1, columns: position - start),
                           SettingsScene.Action.change(.cardColor, by: index - chosenIndex))
        }
        screen.put(user.cardColor.rawValue, row: line, column: position + 1, style: theme.text)
    }

    static func name(_ appearance: Appearance) -> String {
        switch appearance {
        case .terminal: "Terminal"
        case .dark: "Dark"
        case .light: "Light"
        case .monochrome: "Monochrome"
        }
    }
}
