import Testing
@testable import KuchiTUI
import KuchiCore

/// LayoutTests checks the pure layout functions at and around every breakpoint: the minimum
/// size, the side-by-side/stacked size class, and the challenge frames, which must tile the screen.
@Suite("Layout")
struct LayoutTests {
    @Test("fits is true from 40×12 and false just below it in either direction", arguments: [
        (12, 40, true), (12, 39, false), (11, 40, false), (13, 41, true),
        (1, 1, false), (0, 0, false), (200, 39, false), (11, 500, false),
    ])
    func fits(rows: Int, columns: Int, expected: Bool) {
        #expect(Layout.fits(TerminalSize(rows: rows, columns: columns)) == expected, "\(columns)×\(rows)")
    }

    @Test("the minimum itself is 40 columns by 12 rows")
    func minimum() {
        #expect(Layout.minimum.description == "40×12")
    }

    @Test("size class is side by side below 24 rows and stacked from 24", arguments: [
        (12, SizeClass.sideBySide), (23, .sideBySide), (24, .stacked), (25, .stacked), (60, .stacked),
    ])
    func sizeClass(rows: Int, expected: SizeClass) {
        #expect(Layout.sizeClass(for: TerminalSize(rows: rows, columns: 100)) == expected)
        #expect(Layout.sizeClass(for: TerminalSize(rows: rows, columns: 40)) == expected, "width must not matter")
    }

    @Test("the chrome puts the header on the first row and the key bar on the last", arguments: [
        (12, 40), (23, 100), (60, 200),
    ])
    func chrome(rows: Int, columns: Int) {
        let chrome = Layout.chrome(for: TerminalSize(rows: rows, columns: columns))
        #expect(chrome.header == Rect(row: 0, column: 0, rows: 1, columns: columns))
        #expect(chrome.keyBar == Rect(row: rows - 1, column: 0, rows: 1, columns: columns))
        #expect(chrome.body.row == chrome.header.bottom)
        #expect(chrome.body.bottom == chrome.keyBar.row)
        #expect(chrome.body.column == 0 && chrome.body.columns == columns)
    }

    /// The sizes named in the brief, as rows × columns (40×12, 100×23, 100×24, 80×50, 200×60).
    static let sizes: [TerminalSize] = [
        TerminalSize(rows: 12, columns: 40), TerminalSize(rows: 23, columns: 100), TerminalSize(rows: 24, columns: 100),
        TerminalSize(rows: 50, columns: 80), TerminalSize(rows: 60, columns: 200),
    ]

    static func frames(for size: TerminalSize) -> (chrome: Layout.Chrome, frames: Layout.ChallengeFrames) {
        let chrome = Layout.chrome(for: size)
        return (chrome, Layout.challenge(in: chrome.body, sizeClass: Layout.sizeClass(for: size)))
    }

    @Test("challenge frames are non-empty and lie inside the body", arguments: sizes)
    func framesInsideBody(size: TerminalSize) {
        let (chrome, frames) = Self.frames(for: size)
        for (name, frame) in [("question", frames.question), ("choices", frames.choices), ("score", frames.score)] {
            #expect(!frame.isEmpty, "\(name) at \(size)")
            #expect(frame.intersection(chrome.body) == frame, "\(name) \(frame) outside body \(chrome.body) at \(size)")
        }
    }

    @Test("header, key bar and challenge frames cover every cell exactly once", arguments: sizes)
    func framesTileTheScreen(size: TerminalSize) {
        let (chrome, frames) = Self.frames(for: size)
        let all = [chrome.header, chrome.keyBar, frames.question, frames.choices, frames.score]
        var uncovered: [String] = []
        var overlapping: [String] = []
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let count = all.filter { $0.contains(row: row, column: column) }.count
                if count == 0 { uncovered.append("(\(row),\(column))") }
                if count > 1 { overlapping.append("(\(row),\(column))") }
            }
        }
        #expect(uncovered.isEmpty, "uncovered at \(size): \(uncovered.prefix(5))")
        #expect(overlapping.isEmpty, "overlapping at \(size): \(overlapping.prefix(5))")
        for row in 0..<size.rows {
            #expect(all.contains { $0.row <= row && row < $0.bottom }, "row \(row) at \(size) belongs to no pane")
        }
    }

    @Test("side by side: question and choices on the same rows, score below across the width",
          arguments: sizes.filter { $0.rows < 24 })
    func sideBySideFrames(size: TerminalSize) {
        let (chrome, frames) = Self.frames(for: size)
        #expect(frames.sizeClass == .sideBySide)
        #expect(frames.question.row == frames.choices.row)
        #expect(frames.question.rows == frames.choices.rows)
        #expect(frames.question.right == frames.choices.column, "choices start right after the question")
        #expect(frames.question.column == chrome.body.column)
        #expect(frames.choices.right == chrome.body.right)
        #expect(frames.question.columns == max(chrome.body.columns * 2 / 5, 14), "two fifths for the word")
        #expect(frames.choices.columns > frames.question.columns, "the three answers get the wider side")
        #expect(frames.score.row == frames.question.bottom)
        #expect(frames.score.columns == chrome.body.columns)
        #expect(frames.score.rows == Layout.scoreRows)
    }

    @Test("stacked: question, score and choices in that order, each full width",
          arguments: sizes.filter { $0.rows >= 24 })
    func stackedFrames(size: TerminalSize) {
        let (chrome, frames) = Self.frames(for: size)
        #expect(frames.sizeClass == .stacked)
        #expect(frames.question.row == chrome.body.row)
        #expect(frames.score.row == frames.question.bottom)
        #expect(frames.choices.row == frames.score.bottom)
        #expect(frames.choices.bottom == chrome.body.bottom)
        for frame in [frames.question, frames.score, frames.choices] {
            #expect(frame.column == chrome.body.column && frame.columns == chrome.body.columns)
        }
        #expect(frames.score.rows == Layout.scoreRows)
        #expect(frames.choices.rows >= 7, "three choices with a border need 5 rows, spread out 7")
        #expect(frames.question.rows >= 5, "word, hint and feedback need room")
    }

    @Test("the smallest side-by-side layout still has room for three choices inside a border")
    func smallestCompactLayoutFitsChoices() {
        let (_, frames) = Self.frames(for: Layout.minimum)
        #expect(frames.choices.rows - 2 >= 3)
        #expect(frames.question.rows - 2 >= 3)
    }

    @Test("the same size class on a larger terminal never shrinks a frame", arguments: [
        (TerminalSize(rows: 12, columns: 40), TerminalSize(rows: 23, columns: 100)),
        (TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 60, columns: 200)),
    ])
    func framesGrow(small: TerminalSize, large: TerminalSize) {
        let a = Self.frames(for: small).frames
        let b = Self.frames(for: large).frames
        for (x, y) in [(a.question, b.question), (a.choices, b.choices), (a.score, b.score)] {
            #expect(y.rows >= x.rows && y.columns >= x.columns)
        }
    }

    @Test("centered puts a smaller rect in the middle, extra column or row on the right or bottom")
    func centeredSmaller() {
        let area = Rect(row: 1, column: 0, rows: 10, columns: 40)
        let rect = Layout.centered(rows: 4, columns: 10, in: area)
        #expect(rect.rows == 4 && rect.columns == 10)
        #expect(rect.row - area.row == area.bottom - rect.bottom)
        #expect(rect.column - area.column == area.right - rect.right)
        let odd = Layout.centered(rows: 3, columns: 9, in: area)
        #expect(area.bottom - odd.bottom - (odd.row - area.row) == 1)
        #expect(area.right - odd.right - (odd.column - area.column) == 1)
    }

    @Test("centered clamps a larger rect to the area", arguments: [
        (100, 100), (5, 100), (100, 5), (10, 40),
    ])
    func centeredClamps(rows: Int, columns: Int) {
        let area = Rect(row: 3, column: 7, rows: 10, columns: 40)
        let rect = Layout.centered(rows: rows, columns: columns, in: area)
        #expect(rect.intersection(area) == rect, "\(rect) leaves \(area)")
        #expect(rect.rows == min(rows, area.rows) && rect.columns == min(columns, area.columns))
    }

    @Test("centered in an empty area is empty and does not crash")
    func centeredEmpty() {
        let rect = Layout.centered(rows: 5, columns: 5, in: Rect(row: 2, column: 2, rows: 0, columns: 0))
        #expect(rect.isEmpty)
    }
}
