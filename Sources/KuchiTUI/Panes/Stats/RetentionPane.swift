import KuchiCore

/// RetentionPane: true retention over the last 30 days — of the answers to cards in Review
/// state, the share that were right (Hard, Good or Easy) — as a percentage and a bar.
///
/// Reads only `stats.retention`.
struct RetentionPane: Pane {
    let stats: StatsModel
    let name = "stats-retention"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        screen.box(area, style: theme.frame, title: "True retention — 30 days", titleStyle: theme.title)
        let inner = area.inset(by: 1).insetColumns(by: 1)
        guard inner.rows > 0, inner.columns > 0 else { return }
        let retention = stats.retention
        guard let rate = retention.rate else {
            let lines = TextWrap.lines("No reviews of learnt words in the last 30 days.", width: inner.columns,
                                       maximumLines: inner.rows)
            for (offset, line) in lines.enumerated() { screen.put(line, row: inner.row + offset, column: inner.column, style: theme.dim) }
            return
        }
        let percent = StatsFormat.percent(rate)
        var column = screen.put(percent, row: inner.row, column: inner.column, style: theme.word, clip: inner)
        let barWidth = inner.right - column - 1
        if barWidth >= 4 {
            let filled = Int((rate * Double(barWidth)).rounded(.down))
            column = screen.put(String(repeating: "█", count: filled), row: inner.row, column: column + 1, style: theme.chartBar, clip: inner)
            screen.put(String(repeating: "░", count: barWidth - filled), row: inner.row, column: column, style: theme.dim, clip: inner)
        }
        guard inner.rows >= 2 else { return }
        let detail = "\(retention.passed) of \(StatsFormat.count(retention.reviews, "review")) right"
        let lines = TextWrap.lines(detail, width: inner.columns, maximumLines: inner.rows - 1)
        for (offset, line) in lines.enumerated() { screen.put(line, row: inner.row + 1 + offset, column: inner.column, style: theme.text) }
    }
}
