import Foundation
import Testing

/// KanjiCommandE2ETests: `kuchi kanji CHAR [--json]` as a shell sees it — the page, the JSON, and
/// the exit statuses: 0, 1 for a kanji Kuchi's file lacks, 2 for anything but one kanji.
struct KanjiCommandE2ETests {
    @Test func aKanjiOfTheDeckPrintsItsPage() throws {
        let result = try runKuchi(["kanji", "勉"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("勉  exertion, endeavour"))
        #expect(result.standardOutput.contains("  勉強  べんきょう  “study"))
        #expect(result.standardError.isEmpty)
    }

    @Test func jsonHasTheKeysTheIssueNames() throws {
        let result = try runKuchi(["kanji", "強", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["kanji", "meanings", "on", "kun", "strokes", "grade", "jlpt", "words"])
        #expect(object["kanji"] as? String == "強" && object["strokes"] as? Int == 11 && object["grade"] as? Int == 2)
        #expect((object["meanings"] as? [String])?.first == "strong")
        let words = try #require(object["words"] as? [[String: String]])
        #expect(words.contains { $0 == ["word": "勉強", "reading": "べんきょう", "meaning": "study"] })
    }

    @Test(arguments: ["ab", "勉強", "ね", "a", "々", ""])
    func notOneKanjiExitsTwoWithOneSentence(_ text: String) throws {
        let result = try runKuchi(["kanji", text])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        let message = result.standardError.trimmingCharacters(in: .newlines)
        #expect(message.hasPrefix("kuchi: ") && !message.contains("\n") && message.hasSuffix("."), "\(message)")
    }

    @Test func aKanjiTheFileLacksExitsOne() throws {
        let result = try runKuchi(["kanji", "鬱"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("鬱 is not in Kuchi's kanji file"))
    }
}
