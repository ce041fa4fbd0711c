import Foundation
import KuchiCore

/// StatsScene: the Stats tab — six chart panes, each reading only its own aggregate of the
/// `StatsModel`, so an answer redraws only the charts whose figures it changed.
struct StatsScene: Scene {
    /// Action: what the Stats tab does.
    enum Action: SceneAction {
        /// refresh: recomputes every figure (cards that fell due since, a new study day).
        case refresh
        case back
    }

    let state: AppState
    let stats: StatsModel
    /// clock: the time a refresh counts from (tests inject it).
    var clock: @MainActor () -> Date = { Date() }
    let title = "Stats"

    var bindings: [Binding<Action>] {
        [
            Binding([.character("r")], .refresh, keys: "r", bar: "Refresh", help: "recompute the figures (cards fall due as time passes)"),
            Binding([.escape, .character("q")], .back, keys: "q", helpKeys: "q Esc", bar: "Back", help: "back to Welcome",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let frames = Layout.stats(in: body, sizeClass: sizeClass)
        let all: [(pane: any Pane, frame: Rect)] = [
            (TodayPane(stats: stats), frames.today),
            (RetentionPane(stats: stats), frames.retention),
            (HeatmapPane(stats: stats), frames.heatmap),
            (ForecastPane(stats: stats), frames.forecast),
            (CardsPane(stats: stats), frames.cards),
            (HardestPane(stats: stats), frames.hardest),
        ]
        return all.filter { !$0.frame.isEmpty }
    }

    func perform(_ action: Action) {
        switch action {
        case .refresh: stats.refresh(now: clock())
        case .back: state.go(.welcome)
        }
    }
}
