import Foundation
@testable import KuchiCore
import Testing
@testable import KuchiDeck

/// ImportedNotesTests: notes for imported words the bundled deck lacks (issue 38) — the accent
/// from Open JTalk's dictionary, sentences from the bundled sentence file, kanji from the kanji
/// file — made at import, kept beside the deck and found again by the word.
@Suite("Notes for imported words")
struct ImportedNotesTests {
    /// engine: Open JTalk as scripts/install-deps installs it.
    static func engine() throws -> OpenJTalkAccents {
        let engine = try #require(try? SpeechEngine.find().get(), "Open JTalk is missing: run scripts/install-deps")
        return OpenJTalkAccents(engine: engine)
    }

    @Test("accents as naist-jdic gives them: one word, a word read otherwise from its written form, a compound")
    func accents() throws {
        let folder = try TemporaryDirectory()
        let words = [("猫背", "ねこぜ"), ("案内所", "あんないじょ"), ("辛い", "からい"), ("東京", "とうきょう"), ("猫の手", "ねこのて"),
                     ("ｘｙｚ", "xyz")]
        let found = try Self.engine().accents(for: words, in: folder.url)
        #expect(found[0] == PitchAccent(accent: 2, morae: 3), "猫背: ネコゼ 2/3")
        #expect(found[1] == PitchAccent(accent: 0, morae: 5), "案内所: アンナイジョ 0/5")
        #expect(found[2] == PitchAccent(accent: 2, morae: 3), "辛い read からい, not つらい: the reading is analysed")
        #expect(found[3] == PitchAccent(accent: 0, morae: 4), "東京 0/4")
        let compound = try #require(found[4])
        #expect(compound.phrases.map(\.morae).reduce(0, +) == 4, "the compound's phrases cover its four morae")
        #expect(found[5] == nil, "Latin letters are not looked up")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "no scratch file is left")
    }

    @Test("a long list is cut into runs Open JTalk reads whole: 300 deck words get the accents make-accents gave them")
    func manyWords() throws {
        let folder = try TemporaryDirectory()
        let deck = try Deck.bundled()
        let words = Array(deck.challenges.filter { $0.reading != nil }.prefix(300))
        let batches = OpenJTalkAccents.batches(Array(words.indices)) { words[$0].question }
        #expect(batches.joined().map { $0 } == Array(words.indices), "every word once, in order")
        #expect(batches.allSatisfy { batch in batch.map { words[$0].question.utf8.count + 3 }.reduce(0, +) <= OpenJTalkAccents.batchBytes })
        let found = try Self.engine().accents(for: words.map { ($0.question, $0.reading ?? $0.question) }, in: folder.url)
        // make-accents also searches mecab's other parses (一日 as ついたち), which the engine alone
        // does not offer: those few get no accent rather than another reading's.
        #expect(found.count >= 280, "\(found.count) of 300 found")
        // accents.json is the same dictionary's, with a person's review where Wadoku disagreed.
        let same = words.indices.filter { found[$0]?.accent == words[$0].accent?.accent }.count
        #expect(same >= 270, "\(same) of 300 as in accents.json")
    }

    @Test("an imported deck's notes are written beside it and found again by the word; bundled words need none")
    func savedAndFound() throws {
        let home = try TemporaryDirectory()
        let library = DeckLibrary(dataDirectory: home.url)
        let deck = try makeDeck([
            ["question": "猫背", "reading": "ねこぜ", "pronunciation": "nekoze", "answer": "stoop"],
            ["question": "東京", "reading": "とうきょう", "pronunciation": "tōkyō", "answer": "Tokyo"],
            ["question": "猫", "reading": "ねこ", "pronunciation": "neko", "answer": "cat"],
        ])
        try library.save(Data("{}".utf8), as: "mine", replace: false)
        let summary = ImportedNotes.save(for: deck, deckFile: library.fileURL(for: "mine"))
        #expect(summary.words == 2, "猫 is the bundled deck's: its notes are the bundled ones")
        #expect(summary.accents == 2 && summary.sentences == 1 && summary.engineProblem == nil)
        #expect(summary.line.contains("2 with a pitch accent"))
        let file = ImportedNotes.file(forDeck: library.fileURL(for: "mine"))
        #expect(file.path == home.url.appendingPathComponent("deck-notes/mine.json").path)
        #expect(library.names() == ["mine"], "the notes are not listed as a deck")
        let nekoze = deck.challenges[0], tokyo = deck.challenges[1]
        #expect(nekoze.accent == PitchAccent(accent: 2, morae: 3))
        #expect(tokyo.accent == PitchAccent(accent: 0, morae: 4))
        #expect(!tokyo.sentences.isEmpty && tokyo.sentences.allSatisfy { $0.ja.contains("東京") })
        #expect(nekoze.kanji.map(\.kanji) == ["猫", "背"], "kanji come from the bundled kanji file")
        #expect(deck.challenges[2].accent == WordNotes.bundled.accent(for: deck.challenges[2]))
    }

    @Test("without Open JTalk the import says so and keeps the sentences")
    func withoutEngine() throws {
        let home = try TemporaryDirectory()
        let library = DeckLibrary(dataDirectory: home.url)
        let deck = try makeDeck([
            ["question": "東京", "reading": "とうきょう", "pronunciation": "tōkyō", "answer": "Tokyo"],
            ["question": "猫背", "reading": "ねこぜ", "pronunciation": "nekoze", "answer": "stoop"],
            ["question": "ぴかぴか", "pronunciation": "pikapika", "answer": "sparkling"],
        ])
        let summary = ImportedNotes.save(for: deck, deckFile: library.fileURL(for: "plain"), environment: ["PATH": "/nonexistent"])
        #expect(summary.engineProblem == .noEngine && summary.accents == 0 && summary.sentences == 1)
        #expect(summary.line.contains("no pitch accents (Open JTalk is not installed"))
    }

    @Test("sentences are matched only for words that cannot hide inside longer ones")
    func sentenceMatching() {
        let notes = WordNotes.bundled
        #expect(notes.sentences(writing: "猫").isEmpty, "one kanji would be found in 猫背")
        #expect(notes.sentences(writing: "ねこ").isEmpty, "two kana would be found everywhere")
        let found = notes.sentences(writing: "東京")
        #expect(!found.isEmpty && found.count <= 3)
        #expect(found.map(\.ja.count) == found.map(\.ja.count).sorted(), "shortest first")
    }
}
