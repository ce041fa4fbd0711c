import Foundation
import Testing
@testable import KuchiBase
@testable import KuchiData

/// TrimmingTests: `trimmingSpaces()`/`trimmingSpacesAndNewlines()` trim exactly what Foundation's
/// `trimmingCharacters(in: .whitespaces)`/`(in: .whitespacesAndNewlines)` trim: the same scalars,
/// over every Unicode scalar, and the same results on text built from the ones that matter.
@Suite("Trimming without Foundation's character sets")
struct TrimmingTests {
    static let scalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init)

    @Test("every scalar alone is trimmed exactly when Foundation trims it", arguments: [false, true])
    func scalarsAlone(newlines: Bool) {
        let differing = Self.scalars.filter { scalar in
            let text = String(Character(scalar))
            let ours = newlines ? text.trimmingSpacesAndNewlines() : text.trimmingSpaces()
            return ours != text.trimmingCharacters(in: newlines ? .whitespacesAndNewlines : .whitespaces)
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }

    @Test("random text trims as Foundation trims it")
    func randomText() {
        // The scalars either set holds or nearly holds, and text around them (Japanese, a
        // combining mark, an emoji, a zero-width joiner).
        let pieces: [String] = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
                                "\u{200B}", "\u{200C}", "\u{200D}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
                                "\u{FEFF}", "\u{180E}", "a", "ねこ", "猫", "e\u{301}", "\u{301}", "👩‍👩‍👧", "x y", ""]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map { $0.value })")
            #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.unicodeScalars.map { $0.value })")
            #expect(text.dropFirst(0).trimmingSpaces() == text.trimmingSpaces(), "a Substring trims as its String")
        }
    }
}

/// ProfileNameKeyTests: the ASCII shortcut of `Profile.nameKey` folds as Foundation folds.
@Suite("Profile names compared without Foundation for ASCII")
struct ProfileNameKeyTests {
    @Test("an ASCII name's key is Foundation's folding of it, for every ASCII character")
    func asciiFoldsAsFoundation() {
        var generator = SystemRandomNumberGenerator()
        let ascii = (0..<128).compactMap(Unicode.Scalar.init).map(Character.init)
        for length in 0..<40 {
            for _ in 0..<200 {
                let name = String((0..<length).map { _ in ascii.randomElement(using: &generator) ?? "a" })
                let foundation = name.trimmingCharacters(in: .whitespacesAndNewlines)
                    .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
                #expect(Profile.nameKey(name) == foundation, "\(Array(name.utf8))")
            }
        }
    }

    @Test("names that are not ASCII still fold by width and case", arguments: [
        ("ｓａｋｕｒａ ", "Sakura"), ("ÉLODIE", "élodie"), ("ＹＵＫＩ", "yuki"), ("さくら", "さくら"),
    ])
    func otherNames(pair: (String, String)) {
        #expect(Profile.nameKey(pair.0) == Profile.nameKey(pair.1))
    }

    @Test("different names stay different", arguments: [("Sakura", "Sakura2"), ("さくら", "サクラ"), ("Élodie", "Elodie")])
    func differentNames(pair: (String, String)) {
        #expect(Profile.nameKey(pair.0) != Profile.nameKey(pair.1))
    }
}
