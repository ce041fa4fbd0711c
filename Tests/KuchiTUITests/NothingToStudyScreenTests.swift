import Foundation
@testable import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// Issue 29 on screen: "Nothing to study now" says when the next word is due and asks it once
/// it is (the app's wake-up, any key), and the key bar shows only keys that do something.
@MainActor
@Suite("Nothing to study screen")
struct NothingToStudyScreenTests {
    /// Clock: the time the session reads, moved by the test.
    final class Clock {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    /// setUp: a learner with one new word a day, teaching off, on the Challenge screen.
    func setUp(_ clock: Clock, folder: TemporaryDirectory, terminal: InMemoryTerminal) -> (App, LearnerSession) {
        let user = UserManager(store: nil, clock: { clock.now })
        user.signIn(Profile(name: "さくら"))
        user.teachNewWords = false
        user.newWordsPerDay = 1
        let session = LearnerSession(user: user, bundled: TestDecks.small, database: LearnerDatabase.open(directory: folder.url),
                                     overrides: StudyOverrides(questions: 5), seed: 1, clock: { clock.now })
        session.startSession()
        return (AppComposition(session: session, route: .challenge, backend: terminal, log: RenderLog(path: nil), services: nil).app, session)
    }

    /// text: the screen's words as one line (a sentence wrapped in a box reads whole again).
    static func text(_ terminal: InMemoryTerminal) -> String {
        terminal.screen.lines.map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    @Test("cards run out after an answer: the summary as after N; Play again waits on Nothing to study now, and the wake-up after the step asks it")
    func waitsAndAsks() throws {
        let clock = Clock()
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = setUp(clock, folder: folder, terminal: terminal)
        let test = try #require(session.quiz.currentTest)
        clock.now += 3
        app.handle(.keyPressed(.digit(try #require(test.answers.firstIndex(of: test.rightAnswer)) + 1)))
        app.render()
        var screen = Self.text(terminal)
        #expect(app.state.route == .congratulations, "\(screen)")
        #expect(session.quiz.ranOut && !session.isInProgress)
        #expect(screen.contains("Congratulations, さくら!") && screen.contains("Last word: \(test.challenge.question)"), "\(screen)")
        #expect(screen.contains("Nothing more to ask now: 1 of 5 answered"), "\(screen)")
        #expect(screen.contains("All caught up — next review in 10 min"), "when the next word is due: \(screen)")
        #expect(screen.contains("Accuracy") && screen.contains("100%"), "\(screen)")
        app.handle(.keyPressed(.character("q")))
        app.render()
        screen = Self.text(terminal)
        #expect(app.state.route == .welcome)
        #expect(!screen.contains("Continue") && screen.contains("Extra practice"), "Welcome says what comes next: \(screen)")
        app.handle(.keyPressed(.enter))
        app.render()
        screen = Self.text(terminal)
        #expect(session.quiz.nothingToStudy)
        #expect(screen.contains("Nothing to study now"), "\(screen)")
        #expect(screen.contains("The next word is due in 10 min"), "\(screen)")
        clock.now += 300
        app.handle(.idle)
        app.render()
        screen = Self.text(terminal)
        #expect(screen.contains("due in 5 min"), "the wait counts down: \(screen)")
        clock.now += 301
        app.handle(.idle)
        app.render()
        screen = Self.text(terminal)
        #expect(!screen.contains("Nothing to study now"), "\(screen)")
        #expect(session.quiz.currentTest?.challenge == test.challenge, "the word whose step fell due is asked")
    }

    @Test("typed: cards run out, the summary shows and the answer field is empty when the next session asks")
    func typedRunsOut() throws {
        let clock = Clock()
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = setUp(clock, folder: folder, terminal: terminal)
        session.user.answerKind = .type
        app.settle()
        let test = try #require(session.quiz.currentTest)
        clock.now += 3
        for character in test.challenge.answer { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.render()
        #expect(app.state.route == .congratulations, "\(Self.text(terminal))")
        #expect(session.quiz.typedAnswer.isEmpty)
        #expect(Self.text(terminal).contains("Nothing more to ask now: 1 of 5 answered"))
    }

    @Test("a fresh question's key bar has no w Word nor u Undo; they show once they do something")
    func keyBarShowsWorkingKeys() throws {
        let clock = Clock()
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = setUp(clock, folder: folder, terminal: terminal)
        app.render()
        var bar = terminal.screen.lines.last ?? ""
        #expect(bar.contains("Answer") && !bar.contains("w Word") && !bar.contains("u Undo"), "\(bar)")
        let test = try #require(session.quiz.currentTest)
        let wrong = try #require(test.answers.first { $0 != test.rightAnswer })
        #expect(session.quiz.check(wrong) == .wrong)
        app.render()
        bar = terminal.screen.lines.last ?? ""
        #expect(bar.contains("w Word") && bar.contains("u Undo"), "with feedback and an answer to take back: \(bar)")
    }
}
