/// ControlEscaping: one rule for the control characters that must never reach a terminal raw.
///
/// A file name, a profile name, deck text or a command-line argument may hold an escape
/// sequence (`ESC [ 2 J` clears the screen, OSC 52 writes the clipboard, C1 `U+009B` is a CSI on
/// some terminals). Printed as is, it would act on the learner's terminal; shown escaped, the
/// learner can see what the text really holds. Everything Kuchi prints or draws goes through here.
///
/// The bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069) count as
/// controls too: invisible, they reorder the rest of the line — a profile name holding U+202E
/// prints the message after it backwards, and a deck name can make a list read in another order
/// ("Trojan Source"). The marks U+200E/U+200F/U+061C are left as they are: right-to-left text
/// uses them legitimately, and they only attach neutral characters to a side, never flip a run.
extension Unicode.Scalar {
    /// isControlCharacter: C0 (U+0000–001F), DEL (U+007F), C1 (U+0080–009F) and the bidi
    /// embeddings, overrides and isolates, the scalars a terminal acts on instead of showing.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || isBidiOverride
    }

    /// isBidiOverride: LRE, RLE, PDF, LRO, RLO (U+202A–202E) and LRI, RLI, FSI, PDI (U+2066–2069).
    public var isBidiOverride: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// visibleEscape: the control as text a terminal shows: `\x1b` for C0 and DEL (the form
    /// people paste into `printf`), `\u0085` or `\u202e` for the others (a code point, not a
    /// byte: in UTF-8 they are several).
    package var visibleEscape: String {
        let hex = String(value, radix: 16)
        if value < 0x80 { return "\\x" + (value < 0x10 ? "0" : "") + hex }
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// containsControlCharacters: whether any scalar is a C0, DEL or C1 control or a bidi override.
    public var containsControlCharacters: Bool {
        unicodeScalars.contains { $0.isControlCharacter }
    }

    /// escapingControlCharacters: the text with every control written visibly (`a\x1b[2Jb`),
    /// for one line of output or one line on screen.
    public var escapingControlCharacters: String {
        escapingControlCharacters(keepingNewlines: false)
    }

    /// escapingControlCharacters(keepingNewlines:): the same, but "\n" stays a line break, for
    /// multi-line messages (usage text) whose own lines are Kuchi's.
    public func escapingControlCharacters(keepingNewlines: Bool) -> String {
        guard containsControlCharacters else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isControlCharacter && !(keepingNewlines && scalar == "\n") {
                result.append(contentsOf: scalar.visibleEscape.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
