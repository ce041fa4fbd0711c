import KuchiCore
import KuchiData

/// CardsPane: the learner's words by state, then one mastery bar per category — mature (█), seen but not
/// yet mature (▒) and not seen yet (░) — so the glyphs carry the meaning without colour.
///
/// Reads only `stats.cards` and `stats.categories`.
struct CardsPane: Pane {
    let stats: StatsModel
    let name = "stats-cards"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        // One unit throughout: words (the states add up to the categories' totals).
        screen.box(area, style: theme.frame, title: "Words", titleStyle: theme.title)
        let inner = area.inset(by: 1).insetColumns(by: 1)
        guard inner.rows > 0, inner.columns > 0 else { return }
        let cards = stats.cards
        let used = screen.flow([
            ("\(cards.new) new", theme.text),
            ("\(cards.learning) learning", theme.text),
            ("\(cards.review) review", theme.text),
            ("\(cards.relearning) relearning", cards.relearning > 0 ? theme.wrong : theme.text),
        ] + (cards.suspended > 0 ? [("\(cards.suspended) suspended", theme.dim)] : []), in: inner, style: theme.dim)
        let categories = stats.categories
        var row = inner.row + used
        guard row < inner.bottom, !categories.isEmpty else { return }
        let legend = "█ mature  ▒ seen  ░ not yet"
        let roomForLegend = inner.bottom - row >= categories.count + 1 && legend.displayWidth <= inner.columns
        let nameWidth = min(categories.map(\.category.displayWidth).max() ?? 0, max(4, inner.columns / 3))
        // The full figures when a bar of 8 still fits beside them, else "seen/total" only.
        let full = categories.map { "\($0.mature) mature · \($0.seen)/\($0.total) words seen" }
        let short = categories.map { "\($0.seen)/\($0.total)" }
        let fullWidth = full.map(\.displayWidth).max() ?? 0
        let useFull = inner.columns - nameWidth - 2 - fullWidth >= 8
        let figures = useFull ? full : short
        let figureWidth = figures.map(\.displayWidth).max() ?? 0
        for (index, category) in categories.enumerated() {
            let remaining = categories.count - index
            if row == inner.bottom - 1 && remaining > 1 {
                screen.put("… \(remaining) more", row: row, column: inner.column, style: theme.dim, clip: inner)
                return
            }
            guard row < inner.bottom else { return }
            var column = screen.put(category.category.padded(toWidth: nameWidth), row: row, column: inner.column, style: theme.text, clip: inner)
            let barWidth = inner.right - column - 2 - figureWidth
            if barWidth >= 4 {
                column = drawBar(into: &screen, category, row: row, column: column + 1, width: barWidth, theme: theme)
            }
            screen.put(" " + figures[index], row: row, column: column, style: theme.dim, clip: inner)
            row += 1
        }
        if roomForLegend { screen.put(legend, row: row, column: inner.column, style: theme.dim, clip: inner) }
    }

    /// drawBar: mature, seen and unseen parts of one category's bar, proportional to its words.
    private func drawBar(into screen: inout Screen, _ category: CategoryMastery, row: Int, column: Int, width: Int, theme: Theme) -> Int {
        let total = max(category.total, 1)
        let mature = category.mature * width / total
        let seen = max(0, category.seen * width / total - mature)
        var position = screen.put(String(repeating: "█", count: mature), row: row, column: column, style: theme.chartBar)
        position = screen.put(String(repeating: "▒", count: seen), row: row, column: position, style: theme.chartSeen)
        return screen.put(String(repeating: "░", count: width - mature - seen), row: row, column: position, style: theme.dim)
    }
}
