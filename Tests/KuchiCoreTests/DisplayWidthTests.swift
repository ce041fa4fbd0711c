import Testing
@testable import KuchiCore
@testable import KuchiBase

/// DisplayWidthTests checks column widths of scalars, grapheme clusters and strings, and the
/// truncation/padding helpers that layout code relies on.
@Suite("DisplayWidth")
struct DisplayWidthTests {
    /// Spot checks of the generated table; the expected values are what the `wcwidth` Python
    /// package (the generator's cross-check) reports for the same code points.
    @Test("scalar widths match wcwidth for representative code points", arguments: [
        (0x41, 1), (0x7E, 1), (0x20, 1),                     // ASCII
        (0x3042, 2), (0x30A2, 2), (0x3093, 2), (0x30FC, 2),  // あ ア ん ー
        (0x4E00, 2), (0x6F22, 2), (0x9FFF, 2),               // 一 漢, end of CJK block
        (0x3000, 2), (0x3001, 2), (0x300C, 2),               // ideographic space, 、 「
        (0xFF76, 1), (0xFF9E, 1), (0xFF61, 1),               // half-width ｶ ﾞ ｡
        (0xFF21, 2), (0xFF10, 2), (0xFFE5, 2),               // fullwidth Ａ ０ ￥
        (0xAC00, 2), (0x1100, 2), (0x1160, 0),               // Hangul 가, leading / medial jamo
        (0x1F600, 2), (0x1F44D, 2), (0x1F1EF, 2),            // 😀 👍 regional indicator J
        (0x2764, 1), (0x263A, 1),                            // ❤ ☺ (text presentation)
        (0x00E9, 1), (0x00A1, 1), (0x2500, 1), (0x2026, 1),  // é, ¡ and ─ … are Ambiguous: narrow
        (0x0301, 0), (0x3099, 0), (0x20E3, 0),               // combining marks
        (0x200B, 0), (0x200D, 0), (0xFEFF, 0), (0x00AD, 1),  // ZWSP ZWJ BOM; soft hyphen is visible
        (0xFE0F, 0), (0xFE00, 0), (0xE0100, 0),              // variation selectors
        (0x00, 0), (0x1B, 0), (0x7F, 0), (0x85, 0),          // controls
        (0x20000, 2), (0x2FFFD, 2), (0x3134A, 2),            // CJK extension planes
    ])
    func scalarWidth(codePoint: UInt32, width: Int) throws {
        let scalar = try #require(Unicode.Scalar(codePoint))
        #expect(DisplayWidth.of(scalar) == width, "U+\(String(codePoint, radix: 16, uppercase: true))")
    }

    @Test("generated tables are sorted, disjoint inclusive pairs")
    func tablesWellFormed() {
        for table in [DisplayWidth.zeroWidth, DisplayWidth.wide] {
            #expect(table.count % 2 == 0)
            for index in stride(from: 0, to: table.count, by: 2) {
                #expect(table[index] <= table[index + 1])
                if index >= 2 { #expect(table[index - 1] + 1 < table[index], "ranges must not touch") }
            }
        }
        let zero = stride(from: 0, to: DisplayWidth.zeroWidth.count, by: 2).map {
            DisplayWidth.zeroWidth[$0]...DisplayWidth.zeroWidth[$0 + 1]
        }
        for index in stride(from: 0, to: DisplayWidth.wide.count, by: 2) {
            let wide = DisplayWidth.wide[index]...DisplayWidth.wide[index + 1]
            #expect(!zero.contains { $0.overlaps(wide) })
        }
    }

    @Test("grapheme cluster widths", arguments: [
        ("a", 1), ("あ", 2), ("漢", 2), ("ｶ", 1), ("Ａ", 2),
        ("e\u{301}", 1),            // é as e + combining acute
        ("か\u{3099}", 2),          // が with a combining voiced mark
        ("ｶﾞ", 2),                  // half-width ｶ + ﾞ: one Character, two columns
        ("\u{200B}", 0), ("\u{200D}", 0), ("\u{301}", 0),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2),
        ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("a\u{FE0F}", 1),
        ("\u{1100}\u{1161}\u{11A8}", 2), // 각 as conjoining jamo
    ] as [(Character, Int)])
    func characterWidth(character: Character, width: Int) {
        #expect(DisplayWidth.of(character) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func stringDisplayWidth() {
        #expect("Kuchi".displayWidth == 5)
        #expect("日本語".displayWidth == 6)
        #expect("日本語".count == 3)
        #expect("かな abc".displayWidth == 8)
        #expect("ｶﾀｶﾅ".displayWidth == 4)
        #expect("カタカナ".displayWidth == 8)
        #expect("café\u{301}".displayWidth == 4)
        #expect("".displayWidth == 0)
        #expect("漢字テスト"[...].dropFirst(2).displayWidth == 6)  // Substring too
    }

    @Test("truncated(toWidth:) never splits a wide character", arguments: [
        ("さくらさくら", 13, "さくらさくら"),
        ("さくらさくら", 12, "さくらさくら"),
        ("さくらさくら", 11, "さくらさく…"),
        ("さくらさくら", 10, "さくらさ…"),
        ("さくらさくら", 7, "さくら…"),
        ("さくらさくら", 6, "さく…"),   // "さくら…" would be 7 columns
        ("さくらさくら", 5, "さく…"),
        ("さくらさくら", 2, "…"),
        ("さくらさくら", 1, "…"),
        ("さくらさくら", 0, ""),
        ("さくらさくら", -3, ""),
        ("abcdef", 4, "abc…"),
        ("abcd", 4, "abcd"),
        ("aあbい", 4, "aあ…"),
        ("aあbい", 3, "a…"),
        ("e\u{301}tude", 3, "e\u{301}t…"),
        ("", 3, ""),
    ])
    func truncation(text: String, width: Int, expected: String) {
        #expect(text.truncated(toWidth: width) == expected)
    }

    @Test("padded(toWidth:) gives exactly the requested width", arguments: [
        ("あ", 4, "あ  "),
        ("abc", 3, "abc"),
        ("abc", 5, "abc  "),
        ("さくらさくら", 6, "さく… "),
        ("さくらさくら", 5, "さく…"),
        ("abc", 0, ""),
    ])
    func padding(text: String, width: Int, expected: String) {
        #expect(text.padded(toWidth: width) == expected)
    }

    @Test("truncation and padding respect width for every width", arguments: ["さくらさくら", "aあbいcう", "Kuchi 口", "ｶﾞｷﾞ漢字"])
    func widthProperties(text: String) {
        for width in 0...(text.displayWidth + 2) {
            let truncated = text.truncated(toWidth: width)
            #expect(truncated.displayWidth <= width)
            #expect(truncated.displayWidth >= width - 1 || truncated == text)
            #expect(truncated == text || truncated.hasSuffix("…") || width == 0)
            #expect(text.padded(toWidth: width).displayWidth == width)
        }
    }
}
