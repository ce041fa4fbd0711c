import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI

/// StatsSceneTests: the whole Stats tab body composed from its panes, as a fixture (the
/// README's capture), and its keys.
@MainActor
@Suite("Stats scene")
struct StatsSceneTests {
    /// body: the scene's panes drawn into one screen the size of the body of a `columns`×`rows`
    /// terminal.
    func body(columns: Int, rows: Int) -> Screen {
        let size = TerminalSize(rows: rows, columns: columns)
        let body = Layout.chrome(for: size).body
        let scene = StatsScene(state: AppState(route: .welcome), stats: StatsSamples.model())
        var screen = Screen(rows: body.rows, columns: body.columns)
        let environment = PaneEnvironment(size: size, sizeClass: Layout.sizeClass(for: size), theme: .monochrome)
        for (pane, frame) in scene.panes(in: body, sizeClass: Layout.sizeClass(for: size)) {
            var part = Screen(rows: frame.rows, columns: frame.columns)
            pane.draw(into: &part, environment: environment)
            screen.blit(part, row: frame.row - body.row, column: frame.column - body.column)
        }
        return screen
    }

    @Test("the tab at 120×32 and at 80×24")
    func fixtures() {
        let wide = body(columns: 120, rows: 32)
        expectScreen(wide, matchesFixture: "screen-stats-120x32")
        expectWellFormed(wide)
        let classic = body(columns: 80, rows: 24)
        expectScreen(classic, matchesFixture: "screen-stats-80x24")
        expectWellFormed(classic)
    }

    @Test("r refreshes, q and Esc go back to Welcome")
    func keys() {
        let state = AppState(route: .welcome)
        var loads = 0
        let stats = StatsModel(calendar: StatsSamples.calendar, now: StatsSamples.now) { _, _ in
            loads += 1
            return StatsSamples.sample
        }
        let scene = StatsScene(state: state, stats: stats, clock: { StatsSamples.now })
        #expect(scene.action(for: .character("r")) == .refresh)
        #expect(scene.action(for: .character("q")) == .back)
        #expect(scene.action(for: .escape) == .back)
        #expect(scene.respond(to: .character("r")))
        #expect(loads == 1)
        #expect(stats.today.reviews == 42)
        #expect(scene.barHints.map(\.label) == (stats.hardest.isEmpty ? ["Refresh", "Back"] : ["Hardest", "Word", "Refresh", "Back"]))
    }
}
