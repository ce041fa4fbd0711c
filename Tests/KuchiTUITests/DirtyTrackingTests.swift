import KuchiCore
import Testing
@testable import KuchiTUI

/// The heart of the design: a change redraws exactly the panes that read what changed.
@MainActor
@Suite("Redraw only what changed")
struct DirtyTrackingTests {
    @Test("a right answer draws question, choices and score once each, and the bar its verdict's keys")
    func rightAnswer() {
        let pilot = Pilot()
        #expect(pilot.answerRight() == ["choices", "keybar", "question", "score"])
        #expect(pilot.press(.enter) == ["choices", "keybar", "question"], "going on: the next word and its keys")
    }

    @Test("with a learner's memory (the app's case) too: between the key and the next question, question and choices draw once per step")
    func rightAnswerRemembered() {
        let pilot = Pilot(database: .inMemory())
        let answered = pilot.answerRight()
        #expect(answered.filter { $0 == "question" }.count == 1 && answered.filter { $0 == "choices" }.count == 1, "\(answered)")
        let next = pilot.press(.enter)
        #expect(next.filter { $0 == "question" }.count == 1 && next.filter { $0 == "choices" }.count == 1, "\(next)")
    }

    @Test("a wrong answer draws question (Oh no!), choices (mark), score (misses) and the keys it makes work (w, u)")
    func wrongAnswer() {
        let pilot = Pilot()
        #expect(pilot.answerWrong() == ["choices", "keybar", "question", "score"])
        #expect(pilot.contains("Oh no!"))
    }

    @Test("the same wrong answer again draws nothing")
    func sameWrongAnswerAgain() {
        let pilot = Pilot()
        pilot.answerWrong()
        pilot.press(.enter)  // dismiss the feedback
        #expect(pilot.answerWrong() == [])
    }

    @Test("a hint toggle draws only the question")
    func hintToggle() {
        let pilot = Pilot()
        #expect(pilot.press("h") == ["question"])
        #expect(pilot.contains("·"))
        #expect(pilot.press("h") == ["question"])
    }

    @Test("keys that change nothing draw nothing", arguments: ["x", "Z", "0", "9", "4"] as [Character])
    func noOpKey(_ key: Character) {
        let pilot = Pilot()
        #expect(pilot.press(key) == [])
        #expect(pilot.terminal.frames.count == 1, "a no-op key must not even flush a frame")
    }

    @Test("moving the cursor draws only the choices (and the key bar once Enter can choose); at the edge nothing")
    func cursorMoves() {
        let pilot = Pilot()
        #expect(pilot.press(.down) == ["choices", "keybar"], "the first move highlights choice 1: Enter now chooses")
        #expect(pilot.lines.last?.contains("Enter Choose") == true)
        #expect(pilot.press(.down) == ["choices"])
        #expect(pilot.press(.up) == ["choices"])
        #expect(pilot.press(.up) == [])
    }

    @Test("Space toggles the choices; the key bar follows, since the answer keys come and go")
    func toggleChoices() {
        let pilot = Pilot()
        #expect(pilot.press(" ") == ["choices", "keybar"])
        #expect(pilot.contains("Choices hidden"))
        #expect(pilot.lines.last?.contains("1-3") == false, "no answer keys while the choices are hidden")
        #expect(pilot.press(" ") == ["choices", "keybar"])
        #expect(pilot.lines.last?.contains("1-3 Answer") == true)
    }

    @Test("dismissing feedback draws only the question (and the key bar, without w: no feedback, no page)")
    func dismissFeedback() {
        let pilot = Pilot()
        pilot.answerWrong()
        #expect(pilot.press(.enter) == ["keybar", "question"])
        #expect(!pilot.contains("Oh no!"))
    }

    @Test("a resize redraws every pane once")
    func resize() {
        let pilot = Pilot()
        #expect(pilot.resize(rows: 20, columns: 100) == ["choices", "header", "keybar", "question", "score"])
        #expect(pilot.resize(rows: 20, columns: 100) == [], "the same size again changes nothing")
    }

    @Test("a setting that no pane shows draws nothing; the appearance redraws all")
    func settings() {
        let pilot = Pilot()
        #expect(pilot.send(.terminalResized(pilot.terminal.size)) == [])
        pilot.user.numberOfQuestions = 10
        #expect(pilot.send(.terminalResized(pilot.terminal.size)) == [])
        pilot.user.appearance = .dark
        #expect(pilot.send(.terminalResized(pilot.terminal.size)) == ["choices", "header", "keybar", "question", "score"])
    }

    @Test("the help overlay opens and closes with a full redraw, and keeps the state")
    func help() {
        let pilot = Pilot()
        pilot.answerWrong()
        let word = pilot.quiz.currentTest
        #expect(pilot.press("?").contains("help"))
        #expect(pilot.contains("Help · Challenge"))
        pilot.press(.escape)
        #expect(!pilot.contains("Help · Challenge"))
        #expect(pilot.quiz.currentTest == word)
        #expect(pilot.contains("Oh no!"))
    }

    @Test("a pane that redraws under the help overlay does not paint over it")
    func overlayStaysOnTop() {
        let pilot = Pilot()
        pilot.press("?")
        let withHelp = pilot.screen
        pilot.quiz.toggleHint()  // a change underneath, while the help is up
        #expect(pilot.send(.terminalResized(pilot.terminal.size)) == ["question"])
        let helpRows = withHelp.lines.indices.filter { withHelp.lines[$0].contains("│ 1 2 3") || withHelp.lines[$0].contains("? or Esc closes") }
        #expect(!helpRows.isEmpty)
        for row in helpRows {
            #expect(pilot.screen.lines[row] == withHelp.lines[row], "help row \(row) is still on top")
        }
    }
}
