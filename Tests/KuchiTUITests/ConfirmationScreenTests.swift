import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI

/// Issue 29 on screen: a right answer's verdict shows before the next New word card; Enter (or
/// a digit) goes on; `k` on a New word card suspends the word; `w` opens the word's page.
@MainActor
@Suite("Confirmation screen")
struct ConfirmationScreenTests {
    /// Clock: a time the test moves.
    final class Clock {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    /// app: a signed-in learner with teaching on, on the Challenge screen of a started session.
    func app(_ folder: TemporaryDirectory, _ terminal: InMemoryTerminal, clock: Clock) -> (App, LearnerSession) {
        let user = UserManager(store: nil, clock: { clock.now })
        user.signIn(Profile(name: "さくら"))
        user.teachNewWords = true
        let session = LearnerSession(user: user, bundled: TestDecks.small, database: LearnerDatabase.open(directory: folder.url),
                                     overrides: StudyOverrides(questions: 5), seed: 1, clock: { clock.now })
        session.startSession()
        let app = App(state: AppState(route: .challenge), session: session, backend: terminal, log: RenderLog(path: nil))
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
}
