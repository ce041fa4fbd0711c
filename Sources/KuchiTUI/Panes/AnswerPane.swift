import KuchiCore
import KuchiBase
import KuchiRecall

/// AnswerPane: the typed-answer field — the text so far, the romaji still pending (underlined,
/// so `ね` + `k` reads as "ね, and a k on its way"), and the terminal cursor after it.
///
/// Reads only the `TypedAnswer` model (its text, pending romaji and mode), never the quiz: a
/// keystroke changes only those, so it redraws this pane and nothing else. The model lives in
/// the quiz, so a resize (which rebuilds every pane) keeps what was typed.
struct AnswerPane: Pane {
    let answer: TypedAnswer
    let name = "answer"

    /// Geometry: where the field sits in a pane of a size (drawing and the cursor agree).
    struct Geometry: Equatable {
        /// field: the one-row input line's first row and column, and its width.
        let row: Int
        let column: Int
        let width: Int
        /// noteRow: the line under the field that says what to type, if there is room.
        let noteRow: Int?
    }

    /// prompt: "› " before the text.
    static let prompt = "› "

    /// geometry: the field centred vertically, with the note two rows below when it fits.
    static func geometry(for size: TerminalSize) -> Geometry {
        let innerRows = max(size.rows - 2, 0)
        let fieldRow = 1 + max(0, (innerRows - 3) / 2)
        let column = 2 + prompt.displayWidth
        let width = max(size.columns - column - 2, 1)
        let noteRow = fieldRow + 2 < size.rows - 1 ? fieldRow + 2 : nil
        return Geometry(row: fieldRow, column: column, width: width, noteRow: noteRow)
    }

    /// visible: the tail of `committed` + `pending` that fits `width` columns with one column
    /// left for the cursor, split back into its committed and pending parts.
    static func visible(committed: String, pending: String, width: Int) -> (committed: String, pending: String) {
        var shownPending = ""
        var shownCommitted = ""
        var used = 0
        let room = max(width - 1, 0)
        for character in pending.reversed() {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > room { return (shownCommitted, shownPending) }
            shownPending.insert(character, at: shownPending.startIndex)
            used += characterWidth
        }
        for character in committed.reversed() {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > room { break }
            shownCommitted.insert(character, at: shownCommitted.startIndex)
            used += characterWidth
        }
        return (shownCommitted, shownPending)
    }

    /// note: what the field takes, in the words of its mode.
    static func note(for mode: TypedAnswer.Mode) -> String {
        switch mode {
        case .japanese: "Type in romaji (neko → ねこ) or kana"
        case .english: "Type the meaning in English"
        }
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.box(area, style: theme.accent, title: "Your answer", titleStyle: theme.title)
        guard area.rows >= 3, area.columns >= 8 else { return }
        let geometry = Self.geometry(for: TerminalSize(rows: area.rows, columns: area.columns))
        let display = answer.display
        let pending = answer.pending
        let committed = String(display.dropLast(pending.count))
        let shown = Self.visible(committed: committed, pending: pending, width: geometry.width)
        let inner = area.inset(by: 1)
        screen.put(Self.prompt, row: geometry.row, column: 2, style: theme.accent, clip: inner)
        let end = screen.put(shown.committed, row: geometry.row, column: geometry.column, style: theme.text, clip: inner)
        screen.put(shown.pending, row: geometry.row, column: end, style: theme.text.underlined, clip: inner)
        if let noteRow = geometry.noteRow {
            screen.putCentered(Self.note(for: answer.mode).truncated(toWidth: inner.columns - 2), row: noteRow, in: inner,
                               style: theme.dim)
        }
    }

    /// cursor: just after the text, where the next letter goes.
    func cursor(in size: TerminalSize) -> (row: Int, column: Int)? {
        guard size.rows >= 3, size.columns >= 8 else { return nil }
        let geometry = Self.geometry(for: size)
        let display = answer.display
        let pending = answer.pending
        let shown = Self.visible(committed: String(display.dropLast(pending.count)), pending: pending, width: geometry.width)
        return (geometry.row, geometry.column + shown.committed.displayWidth + shown.pending.displayWidth)
    }
}
