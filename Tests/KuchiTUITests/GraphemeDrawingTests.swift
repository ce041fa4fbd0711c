import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiBase

/// GraphemeDrawingTests: clusters measured as terminals measure them and drawn whole — a
/// Devanagari conjunct takes the columns a terminal gives it (no border shifts), a flag cut by
/// a field's edge leaves blanks (no half), and the ncurses copy gives each cell exactly its width.
@Suite("Grapheme clusters on screen")
struct GraphemeDrawingTests {
    @Test("widths as tmux and glibc measure them: spacing marks take a column, emoji sequences are one glyph")
    func widths() {
        // Each figure is tmux 3.3a's cursor advance after printing the text.
        #expect("कि".displayWidth == 2)
        #expect("नमस्ते".displayWidth == 4)
        #expect("हिन्दी".displayWidth == 5)
        #expect("क्षत्रिय".displayWidth == 6)
        #expect("กำ".displayWidth == 2)
        #expect("ｶﾞ".displayWidth == 2)
        #expect("é".displayWidth == 1)
        #expect("🇯🇵".displayWidth == 2)
        #expect("👨‍👩‍👧".displayWidth == 2)
        #expect("❤️".displayWidth == 2)
        #expect(DisplayWidth.columns("कि") == ["क", "ि"])
        #expect(DisplayWidth.columns("กำ") == ["ก", "ำ"])
        #expect(DisplayWidth.columns("🇯🇵") == ["🇯🇵"])
    }

    @Test("the ASCII shortcut copies exactly what the pieces would: one printable character, nothing else")
    func asciiShortcut() {
        for value in UInt8(0)..<0x80 {
            let grapheme = String(UnicodeScalar(value))
            let pieces = CursesCells.pieces(of: grapheme, width: 1, wcwidth: { $0.value < 0x20 || $0.value == 0x7F ? -1 : 1 })
            if let byte = CursesCells.ascii(grapheme) {
                #expect(pieces == [CursesCells.Piece(scalars: [UnicodeScalar(byte)], offset: 0)], "\(value)")
            } else {
                #expect(value < 0x20 || value == 0x7F, "printable \(value) must take the shortcut")
            }
        }
        for grapheme in ["", "  ", "é", "e\u{301}", "日", "ｶ", "\r\n", "ab"] {
            #expect(CursesCells.ascii(grapheme) == nil, "\(grapheme.unicodeScalars.map(\.value))")
        }
    }

    @Test("a box around Devanagari keeps its right border where the terminal draws it")
    func devanagariBorder() {
        var screen = Screen(rows: 1, columns: 12)
        var column = screen.put("│", row: 0, column: 0)
        column = screen.put("हिन्दी", row: 0, column: column)
        screen.put("│", row: 0, column: column)
        #expect(column == 6, "one border, then the five columns tmux gives हिन्दी")
        #expect(screen[0, 6].grapheme == "│")
        let cells = (0..<7).map { screen[0, $0] }
        #expect(cells.allSatisfy { $0.width == 1 }, "one cell per column the terminal advances")
        #expect(cells.map(\.grapheme).joined() == "│हिन्दी│")
    }

    @Test("a flag or a conjunct cut by a field's edge leaves blanks, never half of it")
    func cutAtTheEdge() {
        var screen = Screen(rows: 1, columns: 6)
        screen.fill(screen.bounds, with: Cell(grapheme: "x", width: 1, style: .plain))
        let field = Rect(row: 0, column: 0, rows: 1, columns: 3)
        screen.put("ab🇯🇵", row: 0, column: 0, clip: field)
        #expect(screen.lines == ["ab xxx"])
        screen.put("aกำ", row: 0, column: 1, clip: field)
        #expect(screen.lines == ["aa xxx"], "the cluster needs two columns, one is left: blank")
    }

    @Test("the ncurses copy: every piece in its own cell at libc's column, the rest blank")
    func cursesPieces() {
        let libc: (Unicode.Scalar) -> Int = { scalar in
            switch scalar.value {
            case 0x1F1E6...0x1F1FF: 1  // glibc: a regional indicator is one column
            case 0x94D, 0x93F: 0
            case 0x3041...0x30FF: 2
            default: 1
            }
        }
        #expect(CursesCells.pieces(of: "🇯🇵", width: 2, wcwidth: libc) == [
            .init(scalars: ["\u{1F1EF}"], offset: 0), .init(scalars: ["\u{1F1F5}"], offset: 1),
        ])
        #expect(CursesCells.pieces(of: "\u{1F1EF}", width: 2, wcwidth: libc) == [
            .init(scalars: ["\u{1F1EF}"], offset: 0), .init(scalars: [" "], offset: 1),
        ])
        #expect(CursesCells.pieces(of: "क्", width: 1, wcwidth: libc) == [.init(scalars: ["\u{915}", "\u{94D}"], offset: 0)])
        #expect(CursesCells.pieces(of: "कि", width: 2, wcwidth: libc) == [
            .init(scalars: ["\u{915}", "\u{93F}"], offset: 0), .init(scalars: [" "], offset: 1),
        ], "a libc that gives the mark no column: the cell's second column is blanked, not left stale")
        #expect(CursesCells.pieces(of: "あ", width: 2, wcwidth: libc) == [.init(scalars: ["あ"], offset: 0)])
        #expect(CursesCells.pieces(of: "あ", width: 1, wcwidth: libc) == [.init(scalars: [" "], offset: 0)],
                "libc wider than the cell: a blank, never an overflow")
    }
}
