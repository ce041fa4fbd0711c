import KuchiCore

/// StatsFrames: where the Stats tab's six chart panes go; an empty rect hides a pane (a
/// terminal too small for all of them keeps the most telling ones).
struct StatsFrames: Equatable {
    var today: Rect
    var retention: Rect
    var heatmap: Rect
    var forecast: Rect
    var cards: Rect
    var hardest: Rect
}

extension Layout {
    /// statsWideColumns: from this width the bottom row holds forecast, cards and hardest side by
    /// side, and the heatmap draws 52 weeks two columns apart (with its 6 columns of frame and
    /// labels).
    static let statsWideColumns = 110
    /// statsHeatmapRows: the heatmap's full height (frame, month labels, 7 days, legend).
    static let statsHeatmapRows = 11
    /// statsTopRows: Today and retention (frame and two lines).
    static let statsTopRows = 4

    /// stats: the Stats tab's frames within `body`, as a pure function of its size.
    ///
    /// Top: Today beside retention (retention moves down on narrow screens). Then the heatmap
    /// across the width (shorter when rows are scarce: it drops its legend, then its months).
    /// The rest: forecast, cards and hardest side by side when wide; on narrower screens
    /// forecast beside cards, and hardest below them when there are rows for it.
    static func stats(in body: Rect, sizeClass: SizeClass) -> StatsFrames {
        var frames = StatsFrames(today: .zero, retention: .zero, heatmap: .zero, forecast: .zero, cards: .zero, hardest: .zero)
        let wide = body.columns >= statsWideColumns
        let retentionBeside = body.columns >= 70
        let top = min(statsTopRows, body.rows)
        let retentionColumns = retentionBeside ? body.columns * 2 / 5 : 0
        frames.today = Rect(row: body.row, column: body.column, rows: top, columns: body.columns - retentionColumns)
        frames.retention = Rect(row: body.row, column: frames.today.right, rows: top, columns: retentionColumns)
        var rest = body.rows - top
        let heatmapRows = min(statsHeatmapRows, max(0, rest - 6), rest)
        frames.heatmap = Rect(row: body.row + top, column: body.column, rows: heatmapRows >= 8 ? heatmapRows : 0, columns: body.columns)
        rest -= frames.heatmap.rows
        let bottom = Rect(row: frames.heatmap.isEmpty ? body.row + top : frames.heatmap.bottom, column: body.column,
                          rows: rest, columns: body.columns)
        if wide {
            let forecastColumns = bottom.columns * 2 / 5
            let cardsColumns = (bottom.columns - forecastColumns) / 2
            frames.forecast = Rect(row: bottom.row, column: bottom.column, rows: bottom.rows, columns: forecastColumns)
            frames.cards = Rect(row: bottom.row, column: frames.forecast.right, rows: bottom.rows, columns: cardsColumns)
            frames.hardest = Rect(row: bottom.row, column: frames.cards.right, rows: bottom.rows,
                                  columns: bottom.columns - forecastColumns - cardsColumns)
            return frames
        }
        var row = bottom.row
        var rows = bottom.rows
        if !retentionBeside && rows >= 4 + 6 {
            frames.retention = Rect(row: row, column: bottom.column, rows: 4, columns: bottom.columns)
            row += 4
            rows -= 4
        }
        let hardestRows = rows >= 14 ? rows / 2 - 1 : 0
        let pairRows = rows - hardestRows
        guard bottom.columns >= 70 else {
            // Too narrow for two charts side by side: forecast, then cards below when there is room.
            let cardsRows = rows >= 12 ? rows / 2 : 0
            frames.forecast = Rect(row: row, column: bottom.column, rows: rows - cardsRows, columns: bottom.columns)
            frames.cards = Rect(row: row + rows - cardsRows, column: bottom.column, rows: cardsRows, columns: bottom.columns)
            return frames
        }
        let forecastColumns = bottom.columns / 2
        frames.forecast = Rect(row: row, column: bottom.column, rows: pairRows, columns: forecastColumns)
        frames.cards = Rect(row: row, column: frames.forecast.right, rows: pairRows, columns: bottom.columns - forecastColumns)
        frames.hardest = Rect(row: row + pairRows, column: bottom.column, rows: hardestRows, columns: bottom.columns)
        return frames
    }
}

extension Rect {
    /// zero: the empty rect at the origin (a hidden pane).
    static let zero = Rect(row: 0, column: 0, rows: 0, columns: 0)
}
