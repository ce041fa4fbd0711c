import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI

/// OwnAnswerPromptScreenTests: the "Keep my answer?" question after F5 on screen (probe 28):
/// its help fits 100 columns and wraps, not cuts, when narrower; undo right after "y" says it
/// takes back the kept answer, and does.
@MainActor
@Suite("Keep my answer on screen")
struct OwnAnswerPromptScreenTests {
    /// offering: a typed session at `rows` × `columns` with a miss overruled by F5 (the question
    /// about keeping the answer shows).
    func offering(_ folder: TemporaryDirectory, rows: Int = 30, columns: Int) -> (App, LearnerSession, InMemoryTerminal) {
        let terminal = InMemoryTerminal(rows: rows, columns: columns)
        let (app, session) = ConfirmationScreenTests().app(folder, terminal, typing: true)
        for character in "zzqx" { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.handle(.keyPressed(.function(5)))
        app.render()
        return (app, session, terminal)
    }

    @Test("at 100 columns every line of the question and of its help is whole")
    func fitsAHundredColumns() throws {
        let folder = try TemporaryDirectory()
        let (app, _, terminal) = offering(folder, columns: 100)
        #expect(!terminal.screen.lines.contains { $0.contains("…") }, "\(terminal.screen.lines.joined(separator: "\n"))")
        app.handle(.keyPressed(.function(1)))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("keep your answer: right for this word from now on (kuchi synonyms lists them)"), "\(screen)")
        #expect(!terminal.screen.lines.contains { $0.contains("…") }, "nothing in the help is cut: \(screen)")
    }

    @Test("narrower, the help wraps each explanation under itself instead of cutting it")
    func helpWrapsWhenNarrow() throws {
        let folder = try TemporaryDirectory()
        let (app, _, terminal) = offering(folder, columns: 60)
        app.handle(.keyPressed(.function(1)))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(!terminal.screen.lines.contains { $0.contains("…") }, "\(screen)")
        let words = terminal.screen.lines.flatMap { $0.split(separator: " ") }.filter { $0 != "│" }.joined(separator: " ")
        #expect(words.contains("(kuchi synonyms lists them)"), "the whole explanation is there: \(screen)")
        #expect(words.contains("count it right this once, without keeping the answer"), "\(screen)")
    }

    @Test("too short for wrapped help: every key stays listed on one row, cut with …")
    func helpCutsWhenTooShort() throws {
        let folder = try TemporaryDirectory()
        let (app, _, terminal) = offering(folder, rows: 12, columns: 40)
        app.handle(.keyPressed(.function(1)))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("any other key") && screen.contains("Ctrl-C"), "\(screen)")
    }

    @Test("after y, the help says F4 takes back the kept answer too, and F4 does")
    func undoAfterKeep() throws {
        let folder = try TemporaryDirectory()
        let (app, session, terminal) = offering(folder, columns: 100)
        app.handle(.keyPressed(.character("y")))
        app.handle(.keyPressed(.character("y")))
        app.handle(.keyPressed(.function(1)))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("take back the answer: its grade and the answer you just kept"), "\(screen)")
        app.handle(.keyPressed(.escape))
        app.handle(.keyPressed(.function(4)))
        app.render()
        let learner = try #require(session.user.profileID)
        #expect(try #require(session.database).ownAnswers(learner: learner).isEmpty)
        #expect(session.quiz.numberOfAnswered == 0, "the word is asked again")
    }
}
