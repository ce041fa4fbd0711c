import Foundation

/// Lookalike: the key under which two answers count as the same when they look the same.
///
/// "Сat" with a Cyrillic С and "Cat" are different strings but one choice on screen: a deck with
/// both would show two right-looking answers. The key is NFKC (so full-width "Ｃａｔ" and ligatures
/// fold too), lower case, with the Cyrillic and Greek letters that are drawn like Latin ones
/// folded onto them, and white space runs folded to one space.
package enum Lookalike {
    /// key: the comparison key of `text`.
    package static func key(_ text: String) -> String {
        // Plain ASCII with single spaces (almost every answer) needs only lower case; the rest is
        // a large deck's load time otherwise, and NFKC bridges through Foundation.
        var isPlain = true
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x80 || (0x09...0x0D).contains(byte) || (byte == 0x20 && previous == 0x20) {
                isPlain = false
                break
            }
            previous = byte
        }
        if isPlain { return text.lowercased() }
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(latin[scalar] ?? scalar)
        }
        return String(out)
    }

    /// latin: lower-case Cyrillic, Greek and Latin-extension letters that look like a Latin letter.
    private static let latin: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic
            ("а", "a"), ("в", "b"), ("е", "e"), ("ё", "e"), ("к", "k"), ("м", "m"), ("н", "h"), ("о", "o"),
            ("р", "p"), ("с", "c"), ("т", "t"), ("у", "y"), ("х", "x"), ("і", "i"), ("ї", "i"), ("ј", "j"),
            ("ѕ", "s"), ("ԁ", "d"), ("һ", "h"), ("ӏ", "l"), ("ԛ", "q"), ("ԝ", "w"), ("ь", "b"), ("ɡ", "g"),
            // Greek
            ("α", "a"), ("β", "b"), ("ε", "e"), ("η", "n"), ("ι", "i"), ("κ", "k"), ("ν", "v"), ("ο", "o"),
            ("ρ", "p"), ("τ", "t"), ("υ", "u"), ("χ", "x"), ("γ", "y"), ("ζ", "z"), ("μ", "u"),
            // Latin look-alikes
            ("ı", "i"), ("ℓ", "l"), ("ɑ", "a"),
        ]
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in pairs {
            if let f = from.unicodeScalars.first, let t = to.unicodeScalars.first { map[f] = t }
        }
        return map
    }()
}
