import KuchiCore
import KuchiBase

/// Drawing helpers shared by panes: frames, wrapped text, buttons and key hints.
extension Screen {
    /// box: a rounded frame around `rect` with an optional title in its top edge.
    mutating func box(_ rect: Rect, style: Style, title: String? = nil, titleStyle: Style? = nil) {
        guard rect.rows >= 2, rect.columns >= 2 else { return }
        let last = rect.column + rect.columns - 1
        let bottom = rect.row + rect.rows - 1
        let horizontal = String(repeating: "─", count: rect.columns - 2)
        put("╭" + horizontal + "╮", row: rect.row, column: rect.column, style: style)
        put("╰" + horizontal + "╯", row: bottom, column: rect.column, style: style)
        for row in (rect.row + 1)..<bottom {
            put("│", row: row, column: rect.column, style: style)
            put("│", row: row, column: last, style: style)
        }
        if let title, rect.columns > 6 {
            let text = " " + title.truncated(toWidth: rect.columns - 6) + " "
            put(text, row: rect.row, column: rect.column + 2, style: titleStyle ?? style)
        }
    }

    /// button: "[ Label ]", reversed when focused and dimmed when disabled; the brackets keep a
    /// button recognisable without colour. Returns the rect it covers (for mouse clicks).
    @discardableResult
    mutating func button(_ label: String, row: Int, column: Int, focused: Bool, enabled: Bool = true, theme: Theme) -> Rect {
        let text = focused ? "▸ \(label) ◂" : "[ \(label) ]"
        let style = !enabled ? theme.disabled : (focused ? theme.selected : theme.accent)
        let end = put(text, row: row, column: column, style: style)
        return Rect(row: row, column: column, rows: 1, columns: end - column)
    }

    /// keyHints: "1-3 Choose  h Hint  ? Help", keys in the key style; cut with … at the edge.
    mutating func keyHints(_ hints: [KeyHint], row: Int, column: Int, width: Int, theme: Theme) {
        var position = column
        let limit = column + width
        for (index, hint) in hints.enumerated() {
            let separator = index == 0 ? "" : "  "
            let needed = separator.displayWidth + hint.keys.displayWidth + 1 + hint.label.displayWidth
            if position + needed > limit {
                if position < limit { put("…", row: row, column: min(position + separator.displayWidth, limit - 1), style: theme.keyLabel) }
                return
            }
            position = put(separator, row: row, column: position, style: theme.keyLabel)
            position = put(hint.keys, row: row, column: position, style: theme.key)
            position = put(" " + hint.label, row: row, column: position, style: theme.keyLabel)
        }
    }
}

/// TextWrap: breaks text into lines of at most `width` columns, at spaces where it can and
/// anywhere in Japanese text (which has no spaces), measuring by display width.
enum TextWrap {
    static func lines(_ text: String, width: Int, maximumLines: Int = .max) -> [String] {
        guard width > 0, maximumLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var lastSpace: String.Index?
        for original in text {
            // A character wider than the whole line can never show; as in `truncated(toWidth:)`
            // it becomes "…", so no line is ever wider than `width`.
            let character: Character = DisplayWidth.of(original) > width ? "…" : original
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > width {
                if let space = lastSpace, character != " " {
                    let head = String(current[..<space])
                    let tail = String(current[current.index(after: space)...])
                    if !head.isEmpty { lines.append(head) }
                    current = tail
                    currentWidth = tail.displayWidth
                } else {
                    if !current.isEmpty { lines.append(current) }
                    current = ""
                    currentWidth = 0
                }
                lastSpace = nil
                if character == " " { continue }
            }
            // Spaces at the start of a continuation line would only indent it (or make it blank).
            if character == " " && current.isEmpty && !lines.isEmpty { continue }
            if character == " " { lastSpace = current.endIndex }
            current.append(character)
            currentWidth += characterWidth
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maximumLines else { return lines }
        var kept = Array(lines.prefix(maximumLines))
        kept[maximumLines - 1] = (kept[maximumLines - 1] + " " + lines[maximumLines]).truncated(toWidth: width)
        if !kept[maximumLines - 1].hasSuffix("…") {
            kept[maximumLines - 1] = String(kept[maximumLines - 1].dropLast()) + "…"
        }
        return kept
    }
}
