import Foundation
import Observation
import Testing
@testable import KuchiCore
@testable import KuchiRecall

@MainActor
@Suite("Recall: typed answer field")
struct RecallTypedAnswerTests {
    @Test("Japanese mode shows kana and the pending romaji")
    func japanese() {
        let field = TypedAnswer(mode: .japanese)
        field.insert("n")
        field.insert("e")
        field.insert("k")
        #expect(field.display == "ねk")
        #expect(field.pending == "k")
        field.backspace()
        #expect(field.display == "ね")
        #expect(field.pending == "")
        field.insert("kohon")
        #expect(field.display == "ねこほn")
        #expect(field.submission == "ねこほん", "Enter turns the trailing n into ん")
    }

    @Test("the submission marks macron long vowels for the reading judge")
    func submission() {
        let field = TypedAnswer(mode: .japanese)
        field.insert("ōkii")
        #expect(field.display == "おうきい")
        #expect(ReadingJudge.judge(field.submission, question: "大きい", reading: "おおきい") == .right)
        let english = TypedAnswer(mode: .english)
        english.insert(" To eat ")
        #expect(english.submission == " To eat ")
        #expect(english.pending == "")
    }

    @Test("Ctrl-W deletes the last word, Ctrl-U the line")
    func deleting() {
        let field = TypedAnswer(mode: .english)
        field.insert("eat an apple")
        field.deleteWord()
        #expect(field.display == "eat an ")
        field.deleteWord()
        #expect(field.display == "eat ")
        field.clear()
        #expect(field.isEmpty)
        let japanese = TypedAnswer(mode: .japanese)
        japanese.insert("nek")
        japanese.deleteWord()
        #expect(japanese.display == "ね")
        japanese.deleteWord()
        #expect(japanese.isEmpty)
    }

    @Test("a paste is capped at the length limit and control characters are dropped", arguments: [TypedAnswer.Mode.japanese, .english])
    func cap(mode: TypedAnswer.Mode) {
        let field = TypedAnswer(mode: mode)
        let clock = ContinuousClock()
        let time = clock.measure { field.insert(String(repeating: "ka\n", count: 10_000)) }
        #expect(field.display.count == TypedAnswer.defaultMaximumLength)
        #expect(!field.display.contains("\n"))
        #expect(time < .seconds(2), "\(time)")
        #expect(!fires(reading: { field.display }, when: { field.insert("a") }), "full: a key changes nothing")
        field.backspace()
        #expect(field.display.count == TypedAnswer.defaultMaximumLength - 1)
    }

    @Test("switching mode clears the field; the same mode changes nothing")
    func modes() {
        let field = TypedAnswer(mode: .english)
        field.insert("cat")
        #expect(!fires(reading: { (field.mode, field.display) }, when: { field.setMode(.english) }))
        #expect(fires(reading: { field.mode }, when: { field.setMode(.japanese) }))
        #expect(field.display.isEmpty)
        field.insert("ka")
        #expect(field.display == "か")
    }

    // MARK: Observation: a keystroke writes only what it changes

    @Test("a keystroke that changes the text reports a change to display")
    func keystrokeFires() {
        let field = TypedAnswer(mode: .japanese)
        #expect(fires(reading: { field.display }, when: { field.insert("k") }))
        #expect(fires(reading: { field.display }, when: { field.insert("a") }))
        #expect(fires(reading: { field.display }, when: field.backspace))
    }

    @Test("pending is written only when the pending romaji changes")
    func pendingOnlyOnChange() {
        let field = TypedAnswer(mode: .japanese)
        #expect(!fires(reading: { field.pending }, when: { field.insert("a") }), "あ: nothing was or is pending")
        #expect(fires(reading: { field.pending }, when: { field.insert("k") }))
        #expect(fires(reading: { field.pending }, when: { field.insert("a") }))
        let english = TypedAnswer(mode: .english)
        #expect(!fires(reading: { english.pending }, when: { english.insert("cat") }))
    }

    @Test("keys that change nothing write nothing", arguments: [TypedAnswer.Mode.japanese, .english])
    func idleKeys(mode: TypedAnswer.Mode) {
        let field = TypedAnswer(mode: mode)
        let everything = { (field.display, field.pending, field.mode, field.isEmpty) }
        #expect(!fires(reading: everything, when: field.backspace))
        #expect(!fires(reading: everything, when: field.deleteWord))
        #expect(!fires(reading: everything, when: field.clear))
        #expect(!fires(reading: everything, when: { field.insert("\u{1B}\n\t\u{7}") }))
        #expect(!fires(reading: everything, when: { field.insert("") }))
        #expect(!fires(reading: { field.mode }, when: { field.insert("x") }))
    }
}
