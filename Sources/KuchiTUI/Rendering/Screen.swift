import KuchiCore
import KuchiBase

/// Cell is one terminal cell. A double-width grapheme sits in its lead cell (width 2) and the
/// cell to its right is a continuation (width 0, grapheme ""), which keeps column arithmetic
/// simple: cell index == terminal column.
struct Cell: Equatable, Hashable, Sendable {
    /// grapheme is the text drawn in the cell: " " when blank, "" for a continuation.
    var grapheme: String
    /// width is 1, 2 (lead of a wide grapheme) or 0 (continuation of the cell to the left).
    var width: Int
    var style: Style

    /// blank is an empty cell in the plain style.
    static let blank = Cell(grapheme: " ", width: 1, style: .plain)

    /// isContinuation is true for the right half of a wide grapheme.
    var isContinuation: Bool { width == 0 }
}

/// Screen is an in-memory grid of `rows × columns` cells that panes draw into. It knows nothing
/// about ncurses: the front end copies it to the terminal, and tests compare it as text.
///
/// Invariant kept by every mutating method except the raw subscript setter: each wide cell is
/// followed by its continuation and each continuation follows a wide cell, so `lines` always
/// has display width `columns`.
struct Screen: Equatable, Sendable, CustomStringConvertible {
    let rows: Int
    let columns: Int
    private var cells: [Cell]
    /// clickTargets: the areas a pane made clickable while drawing, newest last. They are not
    /// part of what the screen looks like, so `==` ignores them.
    private(set) var clickTargets: [ClickTarget] = []

    /// init(rows:columns:) makes an all-blank screen; negative sizes clamp to 0.
    init(rows: Int, columns: Int) {
        self.rows = max(0, rows)
        self.columns = max(0, columns)
        cells = Array(repeating: .blank, count: self.rows * self.columns)
    }

    /// init(lines:columns:) builds a plain-styled screen from text, one line per row, drawn with
    /// the same rules as `put`. `columns` defaults to the widest line; shorter lines are padded.
    init(lines: [String], columns: Int? = nil) {
        let width = columns ?? lines.map { Screen.replacingControls(in: $0).displayWidth }.max() ?? 0
        self.init(rows: lines.count, columns: width)
        for (row, line) in lines.enumerated() {
            put(line, row: row, column: 0)
        }
    }

    /// ==: two screens are equal when they look the same — every cell, not the click targets.
    static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.rows == rhs.rows && lhs.columns == rhs.columns && lhs.cells == rhs.cells
    }

    /// onClick: makes `rect` (clipped to the screen) perform `action` when clicked; a later
    /// target over an earlier one wins.
    mutating func onClick(_ rect: Rect, _ action: any SceneAction) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        clickTargets.append(ClickTarget(rect: area, action: action))
    }

    /// target: the action of the topmost click target at (row, column), if any.
    func target(row: Int, column: Int) -> (any SceneAction)? {
        clickTargets.last { $0.rect.contains(row: row, column: column) }?.action
    }

    /// bounds is the whole screen as a rect at (0, 0).
    var bounds: Rect { Rect(row: 0, column: 0, rows: rows, columns: columns) }

    /// subscript(row:column:) is raw cell access: reading outside the screen gives `.blank` and
    /// writing outside is ignored (panes may compute off-screen positions on a tiny terminal).
    /// The setter does not repair wide characters; prefer `put`, `fill` and `blit`. It does
    /// keep the one rule no cell may break: a grapheme holding a control is stored as "�".
    subscript(row: Int, column: Int) -> Cell {
        get {
            guard bounds.contains(row: row, column: column) else { return .blank }
            return cells[row * columns + column]
        }
        set {
            guard bounds.contains(row: row, column: column) else { return }
            cells[row * columns + column] = Screen.withoutControls(newValue)
        }
    }

    /// lines is each row as text, continuation cells skipped. Trailing spaces are kept, so every
    /// line has display width `columns`.
    var lines: [String] {
        (0..<rows).map { row in
            rowCells(row).reduce(into: "") { line, cell in
                if !cell.isContinuation { line += cell.grapheme }
            }
        }
    }

    /// description is `lines` joined by newlines, for test failure messages and debugging.
    var description: String { lines.joined(separator: "\n") }

    /// styleMap(_:) renders each row as one character per grapheme (continuations skipped):
    /// `mapping(style)`, or a space when it returns nil. Tests use it to assert which cells are
    /// e.g. bold or red without spelling out whole `Style` values.
    func styleMap(_ mapping: (Style) -> Character?) -> [String] {
        (0..<rows).map { row in
            String(rowCells(row).filter { !$0.isContinuation }.map { mapping($0.style) ?? " " })
        }
    }

    /// put(_:row:column:style:clip:) writes text starting at (row, column), clipped to `clip`
    /// (default: the whole screen). Returns the column just after the text — where a following
    /// `put` should continue — but never beyond the clip's right edge.
    ///
    /// - A wide character (or a wider cluster) that would straddle an edge of the clip becomes
    ///   spaces on the part that is inside, so nothing is half-drawn.
    /// - A cluster a terminal draws over several cells (a Devanagari conjunct "क्ष") takes one
    ///   cell per piece (`DisplayWidth.columns`), so its width on screen is the terminal's.
    /// - Overwriting half of an existing wide character blanks its other half, even if that half
    ///   lies outside the clip, so no orphaned continuation is left behind.
    /// - Control characters (U+0000–001F, U+007F–009F) are drawn escaped (`\x1b`, `\u0085`):
    ///   raw, they would move the real terminal's cursor or start an escape sequence, and as
    ///   blanks the learner could not tell what a name or a path really holds.
    /// - A zero-width character standing alone (e.g. U+200B after a letter) joins the grapheme
    ///   this call wrote last; with nothing written yet it is dropped.
    @discardableResult
    mutating func put(_ text: String, row: Int, column: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var cursor = column
        var lastWritten: Int?
        for character in Screen.replacingControls(in: text) {
            if cursor >= area.right { break }
            let width = DisplayWidth.of(character)
            if width == 0 {
                if let lead = lastWritten { cells[row * columns + lead].grapheme.append(character) }
                continue
            }
            if width > 1 && cursor + width > area.right {
                // A cluster is drawn whole or not at all: the columns of it inside are blanked.
                for blank in max(cursor, area.column)..<area.right where row >= area.row && row < area.bottom {
                    place(Cell(grapheme: " ", width: 1, style: style), row: row, column: blank)
                }
                cursor = area.right
                break
            }
            // One cell per piece the terminal gives columns to ("क्ष" takes two cells), so every
            // cell's width is the terminal's and nothing after it shifts.
            let pieces = DisplayWidth.columns(character)
            for piece in pieces {
                let measured = pieces.count == 1 ? width : piece.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
                let pieceWidth = max(1, min(2, measured))
                lastWritten = draw(piece, width: pieceWidth, style: style, row: row, column: cursor, in: area) ?? lastWritten
                cursor += pieceWidth
            }
        }
        return max(column, min(cursor, area.right))
    }

    /// fill(_:with:) sets every cell of `rect` (clipped to the screen) to `cell`. A wide cell is
    /// repeated every two columns, with a space in a leftover odd column.
    mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        let width = cell.width >= 2 ? 2 : 1
        let grapheme = cell.isContinuation ? " " : Screen.withoutControls(cell).grapheme
        for row in area.row..<area.bottom {
            var column = area.column
            while column < area.right {
                draw(grapheme, width: width, style: cell.style, row: row, column: column, in: area)
                column += width
            }
        }
    }

    /// clear() blanks the whole screen.
    mutating func clear() {
        cells = Array(repeating: .blank, count: cells.count)
    }

    /// blit(_:row:column:) copies another screen (e.g. a pane's own grid) into this one with its
    /// top-left at (row, column), clipped to this screen with the same wide-character rules as
    /// `put`.
    mutating func blit(_ other: Screen, row: Int, column: Int) {
        let area = bounds
        for sourceRow in 0..<other.rows {
            for (sourceColumn, cell) in other.rowCells(sourceRow).enumerated() where !cell.isContinuation {
                draw(cell.grapheme, width: cell.width >= 2 ? 2 : 1, style: cell.style,
                     row: row + sourceRow, column: column + sourceColumn, in: area)
            }
        }
    }

    /// rowCells(_:) is the slice of cells making up one row.
    private func rowCells(_ row: Int) -> ArraySlice<Cell> {
        cells[(row * columns)..<((row + 1) * columns)]
    }

    /// draw(_:width:style:row:column:in:) draws one grapheme of width 1 or 2, clipped to `area`
    /// (which must lie within the screen). Returns the column of the cell it wrote, if any.
    @discardableResult
    private mutating func draw(_ grapheme: String, width: Int, style: Style,
                               row: Int, column: Int, in area: Rect) -> Int? {
        guard row >= area.row && row < area.bottom else { return nil }
        let leftInside = column >= area.column && column < area.right
        let rightInside = width == 2 && column + 1 >= area.column && column + 1 < area.right
        let space = Cell(grapheme: " ", width: 1, style: style)
        switch (leftInside, rightInside) {
        case (true, true):
            place(Cell(grapheme: grapheme, width: 2, style: style), row: row, column: column)
            return column
        case (true, false):
            place(width == 2 ? space : Cell(grapheme: grapheme, width: 1, style: style), row: row, column: column)
            return column
        case (false, true):
            place(space, row: row, column: column + 1)
            return column + 1
        case (false, false):
            return nil
        }
    }

    /// place(_:row:column:) stores a width-1 or width-2 cell (plus its continuation) at an
    /// in-bounds position, first releasing any wide character it partly covers.
    private mutating func place(_ cell: Cell, row: Int, column: Int) {
        for covered in column..<(column + cell.width) {
            release(row: row, column: covered)
        }
        cells[row * columns + column] = cell
        if cell.width == 2 {
            cells[row * columns + column + 1] = Cell(grapheme: "", width: 0, style: cell.style)
        }
    }

    /// release(row:column:) blanks the other half of a wide character at (row, column), keeping
    /// its style, because that cell is about to be overwritten.
    private mutating func release(row: Int, column: Int) {
        let index = row * columns + column
        if cells[index].isContinuation && column > 0 && cells[index - 1].width == 2 {
            cells[index - 1] = Cell(grapheme: " ", width: 1, style: cells[index - 1].style)
        }
        if cells[index].width == 2 && column + 1 < columns && cells[index + 1].isContinuation {
            cells[index + 1] = Cell(grapheme: " ", width: 1, style: cells[index + 1].style)
        }
    }

    /// replacingControls(in:) writes every C0/C1 control visibly (`escapingControlCharacters`,
    /// the same rule as Kuchi's stderr), and turns a no-break space into a plain one: panes use
    /// U+00A0 only to keep words together when wrapping (`TextWrap`), and the terminal shows a
    /// space either way.
    fileprivate static func replacingControls(in text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.isControlCharacter || $0 == "\u{00A0}" }) else { return text }
        return String(text.escapingControlCharacters.map { $0 == "\u{00A0}" ? " " : $0 })
    }

    /// withoutControls(_:) is `cell` unless its grapheme holds a control, which becomes "�"
    /// (one column): a single cell has no room for the escaped form, and a raw control must never
    /// be stored, since the backend copies cells to the terminal as they are.
    fileprivate static func withoutControls(_ cell: Cell) -> Cell {
        guard cell.grapheme.containsControlCharacters else { return cell }
        return cell.isContinuation ? Cell(grapheme: "", width: 0, style: cell.style)
                                   : Cell(grapheme: "\u{FFFD}", width: 1, style: cell.style)
    }
}

extension Screen {
    /// putCentered(_:row:in:style:) writes text centred by display width within `rect`'s
    /// columns on screen row `row` (truncated with "…" if wider than the rect, clipped to it).
    /// With odd leftover space the extra column goes on the right. Returns what `put` returns.
    @discardableResult
    mutating func putCentered(_ text: String, row: Int, in rect: Rect, style: Style = .plain) -> Int {
        let fitted = Screen.replacingControls(in: text).truncated(toWidth: rect.columns)
        let start = rect.column + (rect.columns - fitted.displayWidth) / 2
        return put(fitted, row: row, column: start, style: style, clip: rect)
    }
}
