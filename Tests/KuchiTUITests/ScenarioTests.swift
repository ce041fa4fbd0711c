import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiDeck

/// ScenarioTests drives the real App through a Pilot, as a person would: register, play a whole
/// session, resize at awkward moments, click. Assertions are on the full screen grid, the
/// terminal cursor and the models.
@MainActor
@Suite("Scenarios")
struct ScenarioTests {
    /// QuizSnapshot: everything a resize or an ignored key must leave alone.
    struct QuizSnapshot: Equatable {
        let test: ChallengeTest?
        let tried: Set<String>
        let feedback: Feedback?
        let choicesVisible: Bool
        let hintVisible: Bool
        let answered: Int
        let wrong: Int
        let selection: Int?
        let route: Route
        let helpVisible: Bool

        @MainActor
        init(_ pilot: Pilot) {
            test = pilot.quiz.currentTest
            tried = pilot.quiz.triedAnswers
            feedback = pilot.quiz.feedback
            choicesVisible = pilot.quiz.choicesVisible
            hintVisible = pilot.quiz.hintVisible
            answered = pilot.quiz.numberOfAnswered
            wrong = pilot.quiz.score.wrong
            selection = pilot.state.choiceCursor.index
            route = pilot.state.route
            helpVisible = pilot.state.helpVisible
        }
    }

    /// locate: the screen row and column (by display width) where `text` first appears.
    func locate(_ text: String, in pilot: Pilot) throws -> (row: Int, column: Int) {
        let row = try #require(pilot.screen.lines.firstIndex { $0.contains(text) }, "\(text) is not on screen")
        let line = pilot.screen.lines[row]
        let range = try #require(line.range(of: text))
        return (row, line[..<range.lowerBound].displayWidth)
    }

    /// expectCursor: the terminal cursor is at (row, column).
    func expectCursor(_ pilot: Pilot, _ row: Int, _ column: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let cursor = pilot.terminal.cursor
        #expect(cursor?.row == row && cursor?.column == column, "cursor at \(String(describing: cursor))", sourceLocation: sourceLocation)
    }

    /// text: the non-blank lines joined by spaces (for sentences a narrow screen wrapped).
    func text(_ pilot: Pilot) -> String {
        pilot.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: Register

    @Test("an invalid name disables OK; Backspace, then さくら typed one character at a time")
    func registerInvalidThenJapanese() throws {
        let pilot = Pilot(route: .register, name: nil)
        pilot.type("ab")
        expectScreen(pilot.screen, matchesFixture: "screen-register-invalid")
        #expect(pilot.contains("✗ 2 of at least 3 characters"))
        let ok = try locate("[ OK ]", in: pilot)
        #expect(pilot.screen[ok.row, ok.column + 2].style.dim, "OK is drawn disabled")
        let before = pilot.screen
        pilot.press(.enter)
        #expect(pilot.state.route == .register)
        #expect(pilot.user.name.isEmpty)
        #expect(pilot.screen == before, "Enter on an invalid name changes nothing")

        pilot.press(.backspace)
        pilot.press(.backspace)
        #expect(pilot.state.registerForm.text.isEmpty)
        for (index, character) in "さくら".enumerated() {
            pilot.press(character)
            #expect(pilot.state.registerForm.text == String("さくら".prefix(index + 1)))
        }
        expectScreen(pilot.screen, matchesFixture: "screen-register-sakura")
        #expect(pilot.contains("✓ 3 characters"))
        let enabled = try locate("[ OK ]", in: pilot)
        #expect(!pilot.screen[enabled.row, enabled.column + 2].style.dim)
    }

    @Test("Backspace removes a whole wide character; Left, Home and End move by display width")
    func cursorByDisplayWidth() throws {
        let pilot = Pilot(route: .register, name: nil)
        pilot.type("さくら")
        let start = try locate("さくら", in: pilot)
        expectCursor(pilot, start.row, start.column + 6)
        pilot.press(.left)
        expectCursor(pilot, start.row, start.column + 4)
        pilot.press(.home)
        expectCursor(pilot, start.row, start.column)
        pilot.press(.left)
        expectCursor(pilot, start.row, start.column)
        pilot.press(.end)
        expectCursor(pilot, start.row, start.column + 6)
        pilot.press(.backspace)
        #expect(pilot.state.registerForm.text == "さく")
        #expect(!pilot.contains("さくら") && pilot.contains("さく"))
        expectCursor(pilot, start.row, start.column + 4)
        pilot.press(.home)
        pilot.type("aB")
        #expect(pilot.state.registerForm.text == "aBさく")
        expectCursor(pilot, start.row, start.column + 2)
        pilot.press(.delete)
        #expect(pilot.state.registerForm.text == "aBく")
        #expect(pilot.contains("aBく"))
    }

    @Test("a 40-character paste is cut at 32 and the field scrolls to keep the cursor inside")
    func pasteIsCapped() throws {
        let pilot = Pilot(route: .register, name: nil)
        let paste = String(repeating: "あいうえお", count: 8)
        pilot.type(paste)
        #expect(pilot.state.registerForm.text == String(paste.prefix(32)))
        #expect(pilot.contains("✓ 32 characters"))
        let border = try locate("╮", in: pilot)
        let cursor = try #require(pilot.terminal.cursor)
        #expect(cursor.row == border.row + 1)
        #expect(cursor.column < border.column, "the cursor stays inside the field")
        #expect(pilot.lines[cursor.row].contains("えおあい"), "the end of the name is visible")
    }

    @Test("Tab and Shift-Tab cycle the focus; the cursor shows only in the name field")
    func focusCycles() {
        let pilot = Pilot(route: .register, name: nil)
        let form = pilot.state.registerForm
        #expect(form.focus == .name && pilot.terminal.cursor != nil)
        pilot.press(.tab)
        #expect(form.focus == .rememberMe && pilot.terminal.cursor == nil)
        pilot.press(.tab)
        #expect(form.focus == .ok)
        pilot.press(.tab)
        #expect(form.focus == .name && pilot.terminal.cursor != nil)
        pilot.press(.backTab)
        #expect(form.focus == .ok)
        pilot.press(.backTab)
        #expect(form.focus == .rememberMe)
    }

    @Test("Space toggles Remember me only when it has focus; in the name it is typed")
    func spaceTogglesRememberMe() {
        let pilot = Pilot(route: .register, name: nil)
        let form = pilot.state.registerForm
        pilot.press(" ")
        #expect(form.text == " " && form.rememberMe)
        pilot.press(.backspace)
        pilot.press(.tab)
        pilot.press(" ")
        #expect(!form.rememberMe && form.text.isEmpty)
        #expect(pilot.contains("[ ] Remember me"))
        pilot.press(" ")
        #expect(form.rememberMe && pilot.contains("[x] Remember me"))
        pilot.press(.tab)
        pilot.press(" ")
        #expect(form.rememberMe, "Space on OK does not toggle")
    }

    @Test("Enter registers さくら, Welcome greets her, Start opens the challenge")
    func registerWelcomeStart() {
        let pilot = Pilot(route: .register, name: nil)
        pilot.type("さくら")
        pilot.press(.enter)
        #expect(pilot.state.route == .welcome)
        #expect(pilot.user.name == "さくら")
        #expect(pilot.contains("Hi, さくら"))
        #expect(pilot.lines[0].hasSuffix("さくら"), "the header names the learner")
        pilot.press(.enter)
        #expect(pilot.state.route == .challenge)
        #expect(pilot.contains("Answered 0/\(pilot.quiz.numberOfQuestions)"), "a fresh session")
        #expect(pilot.contains("─ Choices "))
    }

    // MARK: A whole session

    @Test("a wrong then three right answers end on Congratulations; Play Again resets the score")
    func fullSession() throws {
        let pilot = Pilot(route: .welcome)
        pilot.press(.enter)
        pilot.answerWrong()
        #expect(pilot.contains("Oh no!") && pilot.contains("Wrong 1"))
        #expect(pilot.state.route == .challenge)
        while pilot.state.route == .challenge && pilot.quiz.currentTest != nil { pilot.answerRight() }
        #expect(pilot.state.route == .congratulations)
        expectScreen(pilot.screen, matchesFixture: "screen-congratulations")
        #expect(pilot.contains("Congratulations, さくら!"))
        for (label, value) in [("Correct", "3"), ("Wrong", "1"), ("Accuracy", "75%"), ("Best streak", "3")] {
            #expect(pilot.lines.contains { $0.contains(label) && $0.hasSuffix(" " + value) }, "\(label) \(value)")
        }
        pilot.press(.enter)
        #expect(pilot.state.route == .challenge)
        #expect(pilot.contains("Answered 0/3") && pilot.contains("Wrong 0"))
        #expect(pilot.quiz.score.correct == 0)
    }

    @Test("Back to Welcome from Congratulations, then q on Welcome quits")
    func backAndQuit() {
        let pilot = Pilot(route: .welcome)
        pilot.press(.enter)
        while pilot.state.route == .challenge && pilot.quiz.currentTest != nil { pilot.answerRight() }
        pilot.press(.right)
        pilot.press(.enter)
        #expect(pilot.state.route == .welcome)
        #expect(pilot.contains("Hi, さくら") && pilot.contains("▸ Start ◂"))
        #expect(!pilot.state.quitting)
        pilot.press("q")
        #expect(pilot.state.quitting)
    }

    // MARK: Resizes

    @Test("stacked → side by side → stacked keeps word, choices, feedback, score, selection and hint")
    func resizeMidQuestion() throws {
        let pilot = Pilot(rows: 30, columns: 100)
        pilot.press(.down)  // the cursor moves first (moving it later would dismiss the feedback)
        pilot.answerWrong()
        pilot.press("h")
        let snapshot = QuizSnapshot(pilot)
        let stacked = pilot.screen
        expectScreen(stacked, matchesFixture: "screen-challenge-stacked")

        pilot.resize(rows: 20, columns: 100)
        #expect(QuizSnapshot(pilot) == snapshot)
        expectScreen(pilot.screen, matchesFixture: "screen-challenge-side-by-side")
        let choices = try locate("─ Choices ", in: pilot)
        #expect(choices.column > 0 && pilot.lines[choices.row].hasPrefix("╭"), "question and choices side by side")
        for text in ["Oh no!", "✗ not this one", "Answered 0/3", "Wrong 1", "·"] {
            #expect(pilot.contains(text), "\(text) survives the switch")
        }
        pilot.resize(rows: 30, columns: 100)
        #expect(QuizSnapshot(pilot) == snapshot)
        #expect(pilot.screen == stacked, "the same size draws the same grid")
    }

    @Test("resizing while typing a name keeps the text and the cursor", arguments: [(20, 60), (12, 40), (50, 200)])
    func resizeWhileTyping(rows: Int, columns: Int) throws {
        let pilot = Pilot(route: .register, name: nil)
        pilot.type("さくら")
        pilot.press(.left)
        pilot.resize(rows: rows, columns: columns)
        #expect(pilot.state.registerForm.text == "さくら" && pilot.state.registerForm.cursor == 2)
        let ra = try locate("ら", in: pilot)
        expectCursor(pilot, ra.row, ra.column)
    }

    @Test("resizing with help open keeps help open over the new layout")
    func resizeWithHelp() {
        let pilot = Pilot()
        pilot.press("?")
        pilot.resize(rows: 20, columns: 100)
        #expect(pilot.state.helpVisible && pilot.contains("Help · Challenge"))
        pilot.press(.escape)
        #expect(!pilot.contains("Help · Challenge") && pilot.contains("─ Choices "))
    }

    @Test("too small: says what is needed, ignores keys and clicks, and growing back restores the screen")
    func tooSmall() {
        let pilot = Pilot()
        pilot.answerWrong()
        let snapshot = QuizSnapshot(pilot)
        let before = pilot.screen
        pilot.resize(rows: 10, columns: 30)
        #expect(text(pilot).contains("Terminal too small — need at least 40×12, now 30×10"))
        let keys: [Key] = [.character("1"), .character("2"), .character("3"), .character("h"), .character(" "),
                           .character("?"), .character("q"), .enter, .down, .escape, .function(1)]
        for key in keys {
            #expect(pilot.press(key) == [], "\(key) draws nothing")
        }
        pilot.click(row: 5, column: 5)
        #expect(QuizSnapshot(pilot) == snapshot)
        pilot.resize(rows: 30, columns: 100)
        #expect(pilot.screen == before)
    }

    // MARK: Mouse

    @Test("clicking a choice answers it")
    func clickChoice() throws {
        let pilot = Pilot()
        let test = try #require(pilot.quiz.currentTest)
        let wrong = test.answers[pilot.wrongIndex]
        let place = try locate("\(pilot.wrongIndex + 1)  \(wrong)", in: pilot)
        pilot.click(row: place.row, column: place.column + 4)
        #expect(pilot.quiz.triedAnswers == [wrong])
        let right = try locate("\(pilot.rightIndex + 1)  \(test.challenge.answer)", in: pilot)
        pilot.click(row: right.row, column: right.column)
        #expect(pilot.quiz.numberOfAnswered == 1)
        #expect(pilot.quiz.feedback == .correct(test.challenge))
    }

    @Test("a click on the header, the score, the key bar or between choices does nothing")
    func clickOutside() throws {
        let pilot = Pilot()
        let snapshot = QuizSnapshot(pilot)
        let score = try locate("Answered", in: pilot)
        let first = try locate("1  ", in: pilot)
        let points = [(0, 50), (score.row, score.column), (pilot.screen.rows - 1, 10), (first.row + 1, first.column)]
        for (row, column) in points {
            #expect(pilot.click(row: row, column: column) == [], "click at (\(row), \(column))")
        }
        #expect(QuizSnapshot(pilot) == snapshot)
    }
}
