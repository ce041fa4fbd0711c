import KuchiCore
import KuchiBase

/// RegisterPane: the name field with its live counter, the Remember-me toggle and OK.
///
/// The counter is red under 3 characters and green from 3, as in Kuchi, and also says so in
/// words (✗/✓) so it reads without colour.
struct RegisterPane: Pane {
    let form: RegisterForm
    let name = "register"

    /// Geometry: where each control sits for a pane size (drawing, the cursor and clicks agree).
    struct Geometry {
        let field: Rect
        let counterRow: Int
        let toggleRow: Int
        let okRow: Int
        let left: Int
        let titleRow: Int
        let subtitleRow: Int?
    }

    /// geometry: spacious (blank rows between controls, a subtitle) when the pane has 12 rows;
    /// compact otherwise, so OK stays on screen down to the minimum terminal.
    static func geometry(for size: TerminalSize) -> Geometry {
        let width = min(max(size.columns - 4, 10), 48)
        let left = max(0, (size.columns - width) / 2)
        guard size.rows >= 12 else {
            let top = max(0, (size.rows - 7) / 2)
            return Geometry(field: Rect(row: top + 1, column: left, rows: 3, columns: width),
                            counterRow: top + 4, toggleRow: top + 5, okRow: top + 6, left: left, titleRow: top, subtitleRow: nil)
        }
        let top = max(0, (size.rows - 12) / 2)
        return Geometry(field: Rect(row: top + 3, column: left, rows: 3, columns: width),
                        counterRow: top + 6, toggleRow: top + 8, okRow: top + 10, left: left, titleRow: top, subtitleRow: top + 1)
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let size = TerminalSize(rows: screen.rows, columns: screen.columns)
        let geometry = Self.geometry(for: size)
        let area = screen.bounds
        screen.putCentered("Welcome to Kuchi", row: geometry.titleRow, in: area, style: theme.title)
        if let subtitleRow = geometry.subtitleRow {
            screen.putCentered("Type your name to start learning Japanese words.", row: subtitleRow, in: area, style: theme.dim)
        }
        let focused = form.focus
        screen.box(geometry.field, style: focused == .name ? theme.accent : theme.dim, title: "Name",
                   titleStyle: focused == .name ? theme.title : theme.dim)
        screen.onClick(geometry.field, RegisterScene.Action.focus(.name))
        let (visible, _) = visibleText(fieldWidth: geometry.field.columns - 4)
        screen.put(visible, row: geometry.field.row + 1, column: geometry.field.column + 2, style: theme.text,
                   clip: geometry.field.inset(by: 1))

        let trimmed = form.text.trimmingSpaces()
        let count = trimmed.count
        let minimum = UserManager.nameLengthRange.lowerBound
        // The rule counts columns, so 花子 (two wide characters) is long enough and "Bo" is not;
        // the counter says so when a wide character is in the name.
        let wide = trimmed.displayWidth > count ? " (kana and kanji count 2)" : ""
        let counter = form.isValid
            ? "✓ \(count) characters"
            : "✗ \(count) of at least \(minimum) characters" + wide
        screen.put(counter, row: geometry.counterRow, column: geometry.left + 2, style: form.isValid ? theme.correct : theme.wrong)

        let toggle = (form.rememberMe ? "[x]" : "[ ]") + " Remember me"
        let toggleEnd = screen.put(toggle, row: geometry.toggleRow, column: geometry.left + 2,
                                   style: focused == .rememberMe ? theme.selected : theme.text)
        screen.onClick(Rect(row: geometry.toggleRow, column: geometry.left + 2, rows: 1, columns: toggleEnd - geometry.left - 2),
                       RegisterScene.Action.focus(.rememberMe))
        let okColumn = geometry.left + 2
        let button = screen.button("OK", row: geometry.okRow, column: okColumn, focused: focused == .ok && form.isValid,
                                   enabled: form.isValid, theme: theme)
        screen.onClick(button, RegisterScene.Action.focus(.ok))
        if !form.isValid {
            screen.put("needs \(minimum)+ characters", row: geometry.okRow, column: button.column + button.columns + 2,
                       style: theme.dim, clip: area)
        } else if focused == .ok {
            screen.put("Enter", row: geometry.okRow, column: button.column + button.columns + 2, style: theme.dim, clip: area)
        }
    }

    /// visibleText: the part of the name that fits the field, scrolled so the cursor shows, and
    /// the cursor's column within it.
    private func visibleText(fieldWidth: Int) -> (String, Int) {
        let characters = form.characters
        let cursor = form.cursor
        var start = 0
        while String(characters[start..<cursor]).displayWidth > fieldWidth - 1 { start += 1 }
        var shown = ""
        var width = 0
        for character in characters[start...] {
            let characterWidth = DisplayWidth.of(character)
            if width + characterWidth > fieldWidth { break }
            shown.append(character)
            width += characterWidth
        }
        return (shown, String(characters[start..<cursor]).displayWidth)
    }

    func cursor(in size: TerminalSize) -> (row: Int, column: Int)? {
        guard form.focus == .name else { return nil }
        let geometry = Self.geometry(for: size)
        let (_, column) = visibleText(fieldWidth: geometry.field.columns - 4)
        return (geometry.field.row + 1, geometry.field.column + 2 + column)
    }
}
