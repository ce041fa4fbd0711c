import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// KanjiCardScreenTests: each kanji of a word with its first meaning (KANJIDIC2) on the New word
/// card, the confirmation and the word page — and dropped before the meaning when the pane is short.
@MainActor
@Suite("Kanji on the cards and the word page")
struct KanjiCardScreenTests {
    /// deck: 勉強 first, a kanji word of the bundled deck whose kanji the kanji file holds.
    static let deck = TestDecks.make([
        ("勉強", "べんきょう", "benkyō", "study", "School"), ("学校", "がっこう", "gakkō", "school", "School"),
        ("先生", "せんせい", "sensei", "teacher", "School"), ("はい", nil, "hai", "yes", "Greetings"),
    ])

    @Test("a kanji word's New word card at 80×24 and 120×40 names 勉 exertion · 強 strong", arguments: [(24, 80), (40, 120)])
    func newWordCard(rows: Int, columns: Int) throws {
        let pilot = Pilot(rows: rows, columns: columns, deck: Self.deck, database: .inMemory(), teach: true)
        let word = try #require(pilot.quiz.currentTest?.challenge)
        try #require(word.question == "勉強")
        #expect(pilot.contains("勉 exertion · 強 strong"))
        expectScreen(pilot.screen, matchesFixture: "screen-new-word-kanji-\(columns)x\(rows)")
        expectWellFormed(pilot.screen)
    }

    @Test("a short card drops the kanji line before the meaning, after the sentence and the hints")
    func shortCardDropsKanji() throws {
        let word = try #require(Self.deck.challenges.first)
        let card = NewWordCard(challenge: word)
        let full = card.lines
        let kanjiRow = try #require(full.firstIndex { $0.role == .kanji })
        #expect(full[kanjiRow].text == "勉 exertion · 強 strong")
        #expect(kanjiRow > (full.firstIndex { $0.role == .meaning } ?? .max), "the kanji come after the meaning")
        /// drawn: the card drawn in a pane of `rows`, as text.
        func drawn(rows: Int) -> String {
            var screen = Screen(rows: rows, columns: 60)
            card.draw(into: &screen, theme: .monochrome)
            return screen.lines.joined(separator: "\n")
        }
        // Rows for the box and every line but the hints, the label and the sentence: the kanji stay.
        let kept = full.filter { ![.detail, .label, .sentence, .translation].contains($0.role) }.count
        #expect(drawn(rows: kept + 2).contains("勉 exertion"))
        // One row fewer: the kanji go, the meaning stays.
        let short = drawn(rows: kept + 1)
        #expect(!short.contains("勉 exertion"))
        #expect(short.contains("“study”"))
    }

    @Test("a kana word has no kanji line; a word of kanji the file lacks has none either")
    func noKanji() throws {
        let yes = try #require(Self.deck.challenges.last)
        #expect(NewWordCard.kanjiLine(yes) == nil)
        let rare = TestDecks.make([("鬱", "うつ", "utsu", "depression", nil), ("はい", nil, "hai", "yes", nil), ("いいえ", nil, "iie", "no", nil)])
        #expect(NewWordCard.kanjiLine(rare.challenges[0]) == nil)
    }

    @Test("the confirmation of a right answer names the kanji too")
    func confirmation() throws {
        let kanjiOnly = TestDecks.make(Array([("勉強", "べんきょう", "benkyō", "study", "School"), ("学校", "がっこう", "gakkō", "school", "School"),
                                              ("先生", "せんせい", "sensei", "teacher", "School")]))
        let pilot = Pilot(rows: 30, columns: 100, deck: kanjiOnly, database: .inMemory(), teach: false)
        let word = try #require(pilot.quiz.currentTest?.challenge)
        let line = try #require(NewWordCard.kanjiLine(word))
        #expect(!pilot.contains(line), "the question does not give the kanji's meanings away")
        pilot.answerRight()
        #expect(pilot.contains("Congratulations"))
        #expect(pilot.contains(line))
    }

    @Test("the word page lists the kanji under the entry; its JSON has kanji, accent and sentences")
    func wordPage() throws {
        let bundled = try Deck.bundled()
        let word = try #require(bundled.challenges.first { $0.question == "勉強" })
        let history = try LearnerDatabase.inMemory().wordHistory(learner: UUID(), deck: bundled, challenge: word, now: Date(),
                                                                  scheduler: FSRSScheduler())
        let lines = WordPane.lines(history)
        #expect(lines.count > 1 && lines[1].text == "kanji: 勉 exertion · 強 strong" && lines[1].role == .note)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(history.json().utf8)) as? [String: Any])
        let kanji = try #require(object["kanji"] as? [[String: Any]])
        #expect(kanji.map { $0["kanji"] as? String } == ["勉", "強"])
        #expect((kanji.first?["meanings"] as? [String])?.first == "exertion")
        #expect(Set(kanji.first?.keys.map { $0 } ?? []) == ["kanji", "meanings"])
        #expect(object["accent"] as? Int == word.accent?.accent)
        let sentences = try #require(object["sentences"] as? [[String: Any]])
        #expect(sentences.count == word.sentences.count && !sentences.isEmpty)
        #expect(sentences.first?["ja"] as? String == word.sentences.first?.ja)
        #expect(sentences.first?["id"] as? Int == word.sentences.first?.id)
        #expect(Set(sentences.first?.keys.map { $0 } ?? []) == ["ja", "en", "id"])
    }
}
