import KuchiCore
import KuchiData

/// HeatmapPane: reviews per day as a calendar — 7 rows (Sunday to Saturday), one column per
/// week, the last 52 weeks when they fit and 26 otherwise, with month labels and a legend.
///
/// Shades follow `HeatmapScale` (square root, like Anki's) relative to the busiest day shown.
/// Density glyphs carry the level in every theme; colour themes add green shades. Reads only
/// `stats.heatmap`.
struct HeatmapPane: Pane {
    let stats: StatsModel
    let name = "stats-heatmap"

    /// labelColumns: the weekday labels' width ("Mon ").
    static let labelColumns = 4

    /// Grid: how many weeks are shown and how many columns each takes.
    struct Grid: Equatable {
        var weeks: Int
        var cellColumns: Int
    }

    /// grid: the widest grid that fits `columns` — 52 weeks two columns apart, 52 weeks side by
    /// side, 26 weeks, or as many weeks as fit.
    static func grid(columns: Int) -> Grid {
        let room = columns - labelColumns
        if room >= 52 * 2 { return Grid(weeks: 52, cellColumns: 2) }
        if room >= 52 { return Grid(weeks: 52, cellColumns: 1) }
        if room >= 26 * 2 { return Grid(weeks: 26, cellColumns: 2) }
        return Grid(weeks: max(0, min(26, room)), cellColumns: 1)
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let inner = area.inset(by: 1)
        let grid = Self.grid(columns: inner.columns)
        screen.box(area, style: theme.frame, title: "Reviews — last \(grid.weeks) weeks", titleStyle: theme.title)
        guard grid.weeks > 0, inner.rows > 0 else { return }
        let heatmap = stats.heatmap
        let today = heatmap.today
        let lastWeekStart = today - StudyCalendar.weekday(ofDay: today)
        let firstWeekStart = lastWeekStart - (grid.weeks - 1) * 7
        let shownDays = today - firstWeekStart + 1
        let maximum = heatmap.maximum(lastDays: shownDays)
        let showMonths = inner.rows >= 8
        let showLegend = inner.rows >= 9
        let top = inner.row + (showMonths ? 1 : 0)
        // The grid is centred: a 52-week grid on 80 columns would otherwise leave a gap on the right.
        let spare = max(0, inner.columns - Self.labelColumns - grid.weeks * grid.cellColumns)
        let labels = inner.column + spare / 2
        let left = labels + Self.labelColumns
        if showMonths { drawMonths(into: &screen, row: inner.row, left: left, firstWeekStart: firstWeekStart, grid: grid, theme: theme) }
        for weekday in 0..<7 where top + weekday < inner.bottom {
            let row = top + weekday
            if weekday % 2 == 1 {
                screen.put(["", "Mon", "", "Wed", "", "Fri", ""][weekday], row: row, column: labels, style: theme.dim, clip: inner)
            }
            for week in 0..<grid.weeks {
                let day = firstWeekStart + week * 7 + weekday
                guard day <= today else { continue }
                let level = HeatmapScale.level(count: heatmap.count(onDay: day), maximum: maximum)
                screen.put(Theme.heatGlyphs[level], row: row, column: left + week * grid.cellColumns, style: theme.heat(level: level), clip: inner)
            }
        }
        if showLegend { drawLegend(into: &screen, row: top + 7, column: left, in: inner, maximum: maximum, theme: theme) }
    }

    /// drawMonths: a month's name above the first week that starts in it, where it has room.
    private func drawMonths(into screen: inout Screen, row: Int, left: Int, firstWeekStart: Int, grid: Grid, theme: Theme) {
        var nextFree = left
        for week in 0..<grid.weeks {
            let start = firstWeekStart + week * 7
            let month = StudyCalendar.month(ofDay: start)
            let isNew = week == 0 ? StudyCalendar.dayOfMonth(start) <= 7 : month != StudyCalendar.month(ofDay: start - 7)
            let column = left + week * grid.cellColumns
            guard isNew, column >= nextFree else { continue }
            let label = StatsFormat.monthNames[month - 1]
            nextFree = screen.put(label, row: row, column: column, style: theme.dim, clip: screen.bounds.inset(by: 1)) + 1
        }
    }

    /// drawLegend: "Less · ░ ▒ ▓ █ More" and the busiest day's count, which the shades are
    /// relative to.
    private func drawLegend(into screen: inout Screen, row: Int, column left: Int, in inner: Rect, maximum: Int, theme: Theme) {
        var column = screen.put("Less ", row: row, column: left, style: theme.dim, clip: inner)
        for level in 0...HeatmapScale.levels {
            column = screen.put(Theme.heatGlyphs[level], row: row, column: column, style: theme.heat(level: level), clip: inner)
            column = screen.put(" ", row: row, column: column, style: theme.dim, clip: inner)
        }
        column = screen.put("More", row: row, column: column, style: theme.dim, clip: inner)
        let busiest = maximum == 0 ? "   no reviews yet" : "   busiest day \(maximum)"
        if column + busiest.displayWidth <= inner.right {
            screen.put(busiest, row: row, column: column, style: theme.dim, clip: inner)
        }
    }
}
