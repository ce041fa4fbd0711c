import KuchiCore
import Testing
@testable import KuchiTUI

/// StatsLayoutTests: the Stats tab's frames at and around its breakpoints — inside the body,
/// never overlapping, and which charts a size keeps.
@Suite("Stats layout")
struct StatsLayoutTests {
    func frames(_ columns: Int, _ rows: Int) -> (body: Rect, frames: StatsFrames) {
        let size = TerminalSize(rows: rows, columns: columns)
        let body = Layout.chrome(for: size).body
        return (body, Layout.stats(in: body, sizeClass: Layout.sizeClass(for: size)))
    }

    func shown(_ frames: StatsFrames) -> [String] {
        [("today", frames.today), ("retention", frames.retention), ("heatmap", frames.heatmap), ("forecast", frames.forecast),
         ("cards", frames.cards), ("hardest", frames.hardest)].filter { !$0.1.isEmpty }.map(\.0)
    }

    @Test("frames lie inside the body and never overlap", arguments: [(40, 12), (60, 30), (69, 24), (70, 24), (80, 24), (109, 30), (110, 30), (120, 40), (200, 60)])
    func inside(columns: Int, rows: Int) {
        let (body, frames) = frames(columns, rows)
        let rects = [frames.today, frames.retention, frames.heatmap, frames.forecast, frames.cards, frames.hardest].filter { !$0.isEmpty }
        for rect in rects {
            #expect(rect.intersection(body) == rect, "\(rect) inside \(body)")
        }
        for (index, rect) in rects.enumerated() {
            for other in rects[(index + 1)...] {
                #expect(rect.intersection(other).isEmpty, "\(rect) and \(other) overlap at \(columns)×\(rows)")
            }
        }
    }

    @Test("which charts each size keeps")
    func kept() {
        #expect(shown(frames(120, 40).frames) == ["today", "retention", "heatmap", "forecast", "cards", "hardest"])
        #expect(shown(frames(110, 24).frames) == ["today", "retention", "heatmap", "forecast", "cards", "hardest"])
        // 80×24: 22 body rows — Today, the full heatmap, then forecast beside cards.
        #expect(shown(frames(80, 24).frames) == ["today", "retention", "heatmap", "forecast", "cards"])
        #expect(frames(80, 24).frames.heatmap.rows == Layout.statsHeatmapRows)
        // 80×40: room for the hardest words below forecast and cards.
        #expect(shown(frames(80, 40).frames) == ["today", "retention", "heatmap", "forecast", "cards", "hardest"])
        // 60×30: retention moves under the heatmap, the forecast takes the 9 rows left;
        // 60×40: cards go under the forecast.
        #expect(shown(frames(60, 30).frames) == ["today", "retention", "heatmap", "forecast"])
        #expect(shown(frames(60, 40).frames) == ["today", "retention", "heatmap", "forecast", "cards"])
        // 40×12: no room for the heatmap's seven days; Today and the forecast stay.
        #expect(shown(frames(40, 12).frames) == ["today", "forecast"])
    }

    @Test("the wide breakpoint: 110 columns put forecast, cards and hardest side by side")
    func wideBreakpoint() {
        let wide = frames(110, 30).frames
        #expect(wide.forecast.row == wide.cards.row && wide.cards.row == wide.hardest.row)
        let narrow = frames(109, 30).frames
        #expect(narrow.hardest.isEmpty || narrow.hardest.row > narrow.forecast.row)
    }
}
