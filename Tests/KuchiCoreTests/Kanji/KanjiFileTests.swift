import Foundation
@testable import KuchiCore
import Testing
@testable import KuchiDeck

/// KanjiFileTests: the bundled kanji file against KANJIDIC2 for every kanji the deck writes, and
/// `kuchi kanji`'s page (text and JSON) for each of them.
@Suite("Kanji from KANJIDIC2")
struct KanjiFileTests {
    /// deckKanji: every kanji the bundled deck writes (questions and other written forms), in order.
    static func deckKanji(_ deck: Deck) -> [Character] {
        var seen = Set<Character>()
        return deck.challenges.flatMap { [$0.question] + $0.written }.flatMap { $0 }
            .filter { KanjiCharacter.isKanji($0) && seen.insert($0).inserted }
    }

    @Test("every kanji of the deck is in the file, as KANJIDIC2 gives it")
    func everyKanjiMatchesKanjidic() throws {
        try #require(FileManager.default.fileExists(atPath: KanjidicReader.path),
                     "KANJIDIC2 is missing: run scripts/install-deps --tests (Debian's kanjidic-xml)")
        let deck = try Deck.bundled()
        let kanji = Self.deckKanji(deck)
        #expect(kanji.count > 700, "the N5 and N4 words write hundreds of kanji")
        let source = try KanjidicReader.entries(wanted: Set(kanji.map(String.init)))
        let file = KanjiDictionary.bundled
        #expect(file.count == kanji.count, "the file holds the deck's kanji and no others")
        for character in kanji {
            let expected = try #require(source[String(character)], "KANJIDIC2 knows \(character)")
            #expect(file.entry(for: character) == expected, "\(character)")
        }
    }

    @Test("the page of every kanji: exactly the keys the issue names, KANJIDIC2's values, the deck's words")
    func everyPage() throws {
        let deck = try Deck.bundled()
        for character in Self.deckKanji(deck) {
            let entry = try #require(KanjiDictionary.bundled.entry(for: character))
            let page = KanjiPage(entry: entry, deck: deck)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(page.json().utf8)) as? [String: Any])
            #expect(Set(object.keys) == ["kanji", "meanings", "on", "kun", "strokes", "grade", "jlpt", "words"])
            #expect(object["kanji"] as? String == String(character))
            #expect(object["meanings"] as? [String] == entry.meanings)
            #expect(object["on"] as? [String] == entry.on && object["kun"] as? [String] == entry.kun)
            #expect(object["strokes"] as? Int == entry.strokes)
            #expect(object["grade"] as? Int == entry.grade && (entry.grade != nil || object["grade"] is NSNull))
            #expect(object["jlpt"] as? Int == entry.jlpt && (entry.jlpt != nil || object["jlpt"] is NSNull))
            let words = try #require(object["words"] as? [[String: String]])
            let writing = deck.challenges.filter { $0.question.contains(character) || $0.written.contains { $0.contains(character) } }
            #expect(!words.isEmpty && words.count == writing.count, "\(character)")
            #expect(words.map { $0["word"] } == writing.map(\.question))
            #expect(words.map { $0["reading"] } == writing.map { $0.reading ?? $0.question })
            #expect(words.map { $0["meaning"] } == writing.map(\.answer))
            #expect(words.allSatisfy { Set($0.keys) == ["word", "reading", "meaning"] })
        }
    }

    @Test("勉: the text page names its meanings, readings, figures and words")
    func textPage() throws {
        let deck = try Deck.bundled()
        let entry = try #require(KanjiDictionary.bundled.entry(for: "勉"))
        let lines = KanjiPage(entry: entry, deck: deck).textLines()
        #expect(lines[0].hasPrefix("勉  exertion, endeavour"))
        #expect(lines.contains("on: ベン") && lines.contains("kun: つと.める"))
        #expect(lines.contains("10 strokes · grade 3 · JLPT level 3 (old four-level test)"))
        #expect(lines.contains { $0.hasPrefix("  勉強  べんきょう  “study") })
    }

    @Test("a word's kanji: each once, in order; kana and 々 are no kanji; a kanji the file lacks is left out")
    func wordKanji() {
        let file = KanjiDictionary.bundled
        #expect(file.kanji(in: "勉強").map(\.kanji) == ["勉", "強"])
        #expect(file.kanji(in: "時々").map(\.kanji) == ["時"])
        #expect(file.kanji(in: "人々の人").map(\.kanji) == ["人"])
        #expect(file.kanji(in: "ねこ").isEmpty)
        #expect(file.kanji(in: "鬱").isEmpty)
        #expect(!KanjiCharacter.isKanji("々") && !KanjiCharacter.isKanji("a") && KanjiCharacter.isKanji("鬱"))
    }
}
