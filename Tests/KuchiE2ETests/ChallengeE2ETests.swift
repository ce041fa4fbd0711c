import Foundation
import Testing

/// A whole quiz session in the real terminal, answered by reading the screen.
@Suite(.requiresTmux)
struct ChallengeE2ETests {
    @Test func fullSessionWithOneWrongAnswerThenPlayAgain() throws {
        let app = try KuchiApp(["--questions", "3"])
        let session = app.session
        let first = try app.registerAndStart(name: "さくら")
        #expect(first.score == [0, 3, 0, 0])
        #expect(first.choices.contains { $0.text == first.word.answer })

        // A wrong answer: "Oh no!", that choice marked, the same word and choices stay up.
        let (_, wrongDigit) = try app.answer(right: false)
        let afterWrong = try app.challenge()
        #expect(afterWrong.joined.contains("Oh no!"))
        let marked = try #require(afterWrong.choices.first { $0.digit == wrongDigit })
        #expect(marked.tried)
        #expect(afterWrong.screen.contains { $0.contains("\(wrongDigit)  \(marked.text)  ✗ not this one") })
        #expect(afterWrong.word == first.word)
        #expect(afterWrong.choices.map(\.text) == first.choices.map(\.text))
        #expect(afterWrong.score == [0, 3, 1, 0])

        // Right answers until the summary.
        var words = [first.word.question]
        for expected in 1...3 {
            let (before, _) = try app.answer(right: true)
            #expect(before.answered == expected - 1)
            if expected < 3 {
                // The verdict first, with the word's meaning; the next word once Enter goes on.
                let verdict = joinedScreen(try session.waitForText("─ Right · "))
                #expect(verdict.contains("✓ Congratulations!"))
                #expect(verdict.contains("“\(before.word.answer)”"))
                let next = try app.challenge()
                #expect(next.answered == expected)
                #expect(!next.joined.contains("Congratulations!"), "the next word shows clean")
                #expect(!words.contains(next.word.question), "a word answered right came back")
                words.append(next.word.question)
            }
        }
        let summary = try session.waitForText("Well done!")  // 3 of 4: praise that matches the result
        let text = joinedScreen(summary)
        #expect(text.contains("Congratulations, さくら!"))
        #expect(text.contains(#/Correct +3 /#))
        #expect(text.contains(#/Wrong +1 /#))
        #expect(text.contains(#/Accuracy +75% /#))
        #expect(text.contains(#/Best streak +3 /#))
        #expect(text.contains("▸ Play Again ◂"))

        // Enter presses the focused button, Play Again: a fresh session of three.
        try session.sendKeys("Enter")
        let again = try app.waitForChallenge("a new session") { $0.answered == 0 }
        #expect(again.score == [0, 3, 0, 0])
        #expect(!again.joined.contains("Oh no!"))
        #expect(again.choices.allSatisfy { !$0.tried })
    }

    @Test func welcomeContinuesASessionUnderWay() throws {
        let app = try KuchiApp(["--questions", "4"])
        let session = app.session
        try app.registerAndStart()
        try app.answer(right: true)
        let underWay = try app.challenge()
        // q goes back to Welcome, which offers to continue; Enter brings back the same word.
        try session.sendKeys("q")
        try session.waitForText("Continue 1/4")
        try session.sendKeys("Enter")
        let resumed = try app.waitForChallenge("the session resumed")
        #expect(resumed.word == underWay.word)
        #expect(resumed.score == underWay.score)
    }

    @Test func arrowsAndEnterAnswerTheHighlightedChoice() throws {
        let app = try KuchiApp()
        let session = app.session
        let first = try app.registerAndStart()
        let target = try first.rightDigit()
        // Nothing is highlighted on a new word (so Enter cannot answer a choice nobody picked);
        // Down highlights choice 1, then moves; Enter answers the highlighted one.
        #expect(first.choices.first { $0.selected } == nil)
        try session.sendKeys("Enter")
        for _ in 1...target { try session.sendKeys("Down") }
        try app.waitForChallenge("choice \(target) highlighted") { view in
            view.choices.first { $0.selected }?.digit == target
        }
        try session.sendKeys("Enter")
        // The whole frame, not a capture taken while the terminal was still being written: the
        // new word is up, with nothing highlighted (a timeout here means the cursor stayed).
        let next = try app.waitForChallenge("the next word with nothing highlighted") {
            $0.answered == 1 && $0.word != first.word && !$0.choices.contains { $0.selected }
        }
        #expect(next.choices.first { $0.selected } == nil)
    }
}
