import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// Deck text that looks like something it is not: invisible and format characters in any shown
/// field, answers that only look alike, and JSON syntax errors reported where they are.
@Suite("Deck text and JSON errors")
struct DeckTextTests {
    static let invisible: [Unicode.Scalar] = [
        "\u{034F}", "\u{FE00}", "\u{FE0F}", "\u{E0001}", "\u{E0041}", "\u{E007F}", "\u{00AD}", "\u{180E}", "\u{3164}",
        "\u{2800}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200B}", "\u{200C}",
        "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{E0100}",
    ]

    @Test("invisible and format characters are refused in every shown field", arguments: invisible)
    func invisibleInEveryField(scalar: Unicode.Scalar) {
        let mark = String(Character(scalar))
        var entries = DeckJSON.words(4)
        entries[0]["question"] = "ね\(mark)こ"
        entries[1]["category"] = "Ani\(mark)mals"
        entries[2]["pronunciation"] = "ne\(mark)ko"
        entries[3]["also"] = ["c\(mark)at"]
        var second = DeckJSON.words(3, prefix: "x")
        second[0]["reading"] = "ね\(mark)こ"
        second[1]["answer"] = "c\(mark)at"
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [
            ProblemKey(.invisibleCharacter, entry: 1, field: "question"),
            ProblemKey(.invisibleCharacter, entry: 2, field: "category"),
            ProblemKey(.invisibleCharacter, entry: 3, field: "pronunciation"),
            ProblemKey(.invisibleCharacter, entry: 4, field: "also"),
        ])
        #expect(keys(deckProblems(DeckJSON.data(second))) == [
            ProblemKey(.invisibleCharacter, entry: 1, field: "reading"),
            ProblemKey(.invisibleCharacter, entry: 2, field: "answer"),
        ])
    }

    @Test("the title is checked too")
    func invisibleTitle() {
        #expect(keys(deckProblems(DeckJSON.data(DeckJSON.words(3), title: "Kuchi\u{202E}"))) == [
            ProblemKey(.invisibleCharacter, field: "title"),
        ])
    }

    @Test("answers that look alike are duplicates", arguments: [
        ("cat", "\u{0441}\u{0430}t"),           // Cyrillic с and а
        ("good", "g\u{03BF}\u{03BF}d"),         // Greek ο
        ("Tea", "\u{FF34}\u{FF45}\u{FF41}"),    // full-width letters (NFKC)
        ("ice cream", "ice  cream"),            // white space runs
        ("fish", "\u{FB01}sh"),                 // the fi ligature (NFKC)
        ("epic", "\u{0435}\u{0440}\u{0456}\u{0441}"),  // all Cyrillic
    ])
    func lookAlikeAnswers(pair: (String, String)) {
        var entries = DeckJSON.words(3)
        entries[0]["answer"] = pair.0
        entries[2]["answer"] = pair.1
        #expect(keys(deckProblems(DeckJSON.data(entries))) == [ProblemKey(.duplicateAnswer, entry: 3, field: "answer")])
    }

    @Test("different answers stay different")
    func differentAnswers() throws {
        var entries = DeckJSON.words(3)
        entries[0]["answer"] = "hot (weather)"
        entries[1]["answer"] = "hot (to the touch)"
        entries[2]["answer"] = "Ελλάδα"
        #expect(try makeDeck(entries).challenges.count == 3)
    }

    @Test("a JSON syntax error is reported with its line and column", arguments: [
        ("{\n  \"title\": \"T\"\n  \"challenges\": []\n}", "line 3, column 3: expected ',' or '}'"),
        ("{\"challenges\": [1, 2,]}", "line 1, column 22: expected a value"),
        ("{\"title\": \"ねこ\" x}", "line 1, column 16: expected ',' or '}'"),
        ("{\"title\": \"open", "line 1, column 16: unexpected end of file inside a string"),
        ("{\"title\" \"T\"}", "line 1, column 10: expected ':'"),
        ("{\"a\": tru}", "line 1, column 7: expected a value"),
        ("{\"a\": \"\\q\"}", "line 1, column 9: invalid escape in a string"),
        ("{} {}", "line 1, column 4: unexpected text after the end of the JSON value"),
        ("", "line 1, column 1: unexpected end of file; expected a value"),
        ("{\"a\": 01}", "line 1, column 8: expected ',' or '}'"),
    ])
    func syntaxErrorPosition(text: String, expected: String) {
        #expect(JSONSyntaxScanner.firstError(in: Array(text.utf8))?.description == expected)
    }

    @Test("a deck that is not JSON says where the first syntax error is", arguments: [
        ("{\n  \"title\": \"T\"\n  \"challenges\": []\n}", "line 3, column 3: expected ',' or '}'"),
        ("{\"title\": \"ねこ\" x}", "line 1, column 16: expected ',' or '}'"),
        ("{\"title\" \"T\"}", "line 1, column 10: expected ':'"),
        ("{\"challenges\": [{\"question\": \"a\"", "line 1, column 33: unexpected end of file; expected '}'"),
    ])
    func deckSyntaxError(text: String, expected: String) {
        let problems = deckProblems(Data(text.utf8))
        #expect(keys(problems) == [ProblemKey(.notJSON)])
        #expect(problems.first?.message == "it is not valid JSON: \(expected)")
    }

    @Test("valid JSON has no syntax error, whatever its shape", arguments: [
        "{}", "[]", "\"text\"", "-0.5e+3", "null", " {\"a\": [true, false, null, {\"b\": \"\\u00e9\\n\"}]} ",
        "\u{FEFF}{\"a\": 1}",
    ])
    func validJSON(text: String) {
        #expect(JSONSyntaxScanner.firstError(in: Array(text.utf8)) == nil)
    }

    @Test("deep nesting is reported, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000)
        #expect(JSONSyntaxScanner.firstError(in: Array(text.utf8))?.message.contains("nested more than") == true)
    }
}
