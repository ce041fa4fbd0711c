import Foundation
import KuchiCore
import KuchiData

/// StatsScene: the Stats tab — six chart panes, each reading only its own aggregate of the
/// `StatsModel`, so an answer redraws only the charts whose figures it changed.
struct StatsScene: Scene {
    /// Action: what the Stats tab does.
    enum Action: SceneAction {
        /// refresh: recomputes every figure (cards that fell due since, a new study day).
        case refresh
        case back
        /// moveHardest: the highlight among the hardest words.
        case moveHardest(Int)
        /// openHardest: the page of hardest word `index` (Enter on the highlight, or a click).
        case openHardest(Int)
    }

    let state: AppState
    let stats: StatsModel
    /// clock: the time a refresh counts from (tests inject it).
    var clock: @MainActor () -> Date = { Date() }
    /// history: a hardest word's page, from the store (nil: none to show).
    var history: @MainActor (HardWord) -> WordHistory? = { _ in nil }
    let title = "Stats"

    var bindings: [Binding<Action>] {
        [
            Binding(triggers: [(.up, .moveHardest(-1)), (.down, .moveHardest(1))], keys: "↑↓", helpKeys: "↑ ↓",
                    bar: "Hardest", help: "highlight one of the hardest words", when: !stats.hardest.isEmpty, priority: .optional),
            Binding([.enter], .openHardest(state.hardestCursor.index ?? 0), keys: "Enter", bar: "Word",
                    help: "the highlighted hardest word's page: its cards and every review (or click a word)",
                    when: !stats.hardest.isEmpty),
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
            (HardestPane(stats: stats, highlighted: { [state] in state.hardestCursor.index }), frames.hardest),
        ]
        return all.filter { !$0.frame.isEmpty }
    }

    func perform(_ action: Action) {
        switch action {
        case .refresh: stats.refresh(now: clock())
        case .back: state.go(.welcome)
        case .moveHardest(let step):
            state.set(\.hardestCursor, to: state.hardestCursor.moved(by: step, count: min(stats.hardest.count, HardWord.limit)))
        case .openHardest(let index):
            guard stats.hardest.indices.contains(index) else { return }
            state.set(\.hardestCursor, to: ListCursor(index: index))
            state.openWord(history(stats.hardest[index]), from: .stats)
        }
    }
}
