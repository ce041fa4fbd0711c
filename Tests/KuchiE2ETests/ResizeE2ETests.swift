import Foundation
import Testing

/// Resizing the real terminal mid-question: the layout changes, nothing else does.
@Suite(.requiresTmux)
struct ResizeE2ETests {
    /// Whether some row holds two box titles side by side (side by side: question ╭─ … ╮╭─ Choices).
    static func isSideBySide(_ screen: [String]) -> Bool {
        screen.contains { $0.components(separatedBy: "╭─ ").count == 3 && $0.contains("╭─ Choices") }
    }

    @Test func stackedSideBySideStackedKeepsTheQuestion() throws {
        let app = try KuchiApp(["--teach", "off"], columns: 100, rows: 30)
        let session = app.session
        try app.registerAndStart()
        try app.answer(right: false)
        try session.sendKeys("h")
        let before = try app.waitForChallenge("the reading shown") { $0.hintShown }
        #expect(!Self.isSideBySide(before.screen))
        #expect(before.joined.contains("Oh no!"))
        #expect(before.screen.count == 30)

        func expectSameQuestion(_ view: ChallengeView, _ label: Comment) {
            #expect(view.word == before.word, label)
            #expect(view.choices == before.choices, label)
            #expect(view.joined.contains("Oh no!"), label)
            #expect(view.hintShown, label)
            #expect(view.score == before.score, label)
        }

        try session.resize(columns: 100, rows: 20)
        let sideBySide = try app.waitForChallenge("the side-by-side layout") { Self.isSideBySide($0.screen) }
        #expect(sideBySide.screen.count == 20)
        expectSameQuestion(sideBySide, "side by side")
        // Side by side: the question's box and the choices' box start on the same row.
        let titles = try #require(sideBySide.screen.first { $0.contains("╭─ Choices") })
        #expect(titles.hasPrefix("╭─ \(before.word.category ?? "Question") "))

        try session.resize(columns: 100, rows: 30)
        let stacked = try app.waitForChallenge("the stacked layout again") { !Self.isSideBySide($0.screen) }
        #expect(stacked.screen.count == 30)
        expectSameQuestion(stacked, "stacked again")
        #expect(stacked.screen == before.screen)
    }

    @Test func wrongAnswerStaysReadableAtTheMinimumSize() throws {
        // A seed whose first word's choices fit a 40×12 terminal (wrapped): some words' do not, and
        // Kuchi then says the terminal is too small for them.
        let app = try KuchiApp(["--teach", "off"], columns: 100, rows: 30, environment: ["KUCHI_SEED": "2"])
        let session = app.session
        try app.registerAndStart()
        try session.resize(columns: 40, rows: 12)
        let small = try app.waitForChallenge("the 40×12 layout") { $0.screen.count == 12 && Self.isSideBySide($0.screen) }
        let (before, digit) = try app.answer(right: false)
        let after = try app.challenge()
        let tried = try #require(after.choices.first { $0.digit == digit })
        // The answer tried keeps its digit and its text next to the ✗ in a 20-column pane.
        let original = try #require(small.choices.first { $0.digit == digit })
        // A long choice wraps (the N5 deck's "counter for cupfuls"); the ✗ joins its last line
        // and never cuts the text.
        #expect(tried.text == original.text)
        #expect(after.screen.contains { $0.contains(" ✗") })
        #expect(tried.tried)
        #expect(after.word == before.word)
    }

    @Test func tooSmallIgnoresKeysAndComesBack() throws {
        let app = try KuchiApp(["--teach", "off"], columns: 100, rows: 30)
        let session = app.session
        try app.registerAndStart()
        try app.answer(right: false)
        let before = try app.challenge()

        try session.resize(columns: 30, rows: 10)
        let small = try app.waitForTooSmall(columns: 30, rows: 10)
        #expect(joinedScreen(small).contains("Enlarge the window, or press Ctrl-C to quit."))
        #expect(!small.contains { $0.contains("Choices") })

        // Keys that would answer, hint, switch tab or go back: all ignored while too small.
        let mark = try app.log.mark()
        try session.sendKeys("1", "2", "3", "h", "Space", "s", "q", "Enter", "Escape")
        // A second too-small size: once it shows, the keys sent before it have been read.
        try session.resize(columns: 35, rows: 11)
        try app.waitForTooSmall(columns: 35, rows: 11)
        #expect(try app.log.draws(since: mark) == ["toosmall"])
        #expect(try session.termination() == nil)

        try session.resize(columns: 100, rows: 30)
        let after = try app.waitForChallenge("the challenge back") { $0.screen.count == 30 }
        #expect(after.screen == before.screen)
    }
}
