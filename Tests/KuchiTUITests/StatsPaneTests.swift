import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// StatsPaneTests: each chart pane alone, wide and narrow, against text fixtures (Japanese
/// included), with the styles that carry meaning in colour and none needed in monochrome.
@MainActor
@Suite("Stats pane fixtures")
struct StatsPaneTests {
    static let colorTheme = Theme.make(appearance: .terminal, cardColor: .blue, colors: true)

    /// draw: the pane alone, in a screen of `rows`×`columns`.
    func draw(_ pane: any Pane, rows: Int, columns: Int, theme: Theme = .monochrome) -> Screen {
        var screen = Screen(rows: rows, columns: columns)
        let size = TerminalSize(rows: rows, columns: columns)
        pane.draw(into: &screen, environment: PaneEnvironment(size: size, sizeClass: Layout.sizeClass(for: size), theme: theme))
        return screen
    }

    /// check: the fixture in monochrome; the colour drawing shows the same text.
    func check(_ pane: any Pane, rows: Int, columns: Int, fixture: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let mono = draw(pane, rows: rows, columns: columns)
        expectScreen(mono, matchesFixture: fixture, sourceLocation: sourceLocation)
        expectWellFormed(mono, sourceLocation: sourceLocation)
        let color = draw(pane, rows: rows, columns: columns, theme: Self.colorTheme)
        #expect(color.lines == mono.lines, "colour and monochrome show the same glyphs", sourceLocation: sourceLocation)
    }

    @Test("today: wide and narrow, and before any review")
    func today() {
        let stats = StatsSamples.model()
        check(TodayPane(stats: stats), rows: 4, columns: 90, fixture: "stats-today-wide")
        check(TodayPane(stats: stats), rows: 6, columns: 40, fixture: "stats-today-narrow")
        check(TodayPane(stats: StatsSamples.model(StatsSamples.empty)), rows: 4, columns: 90, fixture: "stats-today-empty")
    }

    @Test("heatmap: 52 weeks two columns apart, 52 side by side, 26 weeks, and short")
    func heatmap() {
        let stats = StatsSamples.model()
        check(HeatmapPane(stats: stats), rows: 11, columns: 112, fixture: "stats-heatmap-wide")
        check(HeatmapPane(stats: stats), rows: 11, columns: 80, fixture: "stats-heatmap-52")
        check(HeatmapPane(stats: stats), rows: 11, columns: 40, fixture: "stats-heatmap-26")
        check(HeatmapPane(stats: stats), rows: 9, columns: 40, fixture: "stats-heatmap-short")
    }

    @Test("heatmap: each day's shade is the hand-computed level; colour adds green, monochrome only glyphs")
    func heatmapShading() throws {
        // Busiest day 100 → thresholds 6, 25, 56, 100 (16·c ≤ L²·100).
        let today = StatsSamples.today
        var counts = Array(repeating: 0, count: Heatmap.dayCount)
        let cases = [(0, 100, "█"), (1, 56, "▓"), (2, 57, "█"), (3, 25, "▒"), (4, 26, "▓"), (5, 6, "░"), (6, 7, "▒"), (7, 1, "░"), (8, 0, "·")]
        for (back, count, _) in cases { counts[Heatmap.dayCount - 1 - back] = count }
        var snapshot = StatsSamples.empty
        snapshot.heatmap = Heatmap(today: today, counts: counts)
        let pane = HeatmapPane(stats: StatsSamples.model(snapshot))
        let mono = draw(pane, rows: 11, columns: 80)
        let color = draw(pane, rows: 11, columns: 80, theme: Self.colorTheme)
        // 80 columns: 78 inside the frame; 52 weeks one column each after 4 of labels, centred
        // (11 spare columns on the left), so the last week is column 1 + 11 + 4 + 51; Sunday is row 2.
        let lastColumn = 1 + 11 + HeatmapPane.labelColumns + 51
        for (back, count, glyph) in cases {
            let day = today - back
            let week = (day - StudyCalendar.weekday(ofDay: day) - (today - StudyCalendar.weekday(ofDay: today))) / 7
            let cell = (row: 2 + StudyCalendar.weekday(ofDay: day), column: lastColumn + week)
            #expect(mono[cell.row, cell.column].grapheme == glyph, "\(count) reviews")
            #expect(mono[cell.row, cell.column].style.foreground == .default)
            #expect(color[cell.row, cell.column].grapheme == glyph)
            #expect(color[cell.row, cell.column].style.foreground == (count == 0 ? .default : .green), "\(count) reviews")
        }
        // Days after today (Monday) stay blank.
        #expect(mono[2 + StudyCalendar.weekday(ofDay: today) + 1, lastColumn].grapheme == " ")
        #expect(mono.lines.last(where: { $0.contains("Less") })?.contains("busiest day 100") == true)
    }

    @Test("forecast: 30 days, 14 days when narrow, and eighth blocks by hand")
    func forecast() {
        let stats = StatsSamples.model()
        check(ForecastPane(stats: stats), rows: 10, columns: 100, fixture: "stats-forecast-wide")
        check(ForecastPane(stats: stats), rows: 8, columns: 30, fixture: "stats-forecast-narrow")
        // Two rows for a maximum of 8: 16 eighths; 3 → 6 eighths "▆", 5 → 10 = "█" + "▂", 1 → 2 "▂".
        #expect(ForecastPane.eighths(value: 3, maximum: 8, rows: 2) == 6)
        #expect(ForecastPane.glyph(eighths: 10, level: 0) == "█")
        #expect(ForecastPane.glyph(eighths: 10, level: 1) == "▂")
        #expect(ForecastPane.glyph(eighths: 6, level: 1) == nil)
        // Any review due shows: 1 of 1000 on 1 row is still one eighth.
        #expect(ForecastPane.eighths(value: 1, maximum: 1000, rows: 1) == 1)
    }

    @Test("retention, cards and hardest words: wide and narrow, Japanese aligned by display width")
    func others() {
        let stats = StatsSamples.model()
        check(RetentionPane(stats: stats), rows: 4, columns: 48, fixture: "stats-retention")
        check(RetentionPane(stats: StatsSamples.model(StatsSamples.empty)), rows: 4, columns: 30, fixture: "stats-retention-none")
        check(CardsPane(stats: stats), rows: 8, columns: 70, fixture: "stats-cards-wide")
        check(CardsPane(stats: stats), rows: 7, columns: 36, fixture: "stats-cards-narrow")
        check(HardestPane(stats: stats), rows: 5, columns: 60, fixture: "stats-hardest-wide")
        check(HardestPane(stats: stats), rows: 5, columns: 28, fixture: "stats-hardest-narrow")
        check(HardestPane(stats: StatsSamples.model(StatsSamples.empty)), rows: 3, columns: 40, fixture: "stats-hardest-none")
    }

    @Test("colour themes shade what monochrome says with glyphs")
    func colourRoles() {
        let stats = StatsSamples.model()
        let color = draw(CardsPane(stats: stats), rows: 8, columns: 70, theme: Self.colorTheme)
        let mature = color.styleMap { $0.foreground == .green ? "g" : nil }
        #expect(mature.joined().contains("g"))
        let mono = draw(CardsPane(stats: stats), rows: 8, columns: 70)
        #expect(mono.styleMap { $0.foreground != .default ? "x" : nil }.joined().trimmingCharacters(in: .whitespaces).isEmpty)
    }
}
