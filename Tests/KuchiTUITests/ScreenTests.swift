import Testing
@testable import KuchiTUI
import KuchiCore

/// ScreenTests exercises the in-memory grid: drawing ASCII and Japanese, wide-character edge
/// rules, clipping, blitting, filling, centring, styles and the assertion helpers themselves.
@Suite("Screen")
struct ScreenTests {
    @Test func blankScreen() {
        let screen = Screen(rows: 2, columns: 3)
        expectScreen(screen, equals: ["", ""])
        #expect(screen.lines == ["   ", "   "])
        #expect(screen[0, 0] == .blank)
        #expect(Screen(rows: -1, columns: 5).lines == [])
        #expect(Screen(rows: 2, columns: -4).lines == ["", ""])
    }

    @Test func putASCII() {
        var screen = Screen(rows: 1, columns: 6)
        #expect(screen.put("Hi", row: 0, column: 1) == 3)
        #expect(screen.lines == [" Hi   "])
        #expect(screen.put("there", row: 0, column: 3) == 6, "clipped at the right edge")
        #expect(screen.lines == [" Hithe"])
    }

    @Test func putJapanese() {
        var screen = Screen(rows: 2, columns: 8)
        #expect(screen.put("日本語", row: 0, column: 0) == 6)
        #expect(screen.put("かaな", row: 1, column: 1) == 6)
        expectScreen(screen, equals: ["日本語", " かaな"])
        #expect(screen.lines.map(\.displayWidth) == [8, 8])
        #expect(screen[0, 0] == Cell(grapheme: "日", width: 2, style: .plain))
        #expect(screen[0, 1] == Cell(grapheme: "", width: 0, style: .plain))
        #expect(screen[0, 2].grapheme == "本")
        expectWellFormed(screen)
    }

    @Test func wideCharacterAtLastColumnBecomesSpace() {
        var screen = Screen(rows: 2, columns: 5)
        #expect(screen.put("abcdあ", row: 0, column: 0) == 5)
        #expect(screen.put("あいう", row: 1, column: 0) == 5)
        #expect(screen.lines == ["abcd ", "あい "])
        #expect(screen[0, 4] == .blank)
        expectWellFormed(screen)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = Screen(lines: ["あいう"])
        screen.put("x", row: 0, column: 1)  // right half of あ
        #expect(screen.lines == [" xいう"])
        screen.put("y", row: 0, column: 2)  // left half of い
        #expect(screen.lines == [" xy う"])
        expectWellFormed(screen)

        var shifted = Screen(lines: ["あい  "])
        shifted.put("う", row: 0, column: 1)  // covers right of あ and left of い
        #expect(shifted.lines == [" う   "])
        expectWellFormed(shifted)
    }

    @Test func clippingToARect() {
        var screen = Screen(rows: 3, columns: 10)
        let clip = Rect(row: 1, column: 2, rows: 1, columns: 4)
        #expect(screen.put("abcdefg", row: 1, column: 0, clip: clip) == 6)
        #expect(screen.put("outside", row: 0, column: 0, clip: clip) == 6)
        expectScreen(screen, equals: ["", "  cdef", ""])

        var japanese = Screen(rows: 1, columns: 10)
        let narrow = Rect(row: 0, column: 2, rows: 1, columns: 4)
        #expect(japanese.put("あいうえ", row: 0, column: 1, clip: narrow) == 6)
        // あ straddles the clip's left edge, う its right edge: both become spaces.
        expectScreen(japanese, equals: ["   い"])
        #expect(japanese[0, 2] == .blank && japanese[0, 5] == .blank)
        expectWellFormed(japanese)
    }

    @Test func clipOutsideTheScreenWritesNothing() {
        var screen = Screen(rows: 2, columns: 4)
        screen.put("abc", row: 5, column: 0)
        screen.put("abc", row: 0, column: -10)
        screen.put("abc", row: 0, column: 0, clip: Rect(row: 0, column: 10, rows: 1, columns: 3))
        #expect(screen == Screen(rows: 2, columns: 4))
        #expect(screen.put("abcdef", row: 0, column: -2) == 4)
        #expect(screen.lines == ["cdef", "    "])
    }

    @Test func controlCharactersAreEscapedAndZeroWidthAttaches() {
        var screen = Screen(rows: 1, columns: 8)
        #expect(screen.put("a\tb", row: 0, column: 0) == 6)
        #expect(screen.lines == ["a\\x09b  "])
        screen.clear()
        #expect(screen.put("a\u{200B}b", row: 0, column: 0) == 2)
        #expect(screen[0, 0].grapheme == "a\u{200B}")
        #expect(screen[0, 1].grapheme == "b")
        #expect(screen.put("\u{200B}z", row: 0, column: 4) == 5, "leading zero-width is dropped")
        #expect(screen[0, 4].grapheme == "z")
        #expect(screen.put("e\u{301}", row: 0, column: 6) == 7)
        #expect(screen[0, 6].grapheme == "e\u{301}")
    }

    @Test func linesRoundTrip() {
        let text = ["かな漢字", "abc", "", "ｶﾞｷﾞ 😀"]
        let screen = Screen(lines: text)
        #expect(screen.columns == 8)
        #expect(screen.rows == 4)
        #expect(screen.lines == ["かな漢字", "abc     ", "        ", "ｶﾞｷﾞ 😀 "])
        #expect(Screen(lines: screen.lines) == screen)
        #expect(screen.description == screen.lines.joined(separator: "\n"))

        let narrow = Screen(lines: text, columns: 5)
        #expect(narrow.lines == ["かな ", "abc  ", "     ", "ｶﾞｷﾞ "])
        expectWellFormed(narrow)
    }

    @Test func blitCopiesAndClips() {
        let pane = Screen(lines: ["あい", "ab"])
        var screen = Screen(rows: 3, columns: 6)
        screen.blit(pane, row: 1, column: 1)
        expectScreen(screen, equals: ["", " あい", " ab"])

        var right = Screen(rows: 1, columns: 6)
        right.blit(Screen(lines: ["あい"]), row: 0, column: 3)  // い straddles the right edge
        expectScreen(right, equals: ["   あ"])
        expectWellFormed(right)
        var left = Screen(rows: 1, columns: 6)
        left.blit(Screen(lines: ["あい"]), row: 0, column: -1)  // あ straddles the left edge
        expectScreen(left, equals: [" い"])
        expectWellFormed(left)
        var above = Screen(rows: 2, columns: 4)
        above.blit(pane, row: -1, column: 0)  // only the pane's second row lands
        expectScreen(above, equals: ["ab", ""])

        var target = Screen(lines: ["あいう"])
        target.blit(Screen(lines: ["x"]), row: 0, column: 1)
        #expect(target.lines == [" xいう"])

        var styled = Screen(rows: 1, columns: 2)
        var source = Screen(rows: 1, columns: 2)
        source.put("漢", row: 0, column: 0, style: .fg(.red))
        styled.blit(source, row: 0, column: 0)
        #expect(styled == source)
    }

    @Test func fillAndClear() {
        var screen = Screen(lines: ["あいうえ", "abcdefgh", "        "])
        screen.fill(Rect(row: 0, column: 1, rows: 2, columns: 3), with: Cell(grapheme: "#", width: 1, style: .plain))
        expectScreen(screen, equals: [" ###うえ", "a###efgh", ""])
        expectWellFormed(screen)

        screen.fill(Rect(row: 2, column: 0, rows: 1, columns: 5), with: Cell(grapheme: "ー", width: 2, style: .plain))
        expectScreen(screen, equals: [" ###うえ", "a###efgh", "ーー"])
        #expect(screen[2, 4] == .blank, "odd leftover column gets a space")
        expectWellFormed(screen)

        screen.fill(Rect(row: 0, column: 7, rows: 5, columns: 5))  // default blank, clipped; splits え
        expectScreen(screen, equals: [" ###う", "a###efg", "ーー"])
        expectWellFormed(screen)

        screen.clear()
        #expect(screen == Screen(rows: 3, columns: 8))
    }

    @Test func putCenteredOddEvenAndJapanese() {
        var screen = Screen(rows: 5, columns: 10)
        let full = screen.bounds
        #expect(screen.putCentered("abc", row: 0, in: full) == 6)
        #expect(screen.putCentered("abcd", row: 1, in: full) == 7)
        #expect(screen.putCentered("日本", row: 2, in: Rect(row: 0, column: 1, rows: 5, columns: 9)) == 7)
        #expect(screen.putCentered("さくらさくら", row: 3, in: Rect(row: 3, column: 2, rows: 1, columns: 5)) == 7)
        #expect(screen.putCentered("くち", row: 4, in: Rect(row: 4, column: 0, rows: 1, columns: 4)) == 4)
        expectScreen(screen, equals: ["   abc", "   abcd", "   日本", "  さく…", "くち"])
        #expect(screen.lines.map(\.displayWidth) == Array(repeating: 10, count: 5))
    }

    @Test func equalityComparesSizeTextAndStyle() {
        var first = Screen(rows: 1, columns: 4)
        var second = Screen(rows: 1, columns: 4)
        first.put("語", row: 0, column: 0)
        second.put("語", row: 0, column: 0)
        #expect(first == second)
        second.put("語", row: 0, column: 0, style: .plain.bolded)
        #expect(first != second)
        #expect(first.lines == second.lines)
        #expect(Screen(rows: 1, columns: 4) != Screen(rows: 4, columns: 1))
    }

    @Test func styleMapShowsStyledCells() {
        var screen = Screen(rows: 1, columns: 8)
        screen.put("ab", row: 0, column: 0, style: .plain.bolded)
        screen.put("あ", row: 0, column: 2, style: .fg(.red))
        screen.put("x", row: 0, column: 5, style: .fg(.red).bolded.on(.blue))
        let map = screen.styleMap { style in
            if style.bold && style.foreground == .red { return "*" }
            if style.bold { return "B" }
            return style.foreground == .red ? "R" : nil
        }
        #expect(map == ["BBR *  "])
        #expect(screen[0, 3].style == .fg(.red), "continuation keeps the lead's style")
    }

    @Test func rectGeometry() {
        let rect = Rect(row: 1, column: 2, rows: 3, columns: 4)
        #expect(rect.bottom == 4 && rect.right == 6)
        #expect(rect.contains(row: 1, column: 2) && rect.contains(row: 3, column: 5))
        #expect(!rect.contains(row: 4, column: 2) && !rect.contains(row: 1, column: 6))
        #expect(rect.inset(by: 1) == Rect(row: 2, column: 3, rows: 1, columns: 2))
        #expect(rect.inset(by: 5).rows == 0 && rect.inset(by: 5).columns == 0 && rect.inset(by: 5).isEmpty)
        #expect(Rect(row: 0, column: 0, rows: -2, columns: 3).rows == 0)
        #expect(rect.intersection(Rect(row: 0, column: 0, rows: 3, columns: 3)) == Rect(row: 1, column: 2, rows: 2, columns: 1))
        #expect(rect.intersection(Rect(row: 10, column: 10, rows: 2, columns: 2)).isEmpty)
    }

    @Test func japaneseQuizCardMatchesFixture() {
        var screen = Screen(rows: 6, columns: 24)
        let card = Rect(row: 0, column: 0, rows: 6, columns: 24)
        screen.put("┌" + String(repeating: "─", count: 22) + "┐", row: 0, column: 0)
        for row in 1...4 {
            screen.put("│", row: row, column: 0)
            screen.put("│", row: row, column: 23)
        }
        screen.put("└" + String(repeating: "─", count: 22) + "┘", row: 5, column: 0)
        screen.putCentered(" 口 Kuchi ", row: 0, in: card, style: .plain.bolded)
        let inner = card.inset(by: 1)
        screen.putCentered("食べる", row: 2, in: inner, style: .fg(.cyan))
        screen.putCentered("to eat / たべる / taberu (verb)", row: 3, in: inner)
        expectScreen(screen, matchesFixture: "screen-japanese")
        expectWellFormed(screen)
    }

    @Test func diffMessageIsReadable() {
        let screen = Screen(lines: ["あい", "ab"], columns: 5)
        #expect(screenDiff(actual: screen.lines, expected: ["あい", "ab"], columns: 5) == nil)
        let diff = screenDiff(actual: screen.lines, expected: ["あい", "abc", "extra"], columns: 5)
        #expect(diff == """
            Screen mismatch: expected 3 rows, got 2 rows × 5 columns
              0 |あい |
            - 1 |abc  |
            + 1 |ab   |
            - 2 |extra|
            """)
        withKnownIssue("a mismatch must be recorded as an issue") {
            expectScreen(screen, equals: ["あいう", "ab"])
        }
        withKnownIssue("the row count must match even when the extra rows are blank") {
            expectScreen(screen, equals: ["あい", "ab", ""])
        }
    }
}
