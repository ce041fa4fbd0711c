import KuchiCore

/// TodayPane: today's reviews, accuracy and time, the streak and the days studied.
///
/// Reads only `stats.today`, so a forecast or heatmap change leaves it alone.
struct TodayPane: Pane {
    let stats: StatsModel
    let name = "stats-today"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.box(area, style: theme.frame, title: "Today", titleStyle: theme.title)
        let today = stats.today
        var items: [(text: String, style: Style)] = [(StatsFormat.count(today.reviews, "review") + " today", theme.word)]
        if let accuracy = today.accuracy {
            items.append((StatsFormat.percent(accuracy) + " right", theme.text))
            items.append((StatsFormat.duration(milliseconds: today.milliseconds), theme.text))
        }
        items += [
            ("streak " + StatsFormat.count(today.streakDays, "day"), today.streakDays > 0 ? theme.correct : theme.dim),
            (StatsFormat.count(today.daysStudied, "day") + " studied", theme.text),
            (StatsFormat.count(today.reviewsTotal, "review") + " in all", theme.dim),
        ]
        screen.flow(items, in: area.inset(by: 1).insetColumns(by: 1), style: theme.dim)
    }
}

extension Rect {
    /// insetColumns: the rect narrowed by `amount` columns on each side (a margin inside a box).
    func insetColumns(by amount: Int) -> Rect {
        Rect(row: row, column: column + amount, rows: rows, columns: columns - 2 * amount)
    }
}
