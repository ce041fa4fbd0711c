import Foundation
@testable import KuchiCore
@testable import KuchiTUI
import KuchiTestSupport
import Testing
@testable import KuchiRecall

/// AlsoRightScreenTests: issue 37 — a typed JMdict gloss that is not the taught meaning is
/// accepted, and the verdict names the meaning the card teaches.
@MainActor
@Suite("Also right on screen")
struct AlsoRightScreenTests {
    @Test("a gloss of another sense: the verdict says “Also right — taught here as …”; the taught meaning says Congratulations")
    func alsoRightVerdict() throws {
        let folder = try TemporaryDirectory()
        let terminal = InMemoryTerminal(rows: 30, columns: 100)
        let (app, session) = ConfirmationScreenTests().app(folder, terminal, typing: true)
        let asked = try #require(session.quiz.currentTest).challenge
        let judge = session.quiz.judge
        let taught = Set(EnglishMeaning.variants(of: [asked.answer]).map(\.normalized))
        let gloss = try #require(JMdictGlosses.bundled.glosses(for: asked).first { gloss in
            !taught.contains(EnglishMeaning.normalized(gloss)) && gloss.allSatisfy { $0.isLetter || $0 == " " }
                && judge.judge(gloss, for: asked, direction: .japaneseToEnglish, also: asked.also) == .right
        }, "\(asked.question) has a JMdict gloss besides “\(asked.answer)”")
        for character in gloss { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.render()
        let screen = terminal.screen.lines.joined(separator: "\n")
        #expect(screen.contains("✓ Also right — taught here as “\(asked.answer)”"), "\(asked.question) ← \(gloss):\n\(screen)")
        #expect(!screen.contains("Congratulations"))
        app.handle(.keyPressed(.enter))
        let next = try #require(session.quiz.currentTest).challenge
        for character in next.answer { app.handle(.keyPressed(.character(character))) }
        app.handle(.keyPressed(.enter))
        app.render()
        let right = terminal.screen.lines.joined(separator: "\n")
        #expect(right.contains("Congratulations") && !right.contains("Also right"), "\(right)")
    }
}
