import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// DeckReadingsAndLevelsTests: the `readings` field (other standard readings) and the JLPT
/// level filter.
@Suite("Deck: other readings and the level filter")
struct DeckReadingsAndLevelsTests {
    /// entry: a kanji word with `readings` and `level`.
    static func entry(_ question: String, _ reading: String, _ answer: String, readings: Any? = nil, level: Int? = nil) -> [String: Any] {
        var object = DeckJSON.entry(question, "romaji", answer, reading: reading, category: "Words")
        if let readings { object["readings"] = readings }
        if let level { object["level"] = level }
        return object
    }

    static var words: [[String: Any]] { [
        entry("四", "よん", "four", readings: ["し"], level: 5), entry("家", "いえ", "house", readings: ["うち"], level: 5),
        entry("内", "うち", "inside", level: 4), entry("猫", "ねこ", "cat", level: 5), entry("象", "ぞう", "elephant", level: 3),
        entry("熊", "くま", "bear", level: 2), DeckJSON.entry("いぬ", "inu", "dog", category: "Words"),
    ] }

    @Test("readings decode; a challenge without them has none")
    func decode() throws {
        let deck = try makeDeck(Self.words)
        #expect(deck.challenges[0].readings == ["し"])
        #expect(deck.challenges[3].readings == [])
    }

    @Test("readings are kana, belong to kanji words and are not repeated", arguments: [
        (["shi"], DeckProblem.Kind.readingNotKana), (["よん"], .duplicateReading), (["し", "し"], .duplicateReading), ([], .wrongType),
    ] as [([String], DeckProblem.Kind)])
    func refused(readings: [String], kind: DeckProblem.Kind) {
        // An empty list stands for a bare string instead of a list.
        let value: Any = readings.isEmpty ? "し" : readings
        let problems = deckProblems(DeckJSON.data([Self.entry("四", "よん", "four", readings: value)] + DeckJSON.words(3)))
        #expect(problems.map(\.kind) == [kind])
        #expect(problems.first?.field == "readings" && problems.first?.entry == 1)
    }

    @Test("a kana word has no other readings")
    func kanaWord() {
        var word = DeckJSON.entry("いぬ", "inu", "dog")
        word["readings"] = ["けん"]
        #expect(deckProblems(DeckJSON.data([word] + DeckJSON.words(3))).map(\.kind) == [.readingNotKana])
    }

    @Test("a typed answer takes any reading, the written form too")
    func judged() throws {
        let four = try makeDeck(Self.words).challenges[0]
        for typed in ["よん", "し", "yon", "shi", "四"] {
            #expect(ReadingJudge.judge(typed, for: four).isAccepted, "\(typed)")
        }
        #expect(ReadingJudge.judge("yo", for: four) == .wrong)
    }

    @Test("a word read like another reading of the asked word is never its distractor")
    func distractors() throws {
        let deck = try makeDeck(Self.words)
        #expect(!deck.mayBeDistractor(2, for: 1), "うち is a reading of 家")
        #expect(!deck.mayBeDistractor(1, for: 2))
        #expect(deck.mayBeDistractor(3, for: 1))
    }

    @Test("levels are listed easiest first; selecting keeps only those levels")
    func levels() throws {
        let deck = try makeDeck(Self.words)
        #expect(deck.levels.map(\.level) == [5, 4, 3, 2] && deck.levels.map(\.count) == [3, 1, 1, 1])
        #expect(deck.unlevelledCount == 1)
        let n5 = try #require(deck.selecting(levels: [5]))
        #expect(n5.challenges.map(\.question) == ["四", "家", "猫"])
        #expect(n5.title == deck.title, "the same deck, so the same cards")
        #expect(deck.selecting(levels: [5, 4])?.challenges.count == 4)
        #expect(deck.selecting(levels: [])?.challenges.count == 7, "no levels keeps every entry")
        #expect(deck.selecting(levels: [2]) == nil, "one entry is too few for a challenge")
        #expect(deck.unknownLevels([5, 1, 9]) == [1, 9])
    }

    @Test("levels and categories narrow together")
    func withCategories() throws {
        var words = Self.words
        words[0]["category"] = "Numbers"
        let deck = try makeDeck(words)
        #expect(deck.selecting(levels: [5, 4, 3])?.selecting(categories: ["Words"])?.challenges.map(\.question) == ["家", "内", "猫", "象"])
    }

    @Test("the bundled deck: every entry has a level; N5 leaves the words above it out")
    func bundled() throws {
        let deck = try Deck.bundled()
        #expect(deck.unlevelledCount == 0)
        let n5 = try #require(deck.selecting(levels: [5]))
        #expect(n5.challenges.count == deck.challenges.count - 22 - 618, "22 words above N5 where an N5 category needs them, 618 N4 words")
        #expect(!n5.challenges.contains { $0.question == "熊" } && n5.challenges.contains { $0.question == "男" })
        let questions = Set(deck.challenges.map(\.question))
        for month in ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"] {
            #expect(questions.contains(month), "\(month)")
        }
        for word in ["男", "女", "ついたち", "とお", "時"] { #expect(questions.contains(word), "\(word)") }
    }
}
