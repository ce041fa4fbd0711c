import Foundation
import Testing

/// StatsTabE2ETests: the Stats tab in a real terminal — the figures of the answers given, and a
/// refresh after another window's answer redrawing only the charts whose figures changed.
@Suite(.requiresTmux)
struct StatsTabE2ETests {
    @Test func statsShowTheAnswersAndARefreshRedrawsOnlyWhatChanged() throws {
        let first = try KuchiApp(columns: 120, rows: 32)
        try first.registerAndStart()
        try first.answer(right: true)
        try first.session.sendKeys("t")
        let stats = try first.session.waitForText("1 review today")
        #expect(joinedScreen(stats).contains("[Stats]"))
        #expect(joinedScreen(stats).contains("streak 1 day"))

        // Another window answers one more word; the Stats window knows only when asked (no
        // timers, no polling): r recomputes, and only the changed charts redraw.
        let second = try KuchiApp(directory: first.directory)
        try second.session.waitForText("Continue 1/6")
        try second.session.sendKeys("Enter")
        try second.waitForChallenge("the second window's quiz")
        try second.answer(right: true)
        let mark = try first.log.mark()
        try first.session.sendKeys("r")
        try first.session.waitForText("2 reviews today")
        let drawn = Set(try first.log.draws(since: mark))
        #expect(drawn.contains("stats-today") && drawn.contains("stats-forecast"), "\(drawn)")
        #expect(!drawn.contains("stats-hardest") && !drawn.contains("stats-retention"), "unchanged charts stay: \(drawn)")
        #expect(!drawn.contains("header") && !drawn.contains("keybar"))
    }
}
