import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// The optional fields `also`, `pos`, `level` and `confusable`, and what the quiz reads from them.
@Suite("Deck format: also, pos, level, confusable")
struct DeckFormatTests {
    /// hot: two words that share the meaning "hot", qualified and marked confusable.
    private func hotWords(markConfusable: Bool = true) -> [[String: Any]] {
        var atsui = DeckJSON.entry("暑い", "atsui", "hot (weather)", reading: "あつい", category: "Adjectives")
        atsui["also"] = ["hot", "warm"]
        atsui["pos"] = "i-adjective"
        atsui["level"] = 5
        var atsui2 = DeckJSON.entry("熱い", "atsui", "hot (to the touch)", reading: "あつい", category: "Adjectives")
        atsui2["also"] = ["hot"]
        if markConfusable { atsui2["confusable"] = ["暑い"] }
        return [atsui, atsui2] + DeckJSON.words(3, category: "Adjectives")
    }

    @Test("the new fields decode into the challenge")
    func newFieldsDecode() throws {
        let deck = try makeDeck(hotWords())
        let first = deck.challenges[0]
        #expect(first.also == ["hot", "warm"])
        #expect(first.pos == .iAdjective)
        #expect(first.level == 5)
        #expect(first.confusable == [])
        #expect(deck.challenges[1].confusable == ["暑い"])
        #expect(deck.challenges[2].also == [] && deck.challenges[2].pos == nil && deck.challenges[2].level == nil)
    }

    @Test("a challenge saved before the new fields existed still decodes")
    func oldChallengeJSONDecodes() throws {
        let json = #"{"question":"水","reading":"みず","pronunciation":"mizu","answer":"water"}"#
        let challenge = try JSONDecoder().decode(Challenge.self, from: Data(json.utf8))
        #expect(challenge == Challenge(question: "水", reading: "みず", pronunciation: "mizu", answer: "water"))
    }

    @Test("confusable entries are never each other's distractor, in both directions")
    func mayBeDistractor() throws {
        let deck = try makeDeck(hotWords())
        #expect(!deck.mayBeDistractor(1, for: 0))
        #expect(!deck.mayBeDistractor(0, for: 1))
        #expect(!deck.mayBeDistractor(0, for: 0))
        #expect(deck.mayBeDistractor(2, for: 0))
        #expect(deck.mayBeDistractor(0, for: 2))
        #expect(!deck.mayBeDistractor(99, for: 0))
    }

    @Test("an also meaning shared with another entry needs the two marked confusable")
    func sharedAlsoNeedsConfusable() {
        let problems = deckProblems(DeckJSON.data(hotWords(markConfusable: false)))
        #expect(keys(problems) == [ProblemKey(.duplicateAnswer, entry: 2, field: "also")])
        #expect(problems.first?.message.contains("already an also meaning of entry 1") == true)
    }

    @Test("an also meaning may not repeat another entry's answer, nor its own entry's")
    func alsoRepeatingAnAnswer() {
        var entries = DeckJSON.words(3)
        entries[0]["also"] = ["w meaning 2"]
        entries[2]["also"] = ["W Meaning 3"]
        let problems = deckProblems(DeckJSON.data(entries))
        #expect(keys(problems) == [
            ProblemKey(.duplicateAnswer, entry: 2, field: "answer"),
            ProblemKey(.duplicateAnswer, entry: 3, field: "also"),
        ])
        #expect(problems.first?.message == "\"w meaning 2\" is already an also meaning of entry 1; mark the two confusable if they share it")
        #expect(problems.last?.message == "\"W Meaning 3\" is given twice in this entry")
    }

    @Test("pos must be one of the fixed list", arguments: ["verb", "Noun", "godan"])
    func unknownPartOfSpeech(value: String) {
        var entries = DeckJSON.words(3)
        entries[1]["pos"] = value
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [ProblemKey(.unknownPartOfSpeech, entry: 2, field: "pos")])
    }

    @Test("every part of speech round-trips through its deck name")
    func partOfSpeechNames() throws {
        for pos in PartOfSpeech.allCases {
            var entries = DeckJSON.words(3)
            entries[0]["pos"] = pos.rawValue
            #expect(try makeDeck(entries).challenges[0].pos == pos)
        }
    }

    @Test("level is a JLPT level from 5 to 1", arguments: [0, 6, -1])
    func levelOutOfRange(value: Int) {
        var entries = DeckJSON.words(3)
        entries[2]["level"] = value
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [ProblemKey(.levelOutOfRange, entry: 3, field: "level")])
    }

    @Test("a level that is not a whole number is the wrong type", arguments: ["\"5\"", "true", "4.5", "[5]"])
    func levelWrongType(json: String) {
        let text = """
        {"challenges":[{"question":"a","pronunciation":"a","answer":"a","level":\(json)},
          {"question":"b","pronunciation":"b","answer":"b"},{"question":"c","pronunciation":"c","answer":"c"}]}
        """
        #expect(keys(deckProblems(Data(text.utf8))) == [ProblemKey(.wrongType, entry: 1, field: "level")])
    }

    @Test("also and confusable must be arrays of strings")
    func listsOfStrings() {
        var entries = DeckJSON.words(3)
        entries[0]["also"] = "water"
        entries[1]["confusable"] = [3]
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [
            ProblemKey(.wrongType, entry: 1, field: "also"),
            ProblemKey(.wrongType, entry: 2, field: "confusable"),
        ])
    }

    @Test("confusable names another entry's question")
    func unknownConfusable() {
        var entries = DeckJSON.words(3)
        entries[0]["confusable"] = ["w9"]
        entries[1]["confusable"] = ["w2"]
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [
            ProblemKey(.unknownConfusable, entry: 1, field: "confusable"),
            ProblemKey(.unknownConfusable, entry: 2, field: "confusable"),
        ])
    }
}
