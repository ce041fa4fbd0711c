import KuchiCore
import Testing
@testable import KuchiTUI

/// ControlCharacterTests: no control character is ever stored in a screen grid (the backend
/// copies cells to the terminal as they are), and the name field refuses them at input.
@MainActor
@Suite("Control characters")
struct ControlCharacterTests {
    /// controls: every grapheme in `screen` that holds a control, as "row,column".
    func controls(in screen: Screen) -> [String] {
        var found: [String] = []
        for row in 0..<screen.rows {
            for column in 0..<screen.columns where screen[row, column].grapheme.containsControlCharacters {
                found.append("\(row),\(column)")
            }
        }
        return found
    }

    @Test("put shows controls escaped, so the learner sees what a name or path holds")
    func putEscapes() {
        var screen = Screen(rows: 2, columns: 24)
        let end = screen.put("a\u{1B}[2Jb", row: 0, column: 0)
        #expect(screen.lines[0] == "a\\x1b[2Jb" + String(repeating: " ", count: 15))
        #expect(end == 9)
        screen.put("x\u{9B}31m\u{85}", row: 1, column: 0)
        #expect(screen.lines[1].hasPrefix("x\\u009b31m\\u0085"))
        #expect(controls(in: screen).isEmpty)
    }

    @Test("bidi overrides and isolates are shown escaped, never left to reverse the line", arguments: [
        "\u{202E}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ])
    func bidiEscaped(control: String) {
        var screen = Screen(rows: 1, columns: 16)
        screen.put("ab\(control)cd", row: 0, column: 0)
        let hex = String(control.unicodeScalars.first?.value ?? 0, radix: 16)
        #expect(screen.lines == ["ab\\u\(hex)cd" + String(repeating: " ", count: 6)])
        #expect(controls(in: screen).isEmpty)
        #expect("x\(control)y".escapingControlCharacters == "x\\u\(hex)y")
    }

    @Test("a saved name with U+202E is drawn escaped on Welcome")
    func bidiNameOnWelcome() {
        let pilot = Pilot(route: .welcome, name: "\u{202E}evil")
        let welcome = pilot.lines.joined(separator: "\n")
        #expect(welcome.contains("\\u202eevil"))
        #expect(!welcome.unicodeScalars.contains("\u{202E}"))
    }

    @Test("centred text is escaped before it is measured")
    func centred() {
        var screen = Screen(rows: 1, columns: 12)
        screen.putCentered("\u{7}ab", row: 0, in: screen.bounds)
        #expect(screen.lines == ["   \\x07ab   "])
    }

    @Test("the raw setter and fill store a replacement, never the control")
    func rawCells() {
        var screen = Screen(rows: 2, columns: 4)
        screen[0, 0] = Cell(grapheme: "\u{1B}", width: 1, style: .plain)
        screen[0, 1] = Cell(grapheme: "e\u{85}", width: 1, style: .plain)
        screen.fill(Rect(row: 1, column: 0, rows: 1, columns: 4), with: Cell(grapheme: "\u{7F}", width: 1, style: .plain))
        #expect(controls(in: screen).isEmpty)
        #expect(screen.lines == ["\u{FFFD}\u{FFFD}  ", String(repeating: "\u{FFFD}", count: 4)])
    }

    @Test("screens built from lines and blitted keep the rule")
    func linesAndBlit() {
        let source = Screen(lines: ["\u{1B}c", "ok\u{0}"])
        var target = Screen(rows: 3, columns: 10)
        target.blit(source, row: 1, column: 1)
        #expect(controls(in: source).isEmpty && controls(in: target).isEmpty)
        #expect(source.lines == ["\\x1bc ", "ok\\x00"])
    }

    @Test("the name field refuses C0, DEL and C1 controls, typed or pasted", arguments: [
        "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}", "\u{0}", "\u{9}",
    ])
    func nameFieldRefusesControls(control: String) throws {
        let form = RegisterForm()
        for character in "ab" { form.insert(character) }
        let character = try #require(control.first)
        #expect(!form.insert(character))
        #expect(form.text == "ab" && form.cursor == 2)
        #expect(form.insert("c") && form.text == "abc")
    }

    @Test("the name field still takes Latin-1 letters and Japanese next to the C1 range")
    func nameFieldKeepsNeighbours() {
        let form = RegisterForm()
        for character in "\u{A0}é\u{FF}さ" { #expect(form.insert(character)) }
        #expect(form.text == "\u{A0}é\u{FF}さ")
    }
}
