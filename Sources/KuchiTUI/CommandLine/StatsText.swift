import Foundation
import KuchiCore
import KuchiData

/// StatsText: `kuchi stats` as text — the Stats tab's panes drawn one under the other at the
/// terminal's width, in the monochrome theme (the glyphs carry every meaning), trailing spaces
/// trimmed.
@MainActor
enum StatsText {
    /// lines: a heading and every chart for `snapshot`, `width` columns wide.
    static func lines(_ snapshot: StatsSnapshot, learner: String, calendar: StudyCalendar, now: Date, width: Int) -> [String] {
        let stats = StatsModel(calendar: calendar, now: now) { _, _ in snapshot }
        stats.refresh(now: now)
        let panes: [(pane: any Pane, rows: Int)] = [
            (TodayPane(stats: stats), width >= 60 ? 4 : 6),
            (HeatmapPane(stats: stats), Layout.statsHeatmapRows),
            (ForecastPane(stats: stats), 10),
            (RetentionPane(stats: stats), 4),
            // Frame, the state counts (two lines when narrow), a bar per category and the legend.
            (CardsPane(stats: stats), 2 + (width >= 60 ? 1 : 2) + snapshot.categories.count + (snapshot.categories.isEmpty ? 0 : 1)),
            (HardestPane(stats: stats), 2 + max(1, snapshot.hardest.count)),
        ]
        var lines = ["Kuchi — \(learner)"]
        for (pane, rows) in panes {
            var screen = Screen(rows: rows, columns: width)
            let size = TerminalSize(rows: rows, columns: width)
            pane.draw(into: &screen, environment: PaneEnvironment(size: size, sizeClass: .stacked, theme: .monochrome))
            lines += screen.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        }
        return lines
    }
}
