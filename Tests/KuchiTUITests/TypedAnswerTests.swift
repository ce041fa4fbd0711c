import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory
@testable import KuchiRecall
@testable import KuchiDeck

/// TypedAnswerTests: the answer field in the app — its layout, what a keystroke redraws, the
/// keys while it has focus, and the panes' text for each direction.
@MainActor
@Suite("Typed answers in the app")
struct TypedAnswerTests {
    /// typingPilot: the standard pilot switched to typed answers (the app applies the setting
    /// at the next frame, as when Settings changes it).
    func typingPilot(rows: Int = 30, columns: Int = 100) -> Pilot {
        let pilot = Pilot(rows: rows, columns: columns)
        pilot.user.answerKind = .type
        pilot.app.settle()
        pilot.app.render()
        return pilot
    }

    /// app: an app over a quiz in `direction`, for screens the standard pilot cannot show.
    func app(_ direction: QuizDirection, _ kind: AnswerKind, seed: UInt64 = 7) -> (App, InMemoryTerminal, ChallengesViewModel) {
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let user = UserManager(store: nil, clock: { Date(timeIntervalSince1970: 1_000_000) })
        user.register(name: "さくら", rememberMe: false)
        user.answerKind = kind
        let quiz = ChallengesViewModel(deck: TestDecks.small, numberOfQuestions: 3, direction: direction, answerKind: kind,
                                       random: SeededGenerator(seed: seed), clock: { Date(timeIntervalSince1970: 1_000_000) })
        let app = App(state: AppState(route: .challenge), user: user, quiz: quiz, backend: terminal, log: RenderLog(path: nil), seed: seed)
        app.render()
        return (app, terminal, quiz)
    }

    func draw(_ pane: any Pane, rows: Int, columns: Int) -> Screen {
        var screen = Screen(rows: rows, columns: columns)
        let size = TerminalSize(rows: rows, columns: columns)
        pane.draw(into: &screen, environment: PaneEnvironment(size: size, sizeClass: Layout.sizeClass(for: size), theme: .monochrome))
        return screen
    }

    // MARK: Layout

    @Test("typing: the answer pane takes the choices' place; stacked it is at most seven rows and the question gains the rest",
          arguments: LayoutTests.sizes)
    func layout(size: TerminalSize) {
        let body = Layout.chrome(for: size).body
        let sizeClass = Layout.sizeClass(for: size)
        let choosing = Layout.challenge(in: body, sizeClass: sizeClass)
        let typing = Layout.challenge(in: body, sizeClass: sizeClass, answering: true)
        #expect(typing.score.rows == Layout.scoreRows && typing.choices.rows >= 3)
        #expect(typing.question.rows + typing.score.rows + (sizeClass == .stacked ? typing.choices.rows : 0) == body.rows)
        #expect(typing.question.intersection(typing.choices).isEmpty && typing.score.intersection(typing.choices).isEmpty)
        if sizeClass == .sideBySide {
            #expect(typing == choosing, "side by side the field sits exactly where the choices were")
        } else {
            #expect(typing.choices.rows == min(Layout.answerRows, choosing.choices.rows))
            #expect(typing.question.rows >= choosing.question.rows)
            #expect(typing.choices.bottom == body.bottom && typing.score.row == typing.question.bottom)
        }
    }

    // MARK: Redraws

    @Test("each keystroke in the field draws only the answer pane; a key that changes nothing draws nothing")
    func keystrokeDrawsOnlyAnswer() {
        let pilot = typingPilot()
        #expect(pilot.contains("Your answer") && !pilot.contains("Choices"))
        for key in "cat q1h" {
            #expect(pilot.press(key) == ["answer"], "typing \(key)")
        }
        #expect(pilot.press(.backspace) == ["answer"])
        #expect(pilot.press(.control("w")) == ["answer"])
        #expect(pilot.press(.control("u")) == ["answer"])
        #expect(pilot.press(.backspace) == [], "Backspace on an empty field")
        #expect(pilot.state.route == .challenge && !pilot.state.helpVisible, "q, h and digits were typed, not commands")
    }

    @Test("romaji shows pending under the cursor, then kana; the cursor follows the text")
    func romajiInTheField() {
        let (app, terminal, quiz) = app(.reading, .type)
        let word = quiz.currentTest?.challenge.question ?? ""
        for key in "nek" { app.handle(.keyPressed(.character(key))); app.render() }
        #expect(quiz.typedAnswer.display == "ねk" && quiz.typedAnswer.pending == "k")
        let row = terminal.screen.lines.firstIndex { $0.contains("› ねk") }
        #expect(row != nil)
        #expect(terminal.cursor?.row == row)
        #expect(terminal.screen.lines.contains { $0.contains("type its reading") } && !word.isEmpty)
    }

    // MARK: Keys

    @Test("Enter submits; a miss shows the answer; Tab is I don't know; Esc goes back; the text survives a resize")
    func keys() throws {
        let pilot = typingPilot()
        let test = try #require(pilot.quiz.currentTest)
        pilot.type("zzz")
        pilot.resize(rows: 20, columns: 100)
        #expect(pilot.quiz.typedAnswer.display == "zzz" && pilot.contains("› zzz"), "a resize keeps what was typed")
        pilot.press(.enter)
        #expect(pilot.quiz.feedback == .missed(test.challenge, typed: "zzz"))
        #expect(pilot.lines.joined().contains(test.challenge.answer))
        pilot.type(test.challenge.answer)
        pilot.press(.enter)
        #expect(pilot.quiz.numberOfAnswered == 1 && pilot.quiz.score.wrong == 1)
        #expect(pilot.contains("Congratulations!"), "the retry's right answer is confirmed too")
        pilot.press(.enter)
        let next = try #require(pilot.quiz.currentTest)
        pilot.press(.tab)
        #expect(pilot.quiz.feedback == .revealed(next.challenge) && pilot.contains("The answer:"))
        #expect(pilot.state.route == .challenge, "Tab is not the next tab while typing")
        pilot.press(.escape)
        #expect(pilot.state.route == .welcome)
    }

    @Test("the key bar and help name the typing keys")
    func keyBar() {
        let pilot = typingPilot()
        let bar = pilot.lines.last ?? ""
        #expect(bar.contains("Enter Answer") && bar.contains("Tab Don't know") && bar.contains("Esc Back"))
        pilot.press(.function(1))
        #expect(pilot.contains("Backspace Ctrl-W Ctrl-U") && pilot.contains("romaji becomes kana"))
    }

    @Test("typing all the answers right ends the session with Congratulations")
    func completes() throws {
        let pilot = typingPilot()
        for _ in 0..<3 {
            let test = try #require(pilot.quiz.currentTest)
            pilot.type(test.challenge.answer)
            pilot.press(.enter)
        }
        #expect(pilot.state.route == .congratulations)
    }

    // MARK: Panes

    @Test("answer pane: pending romaji underlined after the kana; a long answer shows its end")
    func answerPane() {
        let answer = TypedAnswer(mode: .japanese)
        answer.insert("nek")
        let screen = draw(AnswerPane(answer: answer), rows: 7, columns: 40)
        expectScreen(screen, matchesFixture: "answer-pending")
        let row = screen.lines.firstIndex { $0.contains("ねk") } ?? -1
        let underlined = screen.styleMap { $0.underline ? "_" : nil }
        #expect(underlined[row].filter { $0 == "_" }.count == 1, "only the pending k is underlined")
        #expect(AnswerPane(answer: answer).cursor(in: TerminalSize(rows: 7, columns: 40))?.column == 4 + "ねk".displayWidth)
        let english = TypedAnswer(mode: .english)
        english.insert(String(repeating: "abcdefghij", count: 6) + "END")
        let long = draw(AnswerPane(answer: english), rows: 7, columns: 40)
        expectScreen(long, matchesFixture: "answer-long")
        #expect(long.lines.contains { $0.contains("END") })
        expectWellFormed(long)
    }

    @Test("question pane: English → Japanese shows the meaning; reading shows the word and asks for its reading")
    func questionPrompts() throws {
        let (_, _, enjp) = app(.englishToJapanese, .type)
        let test = try #require(enjp.currentTest)
        let meaning = draw(QuestionPane(quiz: enjp), rows: 9, columns: 40)
        expectScreen(meaning, matchesFixture: "question-en-jp")
        #expect(meaning.lines.contains { $0.contains(test.challenge.answer) })
        #expect(!meaning.lines.contains { $0.contains(test.challenge.question) }, "the answer is not on screen")
        let (_, _, reading) = app(.reading, .type)
        let word = try #require(reading.currentTest)
        let screen = draw(QuestionPane(quiz: reading), rows: 9, columns: 40)
        expectScreen(screen, matchesFixture: "question-reading")
        #expect(screen.lines.contains { $0.contains("type its reading") })
        #expect(!screen.lines.contains { $0.contains(word.challenge.reading ?? "?") })
    }

    @Test("choices pane: English → Japanese choices are words, with their readings under them when the hint is on")
    func englishToJapaneseChoices() throws {
        let (_, _, quiz) = app(.englishToJapanese, .choose)
        let test = try #require(quiz.currentTest)
        let state = AppState(route: .challenge)
        let off = draw(ChoicesPane(quiz: quiz, state: state), rows: 12, columns: 40)
        #expect(test.answers.allSatisfy { answer in off.lines.contains { $0.contains(answer) } })
        quiz.toggleHint()
        let on = draw(ChoicesPane(quiz: quiz, state: state), rows: 12, columns: 40)
        expectScreen(on, matchesFixture: "choices-en-jp-readings")
        for index in test.answers.indices {
            if let reading = test.reading(at: index) { #expect(on.lines.contains { $0.contains(reading) }) }
        }
    }

    // MARK: Settings

    @Test("Settings: Direction and Answer by step through their values; typing applies to the quiz at once")
    func settingsRows() {
        let pilot = Pilot(route: .settings)
        let rows = SettingsRow.allCases
        for _ in 0..<(rows.firstIndex(of: .direction) ?? 0) { pilot.press(.down) }
        #expect(pilot.contains("▸ Direction") && pilot.contains("◂ Japanese → English ▸"))
        pilot.press(.right)
        #expect(pilot.user.studyDirection == .englishToJapanese && pilot.contains("◂ English → Japanese ▸"))
        pilot.press(.down)
        pilot.press(.right)
        #expect(pilot.user.answerKind == .type && pilot.quiz.answerKind == .type)
        pilot.press("c")
        #expect(pilot.contains("Your answer"))
    }

    @Test("a new direction makes a new quiz at once, in that direction")
    func directionMakesANewQuiz() {
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let user = UserManager(store: nil, clock: { Date(timeIntervalSince1970: 1_000_000) })
        user.register(name: "さくら", rememberMe: false)
        let session = LearnerSession(user: user, bundled: TestDecks.small, database: nil, overrides: StudyOverrides(questions: 3), seed: 7,
                                     clock: { Date(timeIntervalSince1970: 1_000_000) })
        let app = AppComposition(session: session, route: .challenge, backend: terminal, log: RenderLog(path: nil), services: nil).app
        app.render()
        #expect(app.quiz.currentTest?.direction == .japaneseToEnglish)
        user.studyDirection = .reading
        app.settle()
        app.render()
        #expect(app.quiz.direction == .reading && app.quiz.currentTest?.direction == .reading)
        #expect(terminal.screen.lines.contains { $0.contains("which reading?") })
    }
}
