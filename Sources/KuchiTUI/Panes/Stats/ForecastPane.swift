import KuchiCore

/// ForecastPane: reviews due on each of the next 30 days (14 when narrow) as bars of eighth
/// blocks, with a scale on the left, day marks below and the totals above.
///
/// Reads only `stats.forecast`.
struct ForecastPane: Pane {
    let stats: StatsModel
    let name = "stats-forecast"

    /// Columns: how the chart spreads over the width.
    struct Columns: Equatable {
        var days: Int
        /// step: columns per day; `barWidth` of them are the bar, the rest a gap.
        var step: Int
        var barWidth: Int
    }

    /// columns: 30 days when they fit beside the scale, else 14; up to three columns a day.
    static func columns(width: Int, scaleWidth: Int) -> Columns {
        let room = max(0, width - scaleWidth - 1)
        let days = room >= 30 ? 30 : 14
        let step = max(1, min(3, room / days))
        return Columns(days: days, step: step, barWidth: step >= 2 ? step - 1 : 1)
    }

    /// eighths: a value's bar height in eighths of a row, out of `rows` rows for `maximum`;
    /// a day with any review due shows at least one eighth.
    static func eighths(value: Int, maximum: Int, rows: Int) -> Int {
        guard value > 0, maximum > 0 else { return 0 }
        return max(1, Int((Double(value) * Double(rows * 8) / Double(maximum)).rounded()))
    }

    /// glyph: the block for a bar's row `level` rows above the bottom.
    static func glyph(eighths: Int, level: Int) -> String? {
        let fill = eighths - level * 8
        if fill <= 0 { return nil }
        return StatsFormat.eighths[min(fill, 8) - 1]
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let forecast = stats.forecast
        let inner = area.inset(by: 1).insetColumns(by: 1)
        let scaleWidth = String(forecast.counts.max() ?? 0).count
        let columns = Self.columns(width: inner.columns, scaleWidth: scaleWidth)
        screen.box(area, style: theme.frame, title: "Due — next \(columns.days) days", titleStyle: theme.title)
        guard inner.rows > 0 else { return }
        let shown = Array(forecast.counts.prefix(columns.days))
        let total = shown.reduce(0, +)
        screen.flow([
            ("\(forecast.dueNow) due now", forecast.dueNow > 0 ? theme.word : theme.text),
            ("\(shown.first ?? 0) today", theme.text),
            ("\(shown.count > 1 ? shown[1] : 0) tomorrow", theme.text),
            ("\(total) in \(columns.days) days", theme.dim),
        ], in: Rect(row: inner.row, column: inner.column, rows: 1, columns: inner.columns), style: theme.dim)
        let chartRows = inner.rows - 2
        guard chartRows >= 1 else { return }
        let maximum = max(shown.max() ?? 0, 1)
        let chartTop = inner.row + 1
        let left = inner.column + scaleWidth + 1
        screen.put(String(maximum).padded(toWidth: scaleWidth), row: chartTop, column: inner.column, style: theme.dim, clip: inner)
        screen.put(String(repeating: " ", count: scaleWidth - 1) + "0", row: chartTop + chartRows - 1, column: inner.column,
                   style: theme.dim, clip: inner)
        for (day, value) in shown.enumerated() {
            let eighths = Self.eighths(value: value, maximum: maximum, rows: chartRows)
            for level in 0..<chartRows {
                guard let glyph = Self.glyph(eighths: eighths, level: level) else { break }
                let text = String(repeating: glyph, count: columns.barWidth)
                screen.put(text, row: chartTop + chartRows - 1 - level, column: left + day * columns.step, style: theme.chartBar, clip: inner)
            }
        }
        drawDayMarks(into: &screen, row: chartTop + chartRows, left: left, columns: columns, clip: inner, theme: theme)
    }

    /// drawDayMarks: "today" under the first bar, then "+7", "+14", … under every seventh.
    private func drawDayMarks(into screen: inout Screen, row: Int, left: Int, columns: Columns, clip: Rect, theme: Theme) {
        var nextFree = left
        for day in stride(from: 0, to: columns.days, by: 7) {
            let column = left + day * columns.step
            guard column >= nextFree else { continue }
            nextFree = screen.put(day == 0 ? "today" : "+\(day)", row: row, column: column, style: theme.dim, clip: clip) + 1
        }
    }
}
