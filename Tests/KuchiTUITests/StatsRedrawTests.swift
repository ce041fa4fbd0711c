import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory

/// StatsRedrawTests: an answer redraws only the chart panes whose figures it changed — the
/// Stats scene's panes hosted as the app hosts them, with their draw counts.
@MainActor
@Suite("Stats redraws")
struct StatsRedrawTests {
    /// hosts: the scene's panes at 120×40, drawn once.
    func hosts(_ stats: StatsModel) -> [PaneHost] {
        let size = TerminalSize(rows: 40, columns: 120)
        let scene = StatsScene(state: AppState(route: .welcome), stats: stats)
        let environment = PaneEnvironment(size: size, sizeClass: .stacked, theme: .monochrome)
        let hosts = scene.panes(in: Layout.chrome(for: size).body, sizeClass: .stacked).map { PaneHost(pane: $0.pane, frame: $0.frame) }
        for host in hosts { _ = host.renderIfDirty(environment: environment) }
        return hosts
    }

    /// redrawn: the panes that draw again now.
    func redrawn(_ hosts: [PaneHost]) -> [String] {
        let environment = PaneEnvironment(size: TerminalSize(rows: 40, columns: 120), sizeClass: .stacked, theme: .monochrome)
        return hosts.filter { $0.renderIfDirty(environment: environment) }.map(\.name).sorted()
    }

    /// answer: an answer to the sample's 勉強 card (id 3, 6 lapses) or to another word at `now`.
    func answer(cardID: Int64 = 3, before: FSRSCard, after: FSRSCard, rating: Rating = .good) -> StatsReview {
        StatsReview(cardID: cardID, deck: "Test deck", question: "勉強", reading: "べんきょう", meaning: "study", time: StatsSamples.now,
                    rating: rating, milliseconds: 2000, before: before, after: after)
    }

    @Test("the scene shows all six charts at 120×40")
    func allPanes() {
        #expect(hosts(StatsSamples.model()).map(\.name).sorted()
                == ["stats-cards", "stats-forecast", "stats-hardest", "stats-heatmap", "stats-retention", "stats-today"])
    }

    @Test("a learning card answered Good, due again in 3 days: today, heatmap and forecast redraw")
    func learningAnswer() {
        let stats = StatsSamples.model()
        let hosts = hosts(stats)
        let now = StatsSamples.now
        let before = FSRSCard(state: .learning, stability: 2, due: now.addingTimeInterval(-60), reps: 1)
        var after = before
        after.due = now.addingTimeInterval(3 * 86_400)
        stats.record(answer(cardID: 99, before: before, after: after), now: now)
        #expect(redrawn(hosts) == ["stats-forecast", "stats-heatmap", "stats-today"])
        #expect(redrawn(hosts) == [])
    }

    @Test("a Review card forgotten: retention, cards, hardest and the rest redraw; the category's bar only if it changed")
    func lapse() {
        let stats = StatsSamples.model()
        let hosts = hosts(stats)
        let now = StatsSamples.now
        let before = FSRSCard(state: .review, stability: 30, due: now.addingTimeInterval(-3600), reps: 5, lapses: 6)
        var after = before
        after.state = .relearning
        after.stability = 4
        after.lapses = 7
        after.due = now.addingTimeInterval(600)
        stats.record(answer(before: before, after: after, rating: .again), now: now)
        // The sample's categories do not hold "Test deck" words, so the Cards pane redraws for
        // the state counts alone; 勉強 moves from 6 to 7 lapses in the hardest words.
        #expect(redrawn(hosts) == ["stats-cards", "stats-forecast", "stats-hardest", "stats-heatmap", "stats-retention", "stats-today"])
        #expect(stats.hardest.first?.lapses == 7)
    }
}
