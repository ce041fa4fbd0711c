import Foundation
import Testing

/// What the real app redraws, read from its render log: only the panes whose content changed.
///
/// Each step: mark the log, press a key, wait until its effect is on screen (the app logs a
/// frame before flushing it, so the log is then complete), and compare the draws since the mark.
@Suite(.requiresTmux)
struct RenderLogE2ETests {
    @Test func eachChangeRedrawsOnlyItsPanes() throws {
        let app = try KuchiApp(["--teach", "off"], columns: 100, rows: 30)
        let session = app.session
        let log = app.log
        let first = try app.registerAndStart()
        #expect(try log.lines().contains("layout 30x100 challenge"))

        var mark = try log.mark()
        try app.answer(right: true)
        try session.waitForText("─ Right · ")
        // The verdict waits for a key (issue 29): its keys (Next, Word) replace the answering ones.
        #expect(try log.draws(since: mark).sorted() == ["choices", "keybar", "question", "score"], "a right answer")
        mark = try log.mark()
        try session.sendKeys("Enter")
        try app.waitForChallenge("the next word") { $0.word != first.word }
        #expect(try log.draws(since: mark).sorted() == ["choices", "keybar", "question"], "going on after the verdict")

        mark = try log.mark()
        try app.answer(right: false)
        // The feedback makes `w` (its word's page) work: the key bar shows it.
        #expect(try log.draws(since: mark).sorted() == ["choices", "keybar", "question", "score"], "a wrong answer")

        #expect(try app.challenge().word != first.word)
        mark = try log.mark()
        try session.sendKeys("h")
        try app.waitForChallenge("the reading shown") { $0.hintShown }
        #expect(try log.draws(since: mark) == ["question"], "a hint shown")

        // x does nothing; h afterwards hides the hint: the only draw between is h's question.
        mark = try log.mark()
        try session.sendKeys("x")
        try session.sendKeys("h")
        try session.waitForText("h: show reading")
        #expect(try log.draws(since: mark) == ["question"], "a no-op key then a hint hidden")
        #expect(try log.lines(since: mark).filter { !$0.hasPrefix("draw ") }.isEmpty)

        mark = try log.mark()
        try session.resize(columns: 100, rows: 20)
        try session.waitFor("the side-by-side layout", ResizeE2ETests.isSideBySide)
        #expect(try log.draws(since: mark).sorted() == ["choices", "header", "keybar", "question", "score"], "a resize")
        #expect(try log.lines(since: mark).contains("layout 20x100 challenge"))
        #expect(try log.lines(since: mark).contains { $0.hasPrefix("draw question 15x40") })
    }

    @Test func idleKeysDrawNothingAndCursorMovesDrawOnlyChoices() throws {
        let app = try KuchiApp(["--teach", "off"])
        let session = app.session
        let log = app.log
        try app.registerAndStart()

        var mark = try log.mark()
        try session.sendKeys("Down")
        try app.waitForChallenge("choice 1 highlighted") { $0.choices.first { $0.selected }?.digit == 1 }
        #expect(try log.draws(since: mark).sorted() == ["choices", "keybar"], "the first move: Enter now chooses")
        mark = try log.mark()
        try session.sendKeys("Down")
        try app.waitForChallenge("choice 2 highlighted") { $0.choices.first { $0.selected }?.digit == 2 }
        #expect(try log.draws(since: mark) == ["choices"], "the cursor moved")

        try session.sendKeys("Up")
        try app.waitForChallenge("choice 1 highlighted") { $0.choices.first { $0.selected }?.digit == 1 }
        // Up past the top and an unbound key change nothing; Space then hides the choices (and
        // the answer keys leave the key bar).
        mark = try log.mark()
        try session.sendKeys("Up", "k", "z")
        try session.sendKeys("Space")
        try session.waitForText("Choices hidden — Space shows them")
        #expect(try log.draws(since: mark).sorted() == ["choices", "keybar"], "only the choices hidden")
    }

    @Test func tabSwitchRedrawsTheWholeScreenOnce() throws {
        let app = try KuchiApp(["--teach", "off"])
        let session = app.session
        let log = app.log
        try app.registerAndStart()
        let mark = try log.mark()
        try session.sendKeys("s")
        try session.waitForText("Settings for さくら")
        #expect(try log.draws(since: mark).sorted() == ["header", "keybar", "settings"])
    }
}
