import KuchiCore

/// Rect is a rectangle of terminal cells: its top-left `row`/`column` and its size.
/// Sizes are never negative: the initializer and every operation clamp them to 0, so layout
/// arithmetic on a too-small terminal degrades to empty panes instead of crashing.
struct Rect: Equatable, Hashable, Sendable {
    var row: Int
    var column: Int
    var rows: Int
    var columns: Int

    /// init(row:column:rows:columns:) clamps negative sizes to 0.
    init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = max(0, rows)
        self.columns = max(0, columns)
    }

    /// isEmpty is true when the rect covers no cell.
    var isEmpty: Bool { rows <= 0 || columns <= 0 }

    /// bottom is the first row *below* the rect (exclusive), i.e. `row + rows`.
    var bottom: Int { row + rows }

    /// right is the first column *after* the rect (exclusive), i.e. `column + columns`.
    var right: Int { column + columns }

    /// contains(row:column:) is true when the cell lies inside the rect.
    func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < bottom && column >= self.column && column < right
    }

    /// inset(by:) shrinks the rect by `amount` cells on every side (a border is `inset(by: 1)`).
    /// The size never goes negative; a negative amount grows the rect.
    func inset(by amount: Int) -> Rect {
        Rect(row: row + amount, column: column + amount,
             rows: rows - 2 * amount, columns: columns - 2 * amount)
    }

    /// intersection(_:) is the overlap of two rects; empty (size 0) when they don't overlap.
    func intersection(_ other: Rect) -> Rect {
        let top = max(row, other.row)
        let left = max(column, other.column)
        return Rect(row: top, column: left,
                    rows: min(bottom, other.bottom) - top,
                    columns: min(right, other.right) - left)
    }
}
