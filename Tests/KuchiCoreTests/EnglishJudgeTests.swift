import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// judged: the verdict for `typed` against `accepted` with no other deck words.
func judged(_ typed: String, _ accepted: String...) -> EnglishVerdict {
    EnglishJudge().judge(typed, accepted: accepted, question: "問")
}

@Suite("EnglishJudge: normalisation and meanings")
struct EnglishJudgeTests {
    @Test("each normalisation makes a spelling exact", arguments: [
        ("EAT", "eat"), ("Eat", "eat"), ("  eat  ", "eat"), ("\teat\n", "eat"), ("ice   cream", "ice cream"),
        ("eat!", "eat"), ("eat.", "eat"), ("ice-cream", "ice cream"), ("good, morning", "good morning"),
        ("dont", "don't"), ("don’t", "don't"), ("cafe", "café"), ("an apple", "apple"), ("apple", "an apple"),
        ("a book", "book"), ("the sun", "sun"), ("sun", "the sun"), ("to eat", "eat"), ("eat", "to eat"),
        ("To Eat!", "eat"), ("to the station", "station"), ("(to) go", "go"), ("The", "the"),
    ])
    func normalisation(typed: String, answer: String) {
        #expect(judged(typed, answer) == .exact)
    }

    @Test("normalisation keeps what matters", arguments: [
        ("", ""), ("  The  Ice-Cream!! ", "ice cream"), ("to", "to"), ("a", "a"), ("Tōkyō", "tokyo"),
        ("it's", "its"), ("to be or not", "be or not"), ("eat to", "eat to"),
    ])
    func normalized(text: String, expected: String) {
        #expect(EnglishMeaning.normalized(text) == expected)
    }

    @Test("an article or 'to' in the middle is not dropped")
    func innerWords() {
        #expect(judged("go", "go to school") != .exact)
        #expect(judged("to go to school", "go to school") == .exact)
    }

    @Test("each meaning of a '; '-separated answer is accepted", arguments: ["high", "expensive", "HIGH", "the expensive"])
    func multiMeaning(typed: String) {
        #expect(judged(typed, "high; expensive") == .exact)
    }

    @Test("the whole '; ' answer is accepted as shown (copied after a miss), and a mix is wrong")
    func multiMeaningWhole() {
        #expect(judged("high; expensive", "high; expensive") == .exact)
        #expect(judged("high expensive", "high; expensive") == .exact)
        #expect(judged("cheap", "high; expensive") == .wrong)
    }

    @Test("a parenthesised qualifier may be left out or typed", arguments: ["hot", "hot weather", "hot (weather)", "Hot, weather"])
    func qualifier(typed: String) {
        #expect(judged(typed, "hot (weather)") == .exact)
        #expect(judged("weather", "hot (weather)") == .wrong)
    }

    @Test("the also list is accepted like the answer")
    func alsoList() {
        #expect(judged("large", "big", "large") == .exact)
        #expect(judged("huge", "big", "large; huge") == .exact)
        #expect(judged("larje", "big", "large") == .almost(expected: "large"))
        #expect(judged("small", "big", "large") == .wrong)
    }

    @Test("a near miss names the deck's words for the meaning it was near")
    func almostNamesMeaning() {
        #expect(judged("restarant", "restaurant") == .almost(expected: "restaurant"))
        #expect(judged("hott wether", "hot (weather)") == .almost(expected: "hot (weather)"))
        #expect(judged("expensiv", "high; expensive") == .almost(expected: "expensive"))
        #expect(judged("restarant", "restaurant").isAccepted)
    }

    @Test("an empty or punctuation-only answer is wrong")
    func empty() {
        #expect(judged("", "eat") == .wrong)
        #expect(judged("  ?! ", "eat") == .wrong)
        #expect(!EnglishVerdict.wrong.isAccepted)
    }

    @Test("a deck word and its also list go through judge(_:for:also:)")
    func challenge() {
        let word = Challenge(question: "大きい", reading: "おおきい", pronunciation: "ookii", answer: "big")
        let judge = EnglishJudge()
        #expect(judge.judge("Big", for: word) == .exact)
        #expect(judge.judge("large", for: word, also: ["large"]) == .exact)
        #expect(judge.judge("large", for: word) == .wrong)
    }
}
