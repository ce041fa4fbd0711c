import Foundation
@testable import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI
@testable import KuchiData

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
        let app = AppComposition(session: welcome, route: .welcome, backend: terminal, log: RenderLog(path: nil), services: nil).app
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

    @Test("at 40×12 the figures wrap at their joins: the words due in other directions stay on screen, whole", arguments: [40, 60, 100])
    func figuresWrapInANarrowTerminal(columns: Int) throws {
        let folder = try TemporaryDirectory()
        let clock = Clock()
        let user = UserManager(store: nil, clock: { clock.now })
        user.signIn(Profile(name: "さくら"))
        let session = LearnerSession(user: user, bundled: TestDecks.small, database: LearnerDatabase.open(directory: folder.url),
                                     overrides: StudyOverrides(questions: 3), seed: 1, clock: { clock.now })
        session.status = StudyStatus(dueNow: 0, newAvailable: 10, nextReview: clock.now.addingTimeInterval(3 * 3600), dueElsewhere: 6)
        let size = TerminalSize(rows: 12, columns: columns)
        var screen = Screen(rows: size.rows, columns: size.columns)
        WelcomePane(session: session, deckLine: "Kuchi beginner deck (JLPT N5)")
            .draw(into: &screen, environment: PaneEnvironment(size: size, sizeClass: Layout.sizeClass(for: size), theme: .monochrome))
        let lines = screen.lines
        let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(text.contains { $0.contains("6 more due in other directions") }, "\(lines.joined(separator: "\n"))")
        #expect(text.contains { $0.contains("0 due now") } && text.contains { $0.contains("10 new today") })
        #expect(text.contains { $0.contains("Start") })
        #expect(!text.contains { $0.contains("…") && $0.contains("due") }, "no figure cut off")
        if columns >= 100 {
            #expect(text.contains("0 due now · 10 new today · next review in 3 h · 6 more due in other directions"))
        }
    }
}
