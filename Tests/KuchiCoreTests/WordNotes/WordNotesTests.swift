import Foundation
import KuchiCore
import Testing
import KuchiDeck

/// WordNotesTests: the bundled deck's generated notes — every entry's pitch accent, the
/// example sentences — joined to the deck by written form and reading.
@Suite("Word notes: pitch accents and sentences of the bundled deck")
struct WordNotesTests {
    /// deck: the bundled deck, as the app loads it.
    static func deck() throws -> Deck { try Deck.bundled() }

    /// entry: the bundled entry written `question`.
    static func entry(_ question: String) throws -> Challenge {
        try #require(try deck().challenges.first { $0.question == question }, "\(question) is in the bundled deck")
    }

    @Test("every bundled entry has an accent whose phrases cover its reading's morae")
    func everyEntryHasAnAccent() throws {
        let deck = try Self.deck()
        #expect(deck.challenges.count >= 700)
        for challenge in deck.challenges {
            let accent = try #require(challenge.accent, "\(challenge.question) has an accent")
            let morae = Mora.split(challenge.reading ?? challenge.question).count
            #expect(accent.phrases.reduce(0) { $0 + $1.morae } == morae, "\(challenge.question): phrases cover \(morae) morae")
            #expect((0...morae).contains(accent.accent), "\(challenge.question): accent \(accent.accent) within 0…\(morae)")
        }
    }

    @Test("homophones differ: 箸 1 and 橋 2, 雨 1 and 飴 0, 今 1; a reviewed accent is the one kept (毎日 1)")
    func homophonesDiffer() throws {
        #expect(try Self.entry("箸").accent?.accent == 1)
        #expect(try Self.entry("橋").accent?.accent == 2)
        #expect(try Self.entry("雨").accent?.accent == 1)
        #expect(try Self.entry("飴").accent?.accent == 0)
        #expect(try Self.entry("今").accent?.accent == 1)
        #expect(try Self.entry("毎日").accent?.accent == 1)
        let chopsticks = try #require(try Self.entry("箸").accent).pitches
        let bridge = try #require(try Self.entry("橋").accent).pitches
        #expect(chopsticks.morae == [.high, .low])
        #expect(bridge.morae == [.low, .high] && bridge.particle == .low)
    }

    @Test("Tokyo pitch rules: flat rises and stays up, odaka falls on the particle, nakadaka inside the word")
    func tokyoRules() {
        // 端 (0), 橋 (2): the same morae; only the particle after them tells them apart.
        let edge = PitchAccent(accent: 0, morae: 2).pitches
        let bridge = PitchAccent(accent: 2, morae: 2).pitches
        #expect(edge.morae == bridge.morae)
        #expect(edge.particle == .high && bridge.particle == .low)
        #expect(PitchAccent(accent: 2, morae: 4).pitches.morae == [.low, .high, .low, .low])
        #expect(PitchAccent(accent: 1, morae: 3).pitches.morae == [.high, .low, .low])
        #expect(PitchAccent(accent: 0, morae: 1).pitches.morae == [.low])
        // Two phrases: each starts low again; the accent counts over the whole word.
        let phrases = PitchAccent(phrases: [.init(morae: 2, accent: 1), .init(morae: 6, accent: 4)])
        #expect(phrases.accent == 1)
        #expect(phrases.pitches.morae == [.high, .low, .low, .high, .high, .high, .low, .low])
    }

    @Test("morae: small kana join the one before; っ, ん and ー count")
    func morae() {
        #expect(Mora.split("きょう") == ["きょ", "う"])
        #expect(Mora.split("がっこう") == ["が", "っ", "こ", "う"])
        #expect(Mora.split("コーヒー") == ["コ", "ー", "ヒ", "ー"])
        #expect(Mora.split("しんぶん").count == 4)
    }

    @Test("sentences: at most three, with Tatoeba ids, each containing its word; most entries have one")
    func sentences() throws {
        let deck = try Self.deck()
        var withOne = 0
        for challenge in deck.challenges {
            let sentences = challenge.sentences
            #expect(sentences.count <= 3)
            if !sentences.isEmpty { withOne += 1 }
            #expect(Set(sentences.map(\.id)).count == sentences.count, "\(challenge.question): ids differ")
            for sentence in sentences {
                #expect(sentence.id > 0 && !sentence.ja.isEmpty && !sentence.en.isEmpty)
                // The parse itself is checked by scripts/verify-notes; here, that the written
                // word (or an inflecting word's stem) is in the sentence at all.
                let inflects = challenge.question.count > 1 && challenge.question.last.map { "うくぐすつぬぶむるい".contains($0) } == true
                let stem = inflects ? String(challenge.question.dropLast()) : challenge.question
                #expect(sentence.ja.contains(stem), "\(challenge.question): \(sentence.ja)")
            }
        }
        #expect(withOne * 10 >= deck.challenges.count * 8, "\(withOne) of \(deck.challenges.count) entries have a sentence")
    }

    @Test("a word not in the notes has none, and nothing breaks")
    func unknownWord() {
        let made = Challenge(question: "宇宙船", reading: "うちゅうせん", pronunciation: "uchūsen", answer: "spaceship")
        #expect(made.accent == nil)
        #expect(made.sentences.isEmpty)
        #expect(WordNotes.empty.accent(for: made) == nil)
    }
}

/// WordNotesJSONTests: the keys a command printing an entry as JSON encodes beside it.
@Suite("Word notes as JSON: accent and sentences")
struct WordNotesJSONTests {
    @Test("`accent` and `sentences: [{ja, en, id}]`; accent null for an unknown word")
    func keys() throws {
        let cat = try WordNotesTests.entry("猫")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(WordNotesJSON(cat))) as? [String: Any])
        #expect(object["accent"] as? Int == 1)
        let sentences = try #require(object["sentences"] as? [[String: Any]])
        #expect(!sentences.isEmpty && sentences.allSatisfy { $0["ja"] is String && $0["en"] is String && $0["id"] is Int })
        let unknown = Challenge(question: "宇宙船", reading: "うちゅうせん", pronunciation: "uchūsen", answer: "spaceship")
        let empty = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(WordNotesJSON(unknown))) as? [String: Any])
        #expect(empty["accent"] is NSNull && (empty["sentences"] as? [Any])?.isEmpty == true)
    }
}
