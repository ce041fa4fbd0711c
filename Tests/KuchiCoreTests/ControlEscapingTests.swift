import Testing
@testable import KuchiCore

/// ControlEscapingTests: the one rule for controls in anything Kuchi prints or draws — every
/// C0, DEL and C1 control becomes visible text, and nothing else changes.
@Suite("ControlEscaping")
struct ControlEscapingTests {
    @Test("C0, DEL and C1 controls are written visibly", arguments: [
        ("a\u{1B}[2Jb", "a\\x1b[2Jb"),
        ("\u{0}\u{7}\u{9}\u{A}\u{D}\u{1F}", "\\x00\\x07\\x09\\x0a\\x0d\\x1f"),
        ("del\u{7F}", "del\\x7f"),
        ("c1\u{80}\u{85}\u{9B}\u{9F}", "c1\\u0080\\u0085\\u009b\\u009f"),
        ("\u{1B}]52;c;cHduZWQ=\u{7}", "\\x1b]52;c;cHduZWQ=\\x07"),
    ])
    func escapes(raw: String, escaped: String) {
        #expect(raw.containsControlCharacters)
        #expect(raw.escapingControlCharacters == escaped)
        #expect(!raw.escapingControlCharacters.containsControlCharacters)
    }

    @Test("text without controls is unchanged, Japanese, no-break space and U+00A0–U+00FF included",
          arguments: ["", "さくら", "Hello, 世界", "caf\u{E9} \u{A0}\u{A9}", "e\u{301}", "👩‍👩‍👧", "back\\slash"])
    func plainTextUnchanged(text: String) {
        #expect(!text.containsControlCharacters)
        #expect(text.escapingControlCharacters == text)
    }

    @Test("keepingNewlines keeps line breaks and still escapes every other control")
    func keepsNewlines() {
        let message = "Error: '\u{1B}[31m'\nUsage: kuchi\r\n"
        #expect(message.escapingControlCharacters(keepingNewlines: true) == "Error: '\\x1b[31m'\nUsage: kuchi\\x0d\n")
        #expect(message.escapingControlCharacters == "Error: '\\x1b[31m'\\x0aUsage: kuchi\\x0d\\x0a")
    }

    @Test("every scalar from U+0000 to U+00FF: exactly the 65 controls are escaped")
    func everyLowScalar() {
        var escaped = 0
        for value in UInt32(0)...0xFF {
            let scalar = Unicode.Scalar(value)!
            let text = String(Character(scalar))
            if text.escapingControlCharacters != text { escaped += 1 }
            #expect(!text.escapingControlCharacters.containsControlCharacters, "U+\(String(value, radix: 16))")
        }
        #expect(escaped == 32 + 1 + 32)
    }
}
