import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory

/// PaneFixtureTests draws each pane alone into a `Screen` of its own size and compares it with a
/// text fixture under Fixtures/ (`<pane>-<case>.txt`), then checks the styles that carry meaning.
@MainActor
@Suite("Pane fixtures")
struct PaneFixtureTests {
    static let colorTheme = Theme.make(appearance: .terminal, cardColor: .blue, colors: true)

    /// draw: the pane alone, in a screen of `rows`×`columns`.
    func draw(_ pane: any Pane, rows: Int, columns: Int, theme: Theme = .monochrome) -> Screen {
        var screen = Screen(rows: rows, columns: columns)
        let size = TerminalSize(rows: rows, columns: columns)
        pane.draw(into: &screen, environment: PaneEnvironment(size: size, sizeClass: Layout.sizeClass(for: size), theme: theme))
        return screen
    }

    /// quizShowing: a seeded quiz whose first word is `question` (the first seed that gives it).
    func quizShowing(_ question: String, questions: Int = 3) throws -> ChallengesViewModel {
        for seed in UInt64(0)..<500 {
            let quiz = ChallengesViewModel(deck: TestDecks.small, numberOfQuestions: questions, random: SeededGenerator(seed: seed),
                                           clock: { Date(timeIntervalSince1970: 1_000_000) })
            if quiz.currentTest?.challenge.question == question { return quiz }
        }
        throw NoSeed(question: question)
    }

    struct NoSeed: Error {
        let question: String
    }

    func user(_ name: String = "さくら") -> UserManager {
        let user = UserManager(store: nil, clock: { Date(timeIntervalSince1970: 1_000_000) })
        user.register(name: name, rememberMe: false)
        return user
    }

    func wrongAnswer(_ quiz: ChallengesViewModel) throws -> String {
        let test = try #require(quiz.currentTest)
        return try #require(test.answers.first { !test.isCorrect($0) })
    }

    // MARK: Question

    @Test("question: a kanji word spaced out, hint off then on")
    func questionHint() throws {
        let quiz = try quizShowing("猫")
        let off = draw(QuestionPane(quiz: quiz), rows: 9, columns: 40)
        expectScreen(off, matchesFixture: "question-kanji")
        #expect(off.lines.contains { $0.contains("h: show reading") })
        quiz.toggleHint()
        let on = draw(QuestionPane(quiz: quiz), rows: 9, columns: 40)
        expectScreen(on, matchesFixture: "question-kanji-hint")
        #expect(on.lines.contains { $0.contains("ねこ · neko") })
        #expect(!on.lines.contains { $0.contains("h: show reading") })
        expectWellFormed(on)
    }

    @Test("question: wrong feedback keeps the word; correct feedback names the word answered")
    func questionFeedback() throws {
        let quiz = try quizShowing("猫")
        quiz.check(try wrongAnswer(quiz))
        let wrong = draw(QuestionPane(quiz: quiz), rows: 9, columns: 40)
        expectScreen(wrong, matchesFixture: "question-wrong")
        #expect(wrong.lines.contains { $0.contains("猫") })
        quiz.check("cat")
        let correct = draw(QuestionPane(quiz: quiz), rows: 9, columns: 40)
        expectScreen(correct, matchesFixture: "question-correct")
        #expect(correct.lines.joined().contains("✓ Congratulations!"))
    }

    @Test("question: in a 20-column pane the feedback falls back to a short form that keeps the meaning")
    func questionNarrow() throws {
        let quiz = try quizShowing("猫")
        quiz.check(try wrongAnswer(quiz))
        let wrong = draw(QuestionPane(quiz: quiz), rows: 9, columns: 20)
        expectScreen(wrong, matchesFixture: "question-narrow-wrong")
        quiz.check("cat")
        let correct = draw(QuestionPane(quiz: quiz), rows: 9, columns: 20)
        expectScreen(correct, matchesFixture: "question-narrow-correct")
        #expect(wrong.lines.joined().contains("“bird”"), "the wrong answer stays readable")
        #expect(correct.lines.contains { $0.contains("猫") } && correct.lines.contains { $0.contains("“cat”") },
                "the verdict keeps the word and its meaning readable")
        for screen in [wrong, correct] {
            #expect(!screen.lines.contains { $0.contains("Congratulation ") || $0.hasSuffix("Congratulation") })
            expectWellFormed(screen)
        }
    }

    @Test("question: feedback styles are the correct and wrong roles")
    func questionFeedbackStyles() throws {
        let quiz = try quizShowing("猫")
        quiz.check(try wrongAnswer(quiz))
        let wrong = draw(QuestionPane(quiz: quiz), rows: 9, columns: 40, theme: Self.colorTheme)
        let row = try #require(wrong.lines.firstIndex { $0.contains("Oh no!") })
        let colours = wrong.styleMap { $0.foreground == .red ? "r" : ($0.foreground == .green ? "g" : nil) }[row]
        #expect(colours.contains("r") && !colours.contains("g"))
    }

    // MARK: Choices

    @Test("choices: a tried answer is marked, the cursor row is reversed, hidden shows a hint")
    func choices() throws {
        let quiz = try quizShowing("猫")
        let state = AppState(route: .challenge)
        let tried = try wrongAnswer(quiz)
        quiz.check(tried)
        let screen = draw(ChoicesPane(quiz: quiz, state: state), rows: 9, columns: 40)
        expectScreen(screen, matchesFixture: "choices-tried")
        let triedRow = try #require(screen.lines.firstIndex { $0.contains(tried) })
        #expect(screen.lines[triedRow].contains("✗ not this one"))

        state.choiceCursor = ListCursor(index: 1)
        let moved = draw(ChoicesPane(quiz: quiz, state: state), rows: 9, columns: 40)
        expectScreen(moved, matchesFixture: "choices-cursor-2")
        let second = try #require(moved.lines.firstIndex { $0.contains("2  ") })
        #expect(moved.lines[second].contains("▸ 2"))
        let reversed = moved.styleMap { $0.reverse ? "R" : nil }
        for (row, line) in reversed.enumerated() {
            #expect(line.contains("R") == (row == second), "only the cursor row is reversed (row \(row))")
        }

        quiz.toggleChoices()
        let hidden = draw(ChoicesPane(quiz: quiz, state: state), rows: 9, columns: 40)
        expectScreen(hidden, matchesFixture: "choices-hidden")
        #expect(!hidden.lines.joined().contains(tried))
    }

    // MARK: Score, header, key bar

    @Test("score: 0/3 at the start, 2/3 with a miss shown in the wrong style")
    func score() throws {
        let quiz = try quizShowing("猫")
        let start = draw(ScorePane(quiz: quiz), rows: 3, columns: 60, theme: Self.colorTheme)
        expectScreen(start, matchesFixture: "score-start")
        #expect(!start.styleMap { $0.foreground == .red ? "r" : nil }.joined().contains("r"))
        quiz.check(try #require(quiz.currentTest?.challenge.answer))
        quiz.check(try wrongAnswer(quiz))
        quiz.check(try #require(quiz.currentTest?.challenge.answer))
        let later = draw(ScorePane(quiz: quiz), rows: 3, columns: 60, theme: Self.colorTheme)
        expectScreen(later, matchesFixture: "score-wrong")
        let wrongColumn = try #require(later.lines[1].range(of: "Wrong 1")).lowerBound
        let column = later.lines[1][..<wrongColumn].displayWidth
        #expect(later[1, column].style.foreground == .red, "misses are in the wrong style")
        #expect(later[1, 2].style.foreground != .red, "the tally is not")
    }

    @Test("header: a long Japanese name is cut with … and keeps the title")
    func header() {
        let user = user("じゅげむじゅげむごこうのすりきれかいじゃりすいぎょ")
        let screen = draw(HeaderPane(title: "Challenge", tab: nil, user: user), rows: 1, columns: 40)
        expectScreen(screen, matchesFixture: "header-long-name")
        #expect(screen.lines[0].contains("Kuchi · Challenge"))
        #expect(trimmingTrailingSpaces(screen.lines[0]).hasSuffix("…"))
        #expect(screen.lines[0].displayWidth == 40)
        expectWellFormed(screen)
    }

    @Test("key bar: at 30 columns the least important hints go and the way back stays")
    func keyBar() {
        let hints = ChallengeScene(state: AppState(route: .challenge), quiz: ChallengesViewModel(deck: TestDecks.small, numberOfQuestions: 3)).barHints
        let bar = KeyBar()
        bar.update(hints + [KeyHint(keys: "?", label: "Help", priority: .essential)])
        let screen = draw(KeyBarPane(bar: bar), rows: 1, columns: 30)
        expectScreen(screen, matchesFixture: "keybar-narrow")
        #expect(screen.lines[0].contains("q Back"), "the way back is essential")
        #expect(screen.lines[0].contains("? Help"))
        #expect(!screen.lines[0].contains("Reading"), "optional hints go first")
        #expect(screen.lines[0].displayWidth == 30)
    }

    // MARK: Register

    @Test("register: empty, a valid Japanese name, an invalid name", arguments: [
        ("", "register-empty"), ("さくら", "register-sakura"), ("ab", "register-invalid"),
    ])
    func register(text: String, fixture: String) {
        let form = RegisterForm()
        text.forEach { form.insert($0) }
        let screen = draw(RegisterPane(form: form), rows: 14, columns: 50)
        expectScreen(screen, matchesFixture: fixture)
        #expect(screen.lines.contains { $0.contains(text.isEmpty ? "─ Name " : text) })
        expectWellFormed(screen)
    }

    @Test("register: the counter is red under 3 characters and green from 3", arguments: [
        ("", Color.red), ("ab", .red), ("Bo", .red), ("さ", .red), ("abc", .green), ("さくら", .green), ("花子", .green),
    ])
    func registerCounterColour(text: String, colour: Color) throws {
        let form = RegisterForm()
        text.forEach { form.insert($0) }
        let screen = draw(RegisterPane(form: form), rows: 14, columns: 50, theme: Self.colorTheme)
        let row = try #require(screen.lines.firstIndex { ($0.contains("✓") || $0.contains("✗")) && $0.contains("characters") })
        let start = screen.lines[row].prefix { $0 == " " }.count
        #expect(screen[row, start].style.foreground == colour)
        #expect(screen.lines[row].contains(colour == .green ? "✓" : "✗"), "the counter also says it without colour")
    }

    // MARK: Whole-body panes

    @Test("welcome: Hi, name and the Start button")
    func welcome() throws {
        let screen = draw(WelcomePane(user: user(), quiz: try quizShowing("猫")), rows: 12, columns: 50)
        expectScreen(screen, matchesFixture: "welcome")
        #expect(screen.lines.contains { $0.contains("Hi, さくら") })
    }

    @Test("congratulations: the name, the summary and both buttons")
    func congratulations() throws {
        let quiz = try quizShowing("猫")
        quiz.check(try wrongAnswer(quiz))
        while let answer = quiz.currentTest?.challenge.answer { quiz.check(answer) }
        let screen = draw(CongratulationsPane(user: user(), quiz: quiz, state: AppState(route: .congratulations)),
                          rows: 14, columns: 50)
        expectScreen(screen, matchesFixture: "congratulations")
        #expect(screen.lines.contains { $0.contains("Congratulations, さくら!") })
        #expect(screen.lines.contains { $0.contains("Accuracy") && $0.contains("75%") })
    }

    @Test("too small: the size needed and the size now, wrapped to 30 columns")
    func tooSmall() {
        let screen = draw(TooSmallPane(size: TerminalSize(rows: 8, columns: 30)), rows: 8, columns: 30)
        expectScreen(screen, matchesFixture: "toosmall-30x8")
        let text = screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
        #expect(text.contains("need at least 40×12, now 30×8"))
    }

    @Test("help: every key of the challenge screen in a box")
    func help() {
        let hints = ChallengeScene(state: AppState(route: .challenge), quiz: ChallengesViewModel(deck: TestDecks.small, numberOfQuestions: 3)).helpLines
        let size = HelpPane.size(for: hints)
        let screen = draw(HelpPane(title: "Challenge", hints: hints), rows: size.rows, columns: size.columns)
        expectScreen(screen, matchesFixture: "help-challenge")
        for hint in hints {
            #expect(screen.lines.contains { $0.contains(hint.label) }, "\(hint.label)")
        }
    }
}
