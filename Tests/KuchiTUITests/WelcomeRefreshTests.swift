import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI

/// Welcome's counts follow the database: when Welcome is shown, each minute while it stays up
/// (the input wait ends with `.idle`), and at the day's rollover.
@MainActor
@Suite("Welcome refresh")
struct WelcomeRefreshTests {
    /// Clock: a time the test moves.
    final class Clock {
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    @Test("another window's answers show on Welcome within a minute, without a key press")
    func refreshesEachMinute() throws {
        let folder = try TemporaryDirectory()
        let clock = Clock()
        let profile = Profile(name: "さくら")
        func session() -> LearnerSession {
            let user = UserManager(store: nil, clock: { clock.now })
            user.signIn(profile)
            user.teachNewWords = false
            return LearnerSession(user: user, bundled: TestDecks.small, database: LearnerDatabase.open(directory: folder.url),
                                  overrides: StudyOverrides(questions: 3), seed: 1, clock: { clock.now })
        }
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let welcome = session()
        let app = App(state: AppState(route: .welcome), session: welcome, backend: terminal, log: RenderLog(path: nil))
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("0 due now · 6 new today") })

        let other = session()
        other.startSession()
        for _ in 0..<2 {
            clock.now += 5
            other.quiz.check(try #require(other.quiz.currentTest?.rightAnswer))
        }
        clock.now += 30
        app.handle(.idle)
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("6 new today") }, "within the minute the counts stay as read")
        clock.now += 31
        app.handle(.idle)
        app.render()
        #expect(terminal.screen.lines.contains { $0.contains("0 due now · 4 new today") }, "a minute on, the other window's two new words count")
    }
}
