import KuchiCore
import KuchiBase
import KuchiDeck
import KuchiData

/// SettingsPane: one row per setting with its current value, the focused row highlighted.
/// Labels, ◂ ▸ arrows, switches and swatches are click targets.
struct SettingsPane: Pane {
    let user: UserManager
    let state: AppState
    /// overrides: this run's command-line choices (the notes say a saved change waits for them).
    var overrides = StudyOverrides()
    /// deckTitle, categorySummary: the deck studied and which of its categories ("All 26").
    var deckTitle = ""
    var categorySummary = ""
    let name = "settings"

    /// Placement: where the rows go — a blank line between them when there is room, and a
    /// window of rows around the focused one when even one line each does not fit.
    struct Placement: Equatable {
        let top: Int
        let spacing: Int
        let first: Int
        let visible: Int

        /// line: the screen row of `row`, nil when it is scrolled out of view.
        func line(_ row: SettingsRow) -> Int? {
            let index = SettingsRow.allCases.firstIndex(of: row) ?? 0
            guard (first..<(first + visible)).contains(index) else { return nil }
            return top + 2 + (index - first) * spacing
        }
    }

    /// placement: the rows' placement in a pane of `rows` rows with `focus` focused.
    static func placement(rows: Int, focus: SettingsRow) -> Placement {
        let count = SettingsRow.allCases.count
        if rows >= 2 + count * 2 + 2 {
            return Placement(top: max(0, (rows - (2 + count * 2 + 1)) / 2), spacing: 2, first: 0, visible: count)
        }
        if rows >= 2 + count + 1 {
            return Placement(top: max(0, (rows - (2 + count + 1)) / 2), spacing: 1, first: 0, visible: count)
        }
        let visible = max(rows - 2, 1)
        let index = SettingsRow.allCases.firstIndex(of: focus) ?? 0
        return Placement(top: 0, spacing: 1, first: max(0, min(index - visible / 2, count - visible)), visible: visible)
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
        let placement = Self.placement(rows: area.rows, focus: state.settingsRow)
        screen.put("Settings for \(user.name)".truncated(toWidth: width), row: placement.top, column: left, style: theme.title)
        let labelWidth = Self.labelWidth(columns: width)
        for row in SettingsRow.allCases {
            guard let line = placement.line(row) else { continue }
            let focused = state.settingsRow == row
            let label = (focused ? "▸ " : "  ") + Self.label(row)
            screen.put(label.padded(toWidth: labelWidth - 1), row: line, column: left, style: focused ? theme.selected : theme.text)
            screen.onClick(Rect(row: line, column: left, rows: 1, columns: labelWidth), SettingsScene.Action.select(row))
            value(row, into: &screen, row: line, column: left + labelWidth, width: width - labelWidth, theme: theme, focused: focused)
        }
        var note = Self.note(for: state.settingsRow)
        if let override = overrides.questions, state.settingsRow == .questions {
            note = "This run plays \(override) (--questions \(override)); the setting applies from the next launch."
        }
        if let override = overrides.direction, state.settingsRow == .direction {
            note = "This run asks \(override.title) (--direction \(override.rawValue)); the setting applies from the next launch."
        }
        if state.settingsRow == .direction, let problem = state.audio?.listeningProblem {
            note = "Listening is not offered: \(problem.message)"
        }
        if let override = overrides.answerKind, state.settingsRow == .answerKind {
            note = "This run uses “\(override.title)” (--answer \(override.rawValue)); the setting applies from the next launch."
        }
        if state.settingsRow == .optimize, case .finished(let verdict) = state.optimizeProgress { note = verdict }
        let noteRow = placement.top + 2 + placement.visible * placement.spacing
        for (offset, line) in TextWrap.lines(note, width: width, maximumLines: 3).enumerated() where noteRow + offset < area.rows {
            screen.put(line, row: noteRow + offset, column: left, style: theme.dim)
        }
    }

    static func label(_ row: SettingsRow) -> String {
        switch row {
        case .questions: "Number of questions"
        case .newWords: "New words per day"
        case .deck: "Deck"
        case .categories: "Categories"
        case .levels: "JLPT levels"
        case .retention: "Desired retention"
        case .rollover: "Next day starts at"
        case .appearance: "Appearance"
        case .learning: "Learning enabled"
        case .cardColor: "Card colour"
        case .direction: "Direction"
        case .answerKind: "Answer by"
        case .teachNew: "Teach new words"
        case .audio: "Audio"
        case .syncFolder: "Sync folder"
        case .optimize: "Optimize my scheduler"
        case .forget: "Forget me"
        }
    }

    static func note(for row: SettingsRow) -> String {
        switch row {
        case .questions: "3 to 20 correct answers end a session; takes effect from the next game."
        case .deck: "The words studied; each deck keeps its own progress. Enter chooses another (kuchi import adds your own)."
        case .categories: "Study only some categories of the deck. Enter chooses them."
        case .levels: "Study the easiest JLPT levels (N5 first), one level alone (N4 after N5), or every level; words with no level are left out by a choice."
        case .newWords: "New words the daily queue brings, 0 to 100, after the words due; from the next session."
        case .retention: "How sure you want to be of remembering a word when it comes back (70–97%): higher means more reviews."
        case .rollover: "The hour a new study day begins, as in Anki: reviews after midnight still count for the night before."
        case .appearance: "Terminal uses your terminal's colours; monochrome uses none."
        case .learning: "Off hides the Learn tab."
        case .cardColor: "The colour of the Learn tab's flash cards."
        case .direction: "Which way words are asked: Japanese → English, English → Japanese, reading (kanji → kana), listening (said, not shown) or mixed."
        case .answerKind: "Choose from three, or type the answer (romaji becomes kana as you type)."
        case .teachNew: "On: a word met for the first time is shown with its reading and meaning before it is asked."
        case .audio: "Say words with Open JTalk: off, on request (a, or F7 while typing), or automatically when a word is shown or answered."
        case .syncFolder:
            "A folder Syncthing, Dropbox or git carries to your other machines: Kuchi syncs through it at start and after each session. Enter edits it."
        case .optimize:
            "Fits the scheduler to your own reviews (as Anki's Optimize); kept only if it predicts them better. Enter starts it."
        case .forget: "Deletes the saved profile and all its progress, and returns to Register (asks first)."
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
        case .deck, .categories:
            let text = (row == .deck ? deckTitle : categorySummary).truncated(toWidth: max(width - 12, 4))
            let end = screen.put(text + " …", row: line, column: column, style: theme.accent)
            screen.onClick(Rect(row: line, column: column, rows: 1, columns: end - column), SettingsScene.Action.select(row))
        case .newWords:
            stepper("\(user.newWordsPerDay)", for: row, into: &screen, row: line, column: column, theme: theme)
        case .retention:
            stepper("\(Int((user.desiredRetention * 100).rounded()))%", for: row, into: &screen, row: line, column: column, theme: theme)
        case .rollover:
            stepper(String(format: "%02d:00", user.dayRolloverHour), for: row, into: &screen, row: line, column: column, theme: theme)
        case .levels:
            stepper(SettingsScene.levelTitle(overrides.levels ?? user.levels), for: row, into: &screen, row: line, column: column, theme: theme)
        case .appearance:
            stepper(Self.name(user.appearance), for: row, into: &screen, row: line, column: column, theme: theme)
        case .direction:
            stepper(user.studyDirection.title, for: row, into: &screen, row: line, column: column, theme: theme)
        case .audio:
            stepper(Self.name(user.audio), for: row, into: &screen, row: line, column: column, theme: theme)
        case .answerKind:
            stepper(user.answerKind.title, for: row, into: &screen, row: line, column: column, theme: theme)
        case .learning, .teachNew:
            let on = row == .learning ? user.learningEnabled : user.teachNewWords
            let end = screen.put(on ? "[x] on" : "[ ] off", row: line, column: column, style: theme.accent)
            screen.onClick(Rect(row: line, column: column, rows: 1, columns: end - column), SettingsScene.Action.select(row))
        case .cardColor where width < CardColor.allCases.count * 4 + 8:
            // Too narrow for the swatches: the colour's name, changed with ← →.
            let end = stepper(user.cardColor.rawValue, for: row, into: &screen, row: line, column: column, theme: theme)
            if theme != .monochrome { screen.put("  ", row: line, column: end + 1, style: Style().on(Color(user.cardColor))) }
        case .cardColor:
            swatches(into: &screen, row: line, column: column, theme: theme)
        case .syncFolder:
            let shown: String
            if let draft = state.syncFolderDraft {
                let unknown = SettingsScene.folderPath(draft) == nil ? "  (no such account: give the full path)" : ""
                shown = Self.tail(draft + "▏" + unknown, width: max(width - 2, 4))
            } else {
                shown = (user.syncFolder.isEmpty ? "off" : user.syncFolder).truncated(toWidth: max(width - 4, 4)) + " …"
            }
            let end = screen.put(shown, row: line, column: column, style: theme.accent)
            screen.onClick(Rect(row: line, column: column, rows: 1, columns: end - column), SettingsScene.Action.select(.syncFolder))
        case .optimize:
            let text: String
            if case .running(let percent) = state.optimizeProgress {
                text = "Optimizing… \(percent) % (Esc cancels)"
            } else {
                text = (state.parametersSummary ?? "Defaults") + " …"
            }
            let end = screen.put(text.truncated(toWidth: max(width - 2, 4)), row: line, column: column, style: theme.accent)
            screen.onClick(Rect(row: line, column: column, rows: 1, columns: end - column), SettingsScene.Action.select(.optimize))
        case .forget:
            if let forgetting = state.forgetting {
                screen.put(forgetting.truncated(toWidth: max(width - 2, 4)), row: line, column: column, style: theme.accent)
            } else {
                let frame = screen.button("Forget me…", row: line, column: column, focused: focused, theme: theme)
                screen.onClick(frame, SettingsScene.Action.select(.forget))
            }
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

    /// tail: the end of `text` in at most `width` columns, "…" first when cut — the field being
    /// typed shows where the typing is.
    static func tail(_ text: String, width: Int) -> String {
        guard text.displayWidth > width else { return text }
        var kept = ""
        var used = 1
        for character in text.reversed() {
            used += DisplayWidth.of(character)
            if used > width { break }
            kept.insert(character, at: kept.startIndex)
        }
        return "…" + kept
    }

    static func name(_ appearance: Appearance) -> String {
        switch appearance {
        case .terminal: "Terminal"
        case .dark: "Dark"
        case .light: "Light"
        case .monochrome: "Monochrome"
        }
    }

    /// name: how Settings names an audio mode.
    static func name(_ audio: AudioMode) -> String {
        switch audio {
        case .off: "Off"
        case .onRequest: "On request (a)"
        case .automatic: "Automatic"
        }
    }
}
