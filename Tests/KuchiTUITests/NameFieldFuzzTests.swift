import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory

/// NameFieldFuzzTests: random key sequences on the Register screen — wide, combining, joining
/// and emoji characters mixed with editing, moving and focus keys — keep the name field sound
/// after every key: at most 32 characters, the character array equal to the text's own
/// characters, the cursor on a character boundary, the screen free of broken wide characters,
/// and the terminal cursor inside the name field.
///
/// Bounded for CI (about a second); `KUCHI_FUZZ_ITERATIONS=N` runs N sequences and
/// `KUCHI_FUZZ_SEED=S` replays a run. A failure names the sequence's seed and its keys.
@MainActor
@Suite("Name field fuzz")
struct NameFieldFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let sequences = environment["KUCHI_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 12
    static let baseSeed = environment["KUCHI_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x6E61_6D65
    static let keysPerSequence = 50

    /// characters: what a learner (or a paste) can type, chosen to upset cursor and width code.
    static let characters: [Character] = [
        "a", "Z", "7", " ", "さ", "く", "ら", "ア", "ｶ", "漢", "字", "Ａ", "가",
        "\u{301}", "\u{3099}", "\u{20DD}", "\u{FE0F}", "\u{1F3FD}", "\u{200D}", "\u{200B}", "\u{202E}", "\u{2067}",
        "👩", "😀", "🧑", "👧", "\u{1F1EF}", "\u{1F1F5}", "\u{1100}", "\u{1161}", "\u{11A8}", "ש", "ع", "\u{85}", "\u{9B}",
        "e\u{301}", "👩‍👩‍👧", "🇯🇵", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    ]

    static let editingKeys: [Key] = [
        .backspace, .backspace, .delete, .left, .left, .right, .home, .end, .control("a"), .control("e"), .tab, .backTab, .up, .down,
    ]

    @Test("random keys keep the name, its cursor, the screen and the terminal cursor sound")
    func randomKeys() {
        let start = ContinuousClock.now
        var inputs = 0
        var failures = 0
        for sequence in 0..<Self.sequences where failures < 5 {
            let seed = Self.baseSeed &+ UInt64(sequence)
            var random = SeededGenerator(seed: seed)
            let pilot = Pilot(rows: Int.random(in: 12...40, using: &random), columns: Int.random(in: 40...140, using: &random),
                              route: .register, name: nil)
            var typed: [Key] = []
            for _ in 0..<Self.keysPerSequence {
                let key = Self.randomKey(&random)
                typed.append(key)
                pilot.press(key)
                inputs += 1
                let problems = Self.violations(pilot)
                if !problems.isEmpty {
                    failures += 1
                    Issue.record("seed \(seed), after \(typed.count) keys: \(problems.joined(separator: "; "))\nkeys: \(typed)")
                    expectWellFormed(pilot.screen)
                    break
                }
            }
        }
        let elapsed = (ContinuousClock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        print("fuzz: \(inputs) inputs (\(Self.sequences) key sequences on Register) in \(String(format: "%.2f", seconds)) s,"
              + " seeds from \(Self.baseSeed)")
    }

    /// Found by this fuzzer (seed 1851878793): deleting the character between two that join
    /// (Hangul jamo, regional indicators) left them as two array elements of one on-screen
    /// character, so the cursor could sit inside it.
    @Test("deleting what kept two joining characters apart joins them, with the cursor after", arguments: [
        ("\u{1100}", "\u{1100}"), ("\u{1100}", "\u{1161}"), ("\u{1F1EF}", "\u{1F1F5}"),
    ] as [(Character, Character)])
    func deletionJoinsNeighbours(left: Character, right: Character) {
        for forward in [false, true] {
            let pilot = Pilot(route: .register, name: nil)
            for key: Key in [.character("a"), .character(left), .character("x"), .character(right), .character("b")] { pilot.press(key) }
            for _ in 0..<(forward ? 3 : 2) { pilot.press(.left) }  // just after x, or just before it
            pilot.press(forward ? .delete : .backspace)
            let form = pilot.state.registerForm
            #expect(form.characters == ["a", Character(String(left) + String(right)), "b"], "\(form.characters)")
            #expect(form.cursor == 2, "after the joined character")
            #expect(Self.violations(pilot).isEmpty, "\(Self.violations(pilot))")
        }
    }

    static func randomKey(_ random: inout SeededGenerator) -> Key {
        if Int.random(in: 0..<10, using: &random) < 6 {
            return .character(characters.randomElement(using: &random) ?? "a")
        }
        return editingKeys.randomElement(using: &random) ?? .left
    }

    /// violations: every invariant the field breaks right now, as sentences.
    static func violations(_ pilot: Pilot) -> [String] {
        let form = pilot.state.registerForm
        var problems: [String] = []
        if pilot.state.route != .register { problems.append("left Register for \(pilot.state.route)") }
        if form.characters.count > RegisterForm.maximumCharacters || form.text.count > RegisterForm.maximumCharacters {
            problems.append("the name has \(form.characters.count) characters (\(form.text.count) in its text)")
        }
        if Array(form.text) != form.characters {
            problems.append("the character array \(form.characters) is not the text's characters \(Array(form.text))")
        }
        if !(0...form.characters.count).contains(form.cursor) || form.cursor > form.text.count {
            problems.append("cursor \(form.cursor) outside 0...\(form.characters.count) (text \(form.text.count))")
        }
        if !isWellFormed(pilot.screen) { problems.append("a wide character is broken on screen") }
        let field = nameField(in: pilot.terminal.size)
        switch (form.focus, pilot.terminal.cursor) {
        case (.name, let cursor?):
            if cursor.row != field.row || cursor.column < field.column || cursor.column >= field.right {
                problems.append("terminal cursor \(cursor) outside the name field \(field)")
            }
        case (.name, nil): problems.append("no terminal cursor while the name has focus")
        case (_, let cursor?): problems.append("terminal cursor \(cursor) shown while \(form.focus) has focus")
        case (_, nil): break
        }
        return problems
    }

    /// nameField: the text row inside the name box, in screen coordinates.
    static func nameField(in size: TerminalSize) -> Rect {
        let body = Layout.chrome(for: size).body
        let inner = RegisterPane.geometry(for: TerminalSize(rows: body.rows, columns: body.columns)).field.inset(by: 1)
        return Rect(row: body.row + inner.row, column: body.column + inner.column, rows: 1, columns: inner.columns)
    }

    /// isWellFormed: `expectWellFormed`'s rule as a Bool, so one broken frame is one finding.
    static func isWellFormed(_ screen: Screen) -> Bool {
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                let cell = screen[row, column]
                if cell.width == 2 && !screen[row, column + 1].isContinuation { return false }
                if cell.isContinuation && (column == 0 || screen[row, column - 1].width != 2) { return false }
            }
        }
        return true
    }
}
