import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// Issue 29 on screen: a right answer's verdict shows before the next New word card; Enter (or
/// a digit) goes on; `k` on a New word card suspends the word; `w` opens the word's page.
@MainActor
@Suite("Confirmation screen")
struct ConfirmationScreenTests {
    /// Clock: a time the test moves.
    final class Clock {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    /// app: a signed-in learner on the Challenge screen of a started session: choosing with
    /// teaching on, or (`typing`) typing with teaching off.
    func app(_ folder: TemporaryDirectory, _ terminal: InMemoryTerminal, clock: Clock = Clock(), typing: Bool = false) -> (App, LearnerSession) {
        let user = UserManager(store: nil, clock: { clock.now })
        user.signIn(Profile(name: "さくら"))
        user.teachNewWords = !typing
        if typing { user.answerKind = .type }
        let session = LearnerSession(user: user, bundled: TestDecks.small, database: LearnerDatabase.open(directory: folder.url),
                                     overrides: StudyOverrides(questions: 5), seed: 1, clock: { clock.now })
        session.startSession()
        let app = AppComposition(session: session, route: .challenge, backend: terminal, log: RenderLog(path: nil), services: nil).app
        app.render()
        return (app, session)
    }

    @Test("the verdict, with reading and meaning, shows before the next New word card; Enter goes on")
    func verdictBeforeNewWord() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let clock = Clock()
        let (app, session) = app(folder, terminal, clock: clock)
        #expect(terminal.screen.lines.contains { $0.contains("New word") })
        app.handle(.keyPressed(.enter))
        app.render()
        let test = try #require(session.quiz.currentTest)
        let index = try #require(test.correctIndex)
        app.handle(.keyPressed(.digit(index + 1)))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("Congratulations!"), "\(screen)")
        #expect(screen.contains(test.challenge.answer))
        #expect(!screen.contains("New word ·"), "the next New word card waits for the verdict to be read")
        app.handle(.keyPressed(.enter))
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("New word") })
        #expect(!terminal.screen.lines.contains { $0.contains("Congratulations!") })
    }

    @Test("k on a New word card suspends the word; w after an answer opens the word's page")
    func knowAndWordPage() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let clock = Clock()
        let (app, session) = app(folder, terminal, clock: clock)
        let known = try #require(session.quiz.currentTest?.challenge)
        app.handle(.keyPressed(.character("k")))
        app.render()
        let database = try #require(session.database)
        let learner = try #require(session.user.profileID)
        #expect(try database.isSuspended(learner: learner, deck: session.deck.title, question: known.question, reading: known.reading ?? ""))
        #expect(session.quiz.currentTest?.challenge != known)
        app.handle(.keyPressed(.enter))
        let test = try #require(session.quiz.currentTest)
        app.handle(.keyPressed(.digit((test.correctIndex ?? 0) + 1)))
        app.handle(.keyPressed(.character("w")))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("Word · \(test.challenge.question)"), "\(screen)")
        #expect(screen.contains("jp-en  learning"), "\(screen)")
        app.handle(.keyPressed(.escape))
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("Congratulations!") }, "back where the page was opened")
    }

    @Test("at 40×12 the word page wraps each card's figures under it: stability, difficulty and due all show, End reaches the last line")
    func wordPageWrapsWhenNarrow() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 12, columns: 40)
        let clock = Clock()
        let (app, session) = app(folder, terminal, clock: clock)
        app.handle(.keyPressed(.enter))
        let test = try #require(session.quiz.currentTest)
        app.handle(.keyPressed(.digit((test.correctIndex ?? 0) + 1)))
        app.handle(.keyPressed(.character("w")))
        app.render()
        var seen: [String] = []
        for _ in 0..<20 {
            seen += terminal.screen.lines.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
            app.handle(.keyPressed(.down))
            app.render()
        }
        let text = seen.joined(separator: "\n")
        for figure in ["jp-en  learning", "stability", "difficulty", "retrievability", "due 20", "Good", "next in"] {
            #expect(text.contains(figure), "\(figure) on the page: \(text)")
        }
        #expect(!seen.contains { $0.contains("…") && ($0.contains("stab") || $0.contains("diff") || $0.contains("due")) }, "no figure cut off")
        app.handle(.keyPressed(.end))
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("of ") && $0.contains("lines") }, "the title says which lines show")
        let title = try #require(terminal.screen.lines.first { $0.contains("Word · ") })
        let total = try #require(title.split(separator: " ").compactMap { Int($0) }.last)
        #expect(title.contains("–\(total) of \(total) lines"), "End shows the last line: \(title)")
    }

    @Test("F5 after a typed miss: the card says it counted, asks to keep the answer; y keeps it, Enter goes on")
    func iWasRightOnTheCard() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = app(folder, terminal, typing: true)
        let word = try #require(session.quiz.currentTest?.challenge)
        for character in "zzqx" { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("F5 I was right") }, "\(terminal.screen.lines.joined(separator: "\n"))")
        app.handle(.keyPressed(.function(5)))
        app.render()
        var screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("Counted right") && screen.contains("Keep “zzqx” as your own answer?"), "\(screen)")
        #expect(screen.contains(word.answer), "the card shows the word's meaning")
        #expect(screen.contains("y Keep my answer") && !screen.contains("F5 I was right"), "\(screen)")
        // "q" would leave the screen on the card; while the question is asked it only says no.
        app.handle(.keyPressed(.character("y")))
        app.render()
        screen = terminal.screen.lines.joined(separator: "\n")
        // Issue 37: an answer Kuchi does not know for the word is asked about once more.
        #expect(screen.contains("“zzqx” is not a meaning Kuchi knows for \(word.question) — keep it anyway?"), "\(screen)")
        #expect(try #require(session.database).ownAnswers(learner: try #require(session.user.profileID)).isEmpty)
        app.handle(.keyPressed(.character("y")))
        app.render()
        screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("“zzqx” is now accepted for \(word.question)"), "\(screen)")
        let learner = try #require(session.user.profileID)
        let kept = try #require(session.database).ownAnswers(learner: learner)
        #expect(kept.map(\.answer) == ["zzqx"] && kept.map(\.word) == [word.question])
        app.handle(.keyPressed(.enter))
        app.render()
        screen = terminal.screen.lines.joined(separator: "\n")
        #expect(!screen.contains("Counted right") && screen.contains("Your answer"), "the next word is asked: \(screen)")
        #expect(session.quiz.numberOfAnswered == 1, "the overruled word counts as answered")
    }

    @Test("F5 then any other key: counted right, the answer not kept; the letter is not typed")
    func iWasRightDeclined() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = app(folder, terminal, typing: true)
        for character in "zzqx" { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.handle(.keyPressed(.function(5)))
        app.handle(.keyPressed(.character("q")))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("Counted right") && !screen.contains("Keep “zzqx”"), "the card stays, the question is gone: \(screen)")
        let learner = try #require(session.user.profileID)
        #expect(try #require(session.database).ownAnswers(learner: learner).isEmpty)
        #expect(session.quiz.typedAnswer.isEmpty, "the declining key is not typed into the next answer")
    }

    @Test("F5 on the session's last word: the question about the answer shows, then y ends the session")
    func iWasRightOnTheLastWord() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = app(folder, terminal, typing: true)
        var answered = 0
        while session.quiz.numberOfAnswered < session.quiz.numberOfQuestions - 1, answered < 50 {
            let test = try #require(session.quiz.currentTest)
            for character in test.challenge.answer { app.handle(.keyPressed(.character(character))) }
            app.handle(.keyPressed(.enter))
            app.handle(.keyPressed(.enter))
            answered += 1
        }
        #expect(session.quiz.numberOfAnswered == session.quiz.numberOfQuestions - 1, "all but the last word answered")
        for character in "zzqx" { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.handle(.keyPressed(.function(5)))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("Keep “zzqx”"), "the question shows before the congratulations: \(screen)")
        #expect(app.state.route == .challenge)
        app.handle(.keyPressed(.character("y")))
        app.render()
        #expect(app.state.route == .challenge, "the second question about the answer shows first")
        app.handle(.keyPressed(.character("y")))
        app.render()
        #expect(app.state.route == .congratulations)
        let learner = try #require(session.user.profileID)
        #expect(try #require(session.database).ownAnswers(learner: learner).map(\.answer) == ["zzqx"])
    }
}
