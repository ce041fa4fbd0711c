import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

@Suite("Deck validation")
struct DeckValidationTests {
    @Test("a clean deck decodes with trimmed fields, title, attribution and categories")
    func cleanDeckDecodes() throws {
        let data = DeckJSON.object([
            "title": "Greetings",
            "attribution": "SwiftUI by Tutorials",
            "challenges": [
                DeckJSON.entry(" 水 ", "mizu", " Water ", reading: "みず", category: "Nature"),
                DeckJSON.entry("ミルク", "miruku", "Milk", category: "Food"),
                DeckJSON.entry("人々", "hitobito", "People", reading: "ひとびと"),
            ],
        ])
        let deck = try Deck.decode(data)
        #expect(deck.title == "Greetings")
        #expect(deck.attribution == "SwiftUI by Tutorials")
        #expect(deck.challenges == [
            Challenge(question: "水", reading: "みず", pronunciation: "mizu", answer: "Water", category: "Nature"),
            Challenge(question: "ミルク", pronunciation: "miruku", answer: "Milk", category: "Food"),
            Challenge(question: "人々", reading: "ひとびと", pronunciation: "hitobito", answer: "People"),
        ])
        #expect(deck.categories.map(\.name) == ["Nature", "Food", "Uncategorised"])
        #expect(deck.categories.map(\.count) == [1, 1, 1])
    }

    @Test("a deck without a title gets a default one")
    func defaultTitle() throws {
        let deck = try Deck.decode(DeckJSON.object(["challenges": DeckJSON.words(3)]))
        #expect(deck.title == "Untitled deck")
        #expect(deck.attribution == nil)
    }

    // MARK: Not JSON, wrong shape

    @Test("bytes that are not JSON are notJSON", arguments: [
        Data("this is not a deck".utf8),
        Data([0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0xFF, 0x22, 0x7D]),  // {"t":"<invalid UTF-8>"}
        DeckJSON.data(DeckJSON.greetings).prefix(40),
        Data(),
    ])
    func notJSON(data: Data) {
        #expect(keys(deckProblems(data)) == [ProblemKey(.notJSON)])
    }

    @Test("a top-level array is the wrong shape")
    func topLevelArray() {
        let data = DeckJSON.object(DeckJSON.entries(DeckJSON.greetings))
        #expect(keys(deckProblems(data)) == [ProblemKey(.wrongShape)])
    }

    // MARK: Missing fields and wrong types

    @Test("a deck without challenges is missing a field")
    func missingChallenges() {
        let problems = deckProblems(DeckJSON.object(["title": "Empty"]))
        #expect(keys(problems) == [ProblemKey(.missingField, field: "challenges")])
    }

    @Test("an entry missing its question, pronunciation and answer reports all three")
    func missingEntryFields() {
        var entries = DeckJSON.words(3)
        entries.append(["category": "Nothing else"])
        let problems = deckProblems(DeckJSON.data(entries))
        #expect(keys(problems) == [
            ProblemKey(.missingField, entry: 4, field: "question"),
            ProblemKey(.missingField, entry: 4, field: "pronunciation"),
            ProblemKey(.missingField, entry: 4, field: "answer"),
        ])
    }

    @Test("challenges that are not an array have the wrong type", arguments: ["\"words\"", "{}", "42", "null"])
    func challengesNotArray(value: String) {
        let data = Data("{\"title\":\"T\",\"challenges\":\(value)}".utf8)
        let problems = deckProblems(data)
        // null counts as present but of the wrong type, like the other values.
        #expect(keys(problems) == [ProblemKey(.wrongType, field: "challenges")])
    }

    @Test("an entry that is not an object has the wrong type, at its own index")
    func entryNotObject() {
        var entries: [Any] = DeckJSON.words(3)
        entries.insert("はい", at: 1)
        entries.append(["a", "b"])
        let problems = deckProblems(DeckJSON.data(entries))
        #expect(keys(problems) == [ProblemKey(.wrongType, entry: 2), ProblemKey(.wrongType, entry: 5)])
    }

    @Test("a string field holding another JSON type has the wrong type", arguments: ["42", "4.5", "true", "false", "null", "[\"Yes\"]", "{}"])
    func stringFieldWrongType(value: String) {
        let json = """
        {"challenges":[
          {"question":"はい","pronunciation":"hai","answer":\(value)},
          {"question":"いいえ","pronunciation":"iie","answer":"No"},
          {"question":"ありがとう","pronunciation":"arigatō","answer":"Thank you"}
        ]}
        """
        #expect(keys(deckProblems(Data(json.utf8))) == [ProblemKey(.wrongType, entry: 1, field: "answer")])
    }

    @Test("optional fields of the wrong type are reported too")
    func optionalFieldWrongType() {
        var entries = DeckJSON.words(3)
        entries[2]["category"] = 7
        let data = DeckJSON.object(["title": ["not", "a", "string"], "challenges": entries])
        #expect(keys(deckProblems(data)) == [
            ProblemKey(.wrongType, field: "title"),
            ProblemKey(.wrongType, entry: 3, field: "category"),
        ])
    }

    // MARK: Field contents

    @Test("empty and blank fields are empty", arguments: ["", "   ", "\t\n"])
    func emptyField(value: String) {
        var entries = DeckJSON.words(3)
        entries[1]["pronunciation"] = value
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [ProblemKey(.emptyField, entry: 2, field: "pronunciation")])
    }

    @Test("control characters are refused in every field", arguments: ["\u{1B}[31mRed", "Bell\u{07}", "C1\u{9B}2J", "Del\u{7F}"])
    func controlCharacter(value: String) {
        var entries = DeckJSON.words(3)
        entries[0]["question"] = value
        entries[2]["answer"] = value
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [
            ProblemKey(.controlCharacter, entry: 1, field: "question"),
            ProblemKey(.controlCharacter, entry: 3, field: "answer"),
        ])
    }

    @Test("invisible characters are refused in answers", arguments: ["Hel\u{200B}lo", "\u{202E}olleH", "Hello\u{FEFF}", "\u{2067}Hello\u{2069}", "Hel\u{2060}lo"])
    func invisibleCharacter(value: String) {
        var entries = DeckJSON.words(3)
        entries[1]["answer"] = value
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [ProblemKey(.invisibleCharacter, entry: 2, field: "answer")])
    }

    @Test("a question with kanji needs a reading", arguments: [nil, "null"] as [String?])
    func readingRequired(reading: String?) {
        let readingJSON = reading.map { ",\"reading\":\($0)" } ?? ""
        let json = """
        {"challenges":[
          {"question":"いいえ","pronunciation":"iie","answer":"No"},
          {"question":"水","pronunciation":"mizu","answer":"Water"\(readingJSON)},
          {"question":"ありがとう","pronunciation":"arigatō","answer":"Thank you"}
        ]}
        """
        #expect(keys(deckProblems(Data(json.utf8))) == [ProblemKey(.readingRequired, entry: 2, field: "reading")])
    }

    @Test("a reading must be kana", arguments: ["mizu", "水", "みず1"])
    func readingNotKana(reading: String) {
        var entries = DeckJSON.words(3)
        entries[2] = DeckJSON.entry("水", "mizu", "Water", reading: reading)
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [ProblemKey(.readingNotKana, entry: 3, field: "reading")])
    }

    @Test("hiragana, katakana and the long-vowel mark are kana")
    func kanaReadings() throws {
        let deck = try makeDeck([
            DeckJSON.entry("珈琲", "kōhī", "Coffee", reading: "コーヒー"),
            DeckJSON.entry("水", "mizu", "Water", reading: "みず"),
            DeckJSON.entry("お茶", "ocha", "Tea", reading: "お ちゃ"),
        ])
        #expect(deck.challenges.compactMap(\.reading) == ["コーヒー", "みず", "お ちゃ"])
    }

    // MARK: Duplicates and size

    @Test("a repeated question is reported at the repeat")
    func duplicateQuestion() {
        var entries = DeckJSON.words(4)
        entries[3]["question"] = "w1"
        let problems = deckProblems(DeckJSON.data(entries))
        #expect(keys(problems) == [ProblemKey(.duplicateQuestion, entry: 4, field: "question")])
        #expect(problems.first?.message.contains("entry 1") == true)
    }

    @Test("answers differing only in case or spaces are duplicates (Kuchi's two \"Hello\"s)")
    func duplicateAnswer() {
        let data = DeckJSON.data([
            ("こんにちは", "konnichiwa", "Hello"),
            ("はい", "hai", "Yes"),
            ("もしもし", "moshimoshi", "hello "),
            ("いいえ", "iie", "HELLO"),
        ])
        let problems = deckProblems(data)
        #expect(keys(problems) == [
            ProblemKey(.duplicateAnswer, entry: 3, field: "answer"),
            ProblemKey(.duplicateAnswer, entry: 4, field: "answer"),
        ])
        #expect(problems.allSatisfy { $0.message.contains("entry 1") })
    }

    @Test("fewer entries than choices is too few", arguments: [0, 1, 2])
    func tooFewEntries(count: Int) {
        #expect(keys(deckProblems(DeckJSON.data(DeckJSON.words(count)))) == [ProblemKey(.tooFewEntries, field: "challenges")])
    }

    @Test("exactly as many entries as choices is enough")
    func minimumDeck() throws {
        let deck = try makeDeck(DeckJSON.words(Deck.minimumEntries))
        #expect(deck.challenges.count == Deck.minimumEntries)
    }

    @Test("every problem is reported, in entry order, not just the first")
    func allProblemsReported() {
        let entries: [Any] = [
            DeckJSON.entry("こんにちは", "konnichiwa", "Hello"),
            ["question": "", "answer": 3] as [String: Any],
            DeckJSON.entry("水", "mizu", "hello"),
            DeckJSON.entry("こんにちは", "konnichiwa", "Good day", reading: "kon"),
        ]
        let problems = deckProblems(DeckJSON.data(entries))
        #expect(keys(problems) == [
            ProblemKey(.emptyField, entry: 2, field: "question"),
            ProblemKey(.missingField, entry: 2, field: "pronunciation"),
            ProblemKey(.wrongType, entry: 2, field: "answer"),
            ProblemKey(.readingRequired, entry: 3, field: "reading"),
            ProblemKey(.duplicateAnswer, entry: 3, field: "answer"),
            ProblemKey(.readingNotKana, entry: 4, field: "reading"),
            ProblemKey(.duplicateQuestion, entry: 4, field: "question"),
        ])
    }
}
