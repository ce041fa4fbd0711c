import Testing
@testable import KuchiTUI
import KuchiCore
@testable import KuchiBase

/// TextWrapTests checks line breaking by display width: at spaces in English, anywhere in
/// Japanese, never wider than the width, and cut with … when the lines run out.
@Suite("TextWrap")
struct TextWrapTests {
    @Test("English breaks at spaces, and the spaces at the breaks are dropped")
    func wrapsAtSpaces() {
        #expect(TextWrap.lines("hello world foo", width: 11) == ["hello world", "foo"])
        #expect(TextWrap.lines("hello world foo", width: 10) == ["hello", "world foo"])
        #expect(TextWrap.lines("hello world foo", width: 5) == ["hello", "world", "foo"])
        #expect(TextWrap.lines("hello world foo", width: 80) == ["hello world foo"])
    }

    @Test("a word longer than the width is broken inside")
    func longWord() {
        #expect(TextWrap.lines("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrap.lines("ab cdefghij", width: 4) == ["ab", "cdef", "ghij"], "a break at the space comes first")
    }

    @Test("Japanese breaks anywhere, by display width (two columns a character)")
    func japanese() {
        #expect(TextWrap.lines("ねこがすきです", width: 6) == ["ねこが", "すきで", "す"])
        #expect(TextWrap.lines("ねこがすきです", width: 7) == ["ねこが", "すきで", "す"], "an odd column is left empty")
        #expect(TextWrap.lines("猫 is ねこ", width: 6) == ["猫 is", "ねこ"])
    }

    @Test("width 0 or less, and no lines allowed, give no lines")
    func zeroWidth() {
        #expect(TextWrap.lines("hello", width: 0).isEmpty)
        #expect(TextWrap.lines("hello", width: -3).isEmpty)
        #expect(TextWrap.lines("hello", width: 10, maximumLines: 0).isEmpty)
        #expect(TextWrap.lines("", width: 10).isEmpty)
    }

    @Test("maximumLines keeps that many lines and ends the last with …")
    func maximumLines() throws {
        let text = "✗ Oh no! “dog” is not it. Try again."
        let all = TextWrap.lines(text, width: 16)
        #expect(all.count > 2)
        let cut = TextWrap.lines(text, width: 16, maximumLines: 2)
        #expect(cut.count == 2)
        #expect(cut[0] == all[0])
        let last = try #require(cut.last)
        #expect(last.hasSuffix("…"))
        #expect(last.displayWidth <= 16)
        #expect(TextWrap.lines("ねこがすきです", width: 6, maximumLines: 2) == ["ねこが", "すき…"])
        #expect(TextWrap.lines("hello world", width: 5, maximumLines: 2) == ["hello", "world"], "exactly enough lines: no …")
    }

    static let samples = [
        "✓ Congratulations! 猫 (ねこ · neko) is “cat”.",
        "✗ Oh no! “thank you” is not it. Try again.",
        "Terminal too small — need at least 40×12, now 30×10",
        "ありがとうございます、またね",
        "a  b   c    d",
        "supercalifragilistic expialidocious",
        "猫cat犬dog鳥bird ｶﾞ é",
        " leading and trailing ",
    ]

    /// words: the text without the spaces, which is all a wrap may drop.
    static func words(_ text: String) -> String {
        text.filter { $0 != " " }
    }

    @Test("no line is ever wider than the width, and no text but spaces is lost", arguments: samples)
    func neverExceedsWidth(text: String) {
        for width in 1...40 {
            let lines = TextWrap.lines(text, width: width)
            for line in lines {
                #expect(line.displayWidth <= width, "\(line.debugDescription) at width \(width)")
            }
            #expect(!lines.contains(""), "no empty line at width \(width): \(lines)")
            let wideCharacterTooWide = text.contains { DisplayWidth.of($0) > width }
            if !wideCharacterTooWide {
                #expect(Self.words(lines.joined()) == Self.words(text), "width \(width): \(lines)")
            }
        }
    }

    @Test("with maximumLines no line is wider than the width and the count is kept", arguments: samples)
    func maximumLinesProperty(text: String) {
        for width in 1...40 {
            for maximum in 1...3 {
                let all = TextWrap.lines(text, width: width)
                let lines = TextWrap.lines(text, width: width, maximumLines: maximum)
                #expect(lines.count == min(all.count, maximum))
                for line in lines {
                    #expect(line.displayWidth <= width, "\(line.debugDescription) at width \(width), max \(maximum)")
                }
                if all.count > maximum {
                    #expect(lines.last?.hasSuffix("…") == true, "cut at width \(width), max \(maximum): \(lines)")
                } else {
                    #expect(lines == all)
                }
            }
        }
    }
}
