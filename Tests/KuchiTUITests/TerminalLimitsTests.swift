import Testing
@testable import KuchiTUI

/// TerminalLimitsTests: the pure rules under the ncurses backend for hostile terminals — the
/// size limit for huge windows and terminfo strings written by the crash handler.
@MainActor
@Suite("Terminal limits")
struct TerminalLimitsTests {
    @Test("sizes beyond the limit are clamped, sizes within it kept", arguments: [
        (10_000, 10_000, TerminalSizeLimit.rows, TerminalSizeLimit.columns),
        (30, 100, 30, 100),
        (TerminalSizeLimit.rows, TerminalSizeLimit.columns, TerminalSizeLimit.rows, TerminalSizeLimit.columns),
        (TerminalSizeLimit.rows + 1, 80, TerminalSizeLimit.rows, 80),
        (24, 65_535, 24, TerminalSizeLimit.columns),
        (0, -5, 1, 1),
    ])
    func clamps(rows: Int, columns: Int, expectedRows: Int, expectedColumns: Int) {
        let size = TerminalSizeLimit.clamped(rows: rows, columns: columns)
        #expect(size.rows == expectedRows && size.columns == expectedColumns)
    }

    @Test("the limit keeps a full-size grid small: under a million cells")
    func limitIsBounded() {
        #expect(TerminalSizeLimit.rows * TerminalSizeLimit.columns <= 1_000_000)
        #expect(TerminalSizeLimit.rows >= 100 && TerminalSizeLimit.columns >= 200, "real large terminals are not clamped")
    }

    @Test("terminfo padding is removed from strings written raw", arguments: [
        ("\u{1B}[H\u{1B}[J$<50>", "\u{1B}[H\u{1B}[J"),
        ("$<5*/>\u{1B}[2J", "\u{1B}[2J"),
        ("\u{1B}[H\u{1B}[2J", "\u{1B}[H\u{1B}[2J"),
        ("price $5", "price $5"),
    ])
    func padding(raw: String, expected: String) {
        #expect(NcursesTerminal.withoutPadding(Array(raw.utf8)) == Array(expected.utf8))
    }
}
