import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory
@testable import KuchiDeck

/// HardeningTerminalTests: the App in memory under sizes no layout fits, resize storms, a resize
/// that lands between a key and its redraw, no colour, a huge paste and stray mouse clicks.
@MainActor
@Suite("Hardening: terminal")
struct HardeningTerminalTests {
    /// Snapshot: every bit of state a resize or a stray event must leave alone.
    struct Snapshot: Equatable {
        let test: ChallengeTest?
        let tried: Set<String>
        let feedback: Feedback?
        let flags: [Bool]
        let numbers: [Int]
        let route: Route
        let name: [Character]
        let focus: RegisterForm.Field

        @MainActor
        init(_ pilot: Pilot) {
            let quiz = pilot.quiz
            let state = pilot.state
            test = quiz.currentTest
            tried = quiz.triedAnswers
            feedback = quiz.feedback
            flags = [quiz.choicesVisible, quiz.hintVisible, state.helpVisible, state.registerForm.rememberMe, state.confirmingForget]
            numbers = [quiz.numberOfAnswered, quiz.score.wrong, state.choiceCursor.index ?? -1, state.registerForm.cursor,
                       SettingsRow.allCases.firstIndex(of: state.settingsRow) ?? -1, pilot.user.numberOfQuestions]
            route = state.route
            name = state.registerForm.characters
            focus = state.registerForm.focus
        }
    }

    /// text: the non-blank rows joined, so a sentence wrapped on a narrow screen reads whole.
    func text(_ pilot: Pilot) -> String {
        pilot.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// busyPilot: a pilot on `route` with state worth losing (a tried answer, a hint, a
    /// half-typed name with the cursor moved back).
    func busyPilot(_ route: Route) -> Pilot {
        let pilot = Pilot(route: route, name: route == .register ? nil : "さくら")
        switch route {
        case .register:
            pilot.type("さくら abc")
            pilot.press(.left)
            pilot.press(.left)
        case .challenge:
            pilot.answerWrong()
            pilot.press("h")
            pilot.press(.down)
        default:
            pilot.press(.down)
        }
        return pilot
    }

    // MARK: Sizes

    nonisolated static let tinySizes: [(rows: Int, columns: Int)] = [
        (1, 1), (0, 0), (0, 80), (80, 0), (1, 80), (80, 1), (2, 3), (11, 39), (11, 200), (300, 39), (-1, -1), (-3, 80),
    ]

    @Test("sizes no layout fits render without crashing, on every screen, and say so where it fits", arguments: tinySizes)
    func tinySizes(rows: Int, columns: Int) {
        for route in [Route.register, .welcome, .challenge, .learn, .settings] {
            let pilot = Pilot(rows: rows, columns: columns, route: route)
            #expect(pilot.app.hosts.map(\.name) == ["toosmall"], "\(route)")
            #expect(pilot.screen.rows == max(rows, 0) && pilot.screen.columns == max(columns, 0))
            expectWellFormed(pilot.screen)
            #expect(pilot.terminal.cursor == nil, "no cursor on the too-small screen")
            if rows >= 1 && columns >= 60 {
                #expect(pilot.lines.contains { $0.contains("Terminal too small — need at least 40×12") }, "\(pilot.screen)")
            }
            if rows >= 6 && columns >= 24 {
                #expect(text(pilot).contains("Terminal too small") && text(pilot).contains("Ctrl-C to quit"), "\(pilot.screen)")
            }
        }
    }

    @Test("going through every tiny size and back, keys pressed meanwhile, keeps all state and the screen")
    func throughTinySizesAndBack() {
        for route in [Route.register, .challenge, .settings] {
            let pilot = busyPilot(route)
            let before = Snapshot(pilot)
            let screen = pilot.screen
            for size in Self.tinySizes {
                pilot.resize(rows: size.rows, columns: size.columns)
                for key: Key in [.character("1"), .enter, .backspace, .escape, .character("q"), .tab] { pilot.press(key) }
                pilot.click(row: 0, column: 0)
            }
            pilot.resize(rows: 30, columns: 100)
            #expect(Snapshot(pilot) == before, "\(route)")
            #expect(pilot.screen == screen, "\(route)")
        }
    }

    @Test("a storm of 100 resizes, some drawn and some not, then back: state, screen and cursor as before")
    func resizeStorm() {
        for route in [Route.register, .challenge] {
            let pilot = busyPilot(route)
            let before = Snapshot(pilot)
            let screen = pilot.screen
            let cursor = pilot.terminal.cursor.map { [$0.row, $0.column] }
            var random = SeededGenerator(seed: 100)
            for _ in 0..<100 {
                pilot.terminal.size = TerminalSize(rows: Int.random(in: 0...60, using: &random), columns: Int.random(in: 0...240, using: &random))
                pilot.app.handle(.terminalResized(pilot.terminal.size))
                if Bool.random(using: &random) { pilot.app.render() }
                expectWellFormed(pilot.screen)
            }
            pilot.resize(rows: 30, columns: 100)
            #expect(Snapshot(pilot) == before, "\(route)")
            #expect(pilot.screen == screen, "\(route)")
            #expect(pilot.terminal.cursor.map { [$0.row, $0.column] } == cursor, "\(route)")
        }
    }

    @Test("a resize between a key and its redraw: the next frame shows the key's result in the new layout")
    func resizeBetweenKeyAndRedraw() {
        let cases: [(Route, (Pilot) -> Key)] = [
            (.challenge, { Key.character(Character("\($0.wrongIndex + 1)")) }),
            (.challenge, { _ in .character("h") }),
            (.challenge, { _ in .character(" ") }),
            (.register, { _ in .character("さ") }),
            (.settings, { _ in .right }),
        ]
        for (route, key) in cases {
            for (from, to) in [((30, 100), (14, 60)), ((14, 60), (30, 100))] {
                let name: String? = route == .register ? nil : "さくら"
                let pilot = Pilot(rows: from.0, columns: from.1, route: route, name: name)
                let reference = Pilot(rows: to.0, columns: to.1, route: route, name: name)
                let pressed = key(pilot)
                pilot.app.handle(.keyPressed(pressed))  // no render: the resize arrives first
                pilot.terminal.size = TerminalSize(rows: to.0, columns: to.1)
                pilot.app.handle(.terminalResized(pilot.terminal.size))
                pilot.app.render()
                reference.press(pressed)
                #expect(Snapshot(pilot) == Snapshot(reference), "\(route) \(pressed)")
                #expect(pilot.screen == reference.screen, "\(route) \(pressed) \(from)→\(to)\n\(pilot.screen)\n\(reference.screen)")
                #expect(pilot.terminal.cursor.map { [$0.row, $0.column] } == reference.terminal.cursor.map { [$0.row, $0.column] })
            }
        }
    }

    // MARK: Colour

    /// coloured: the cells with a foreground or background colour.
    func coloured(_ screen: Screen) -> Int {
        var count = 0
        for row in 0..<screen.rows {
            for column in 0..<screen.columns where screen[row, column].style.foreground != .default || screen[row, column].style.background != .default {
                count += 1
            }
        }
        return count
    }

    @Test("without colour every screen is drawn with attributes only, whatever the appearance and card colour")
    func noColour() throws {
        for colors in [false, true] {
            let pilot = Pilot(route: .register, name: nil, colors: colors)
            var screens = [pilot.screen]
            pilot.type("さ")
            screens.append(pilot.screen)  // the counter in its "wrong" role
            pilot.type("くら")
            pilot.press(.enter)
            pilot.user.appearance = .dark
            pilot.user.cardColor = .red
            screens.append(pilot.screen)
            pilot.press(.enter)
            pilot.answerWrong()
            screens.append(pilot.screen)
            pilot.press("?")
            screens.append(pilot.screen)
            pilot.press(.escape)
            while pilot.state.route == .challenge { pilot.answerRight() }
            screens.append(pilot.screen)
            pilot.press("l")
            pilot.press(" ")
            screens.append(pilot.screen)
            pilot.press("s")
            screens.append(pilot.screen)
            pilot.resize(rows: 8, columns: 30)
            screens.append(pilot.screen)
            let total = screens.map(coloured).reduce(0, +)
            if colors {
                #expect(total > 0, "the check finds colour when there is some")
            } else {
                #expect(total == 0)
                #expect(screens[3].styleMap { $0.bold || $0.reverse ? "*" : nil }.joined().contains("*"), "attributes still carry meaning")
            }
        }
    }

    // MARK: Paste and mouse

    @Test("a 10,000-character paste into the name is cut at 32 characters, none of them unbounded",
          arguments: ["a", "さ", "e\u{301}", "👩‍👩‍👧", "🇯🇵"])
    func hugePaste(unit: String) {
        let pilot = Pilot(route: .register, name: nil)
        let paste = String(repeating: unit, count: 10_000)
        var handled = 0
        for scalar in paste.unicodeScalars {  // a terminal delivers a paste scalar by scalar, as one burst
            pilot.app.handle(.keyPressed(.character(Character(scalar))))
            handled += 1
        }
        pilot.app.render()
        #expect(handled == paste.unicodeScalars.count, "the burst was handled to its end")
        let form = pilot.state.registerForm
        #expect(form.characters.count == 32 && form.cursor == 32)
        #expect(form.characters.dropLast().allSatisfy { String($0) == unit })
        // Marks and joiners after the 32nd character join it, but only up to a bound: before, the
        // last character swallowed the rest of the paste (10,000 scalars, seconds of work).
        let longest = form.characters.map(\.unicodeScalars.count).max() ?? 0
        #expect(longest <= RegisterForm.maximumScalarsPerCharacter, "a character of \(longest) scalars")
        #expect(pilot.contains("✓ 32 characters"))
        expectWellFormed(pilot.screen)
    }

    @Test("an SGR mouse report ncurses leaves undecoded is a click only for a left press", arguments: [
        ("<0;9;20M", InputEvent.mouseClicked(row: 19, column: 8)), ("<0;1;1M", .mouseClicked(row: 0, column: 0)),
        ("<0;9;20m", nil), ("<64;9;20M", nil), ("<2;9;20M", nil), ("<0;0;5M", nil), ("<0;9M", nil),
        ("<0;99999999999999999999;1M", nil), ("200~", nil), ("1;3A", nil), ("<", nil), ("", nil),
    ] as [(String, InputEvent?)])
    func sgrReports(report: String, expected: InputEvent?) {
        #expect(NcursesTerminal.sgrClick(Array(report.utf8)) == expected)
    }

    @Test("keys sent as Esc [ … that terminfo did not name are still keys (TERM=xterm inside tmux)", arguments: [
        ("4~", InputEvent.keyPressed(.end)), ("F", .keyPressed(.end)), ("1~", .keyPressed(.home)), ("H", .keyPressed(.home)),
        ("3~", .keyPressed(.delete)), ("5~", .keyPressed(.pageUp)), ("6~", .keyPressed(.pageDown)), ("A", .keyPressed(.up)),
        ("Z", .keyPressed(.backTab)), ("200~", nil), ("1;3A", nil), ("", nil),
    ] as [(String, InputEvent?)])
    func csiKeys(sequence: String, expected: InputEvent?) {
        #expect(NcursesTerminal.csiKey(Array(sequence.utf8)) == expected)
    }

    @Test("clicks off the screen, at extreme coordinates or on blank space change nothing and draw nothing")
    func strayClicks() {
        let offScreen = [(-1, -1), (-1, 10), (10, -1), (Int.min, Int.min), (Int.max, Int.max), (Int.min, Int.max), (Int.max, 0),
                         (30, 0), (0, 100), (29, 100), (1_000, 1_000)]
        for route in [Route.register, .welcome, .challenge, .learn, .settings] {
            let pilot = busyPilot(route)
            let before = Snapshot(pilot)
            let screen = pilot.screen
            let blank = route == .register ? [(2, 0), (28, 99), (12, 5)] : []  // Register's blank margins
            for (row, column) in offScreen + blank {
                #expect(pilot.click(row: row, column: column) == [], "\(route) click at (\(row), \(column))")
            }
            #expect(Snapshot(pilot) == before, "\(route)")
            #expect(pilot.screen == screen, "\(route)")
        }
    }
}
