import Foundation
@testable import KuchiCore
import Testing
@testable import KuchiTUI

/// Issue 40: at 80×24, a terminal's default, the New word card keeps its label and hints: it
/// takes the room of the choices, which have nothing to show while it is up.
@MainActor
@Suite("New word card at 80×24")
struct NewWordCardLayoutTests {
    @Test("the card shows its label, every line and its hint; the question after it gets its choices back")
    func keepsLabelAndHints() throws {
        let pilot = Pilot(rows: 24, columns: 80, database: .inMemory(), teach: true)
        #expect(pilot.quiz.teaching)
        let text = pilot.lines.joined(separator: "\n")
        #expect(text.contains("New word"), "\(text)")
        #expect(text.contains("Enter: go on to the question"), "\(text)")
        let word = try #require(pilot.quiz.currentTest)
        #expect(text.contains(word.challenge.question) && text.contains(word.challenge.answer))
        pilot.press(.enter)
        #expect(!pilot.quiz.teaching)
        let question = pilot.lines.joined(separator: "\n")
        for (index, answer) in word.answers.enumerated() {
            #expect(question.contains("\(index + 1)") && question.contains(answer), "the choices are back: \(question)")
        }
    }

    @Test("frames: teaching gives the question the whole area above the score, stacked and side by side")
    func frames() {
        for (size, sizeClass) in [(TerminalSize(rows: 24, columns: 80), SizeClass.stacked), (TerminalSize(rows: 20, columns: 120), .sideBySide)] {
            let body = Layout.chrome(for: size).body
            let teaching = Layout.challenge(in: body, sizeClass: sizeClass, teaching: true)
            let asking = Layout.challenge(in: body, sizeClass: sizeClass)
            #expect(teaching.question.rows == body.rows - Layout.scoreRows && teaching.question.columns == body.columns)
            #expect(teaching.choices.rows == 0)
            #expect(teaching.question.rows > asking.question.rows || teaching.question.columns > asking.question.columns)
        }
    }
}
