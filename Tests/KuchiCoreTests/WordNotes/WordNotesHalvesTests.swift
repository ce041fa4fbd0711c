import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiDeck

/// WordNotesHalvesTests: the bundled notes are read as two halves, each on its own first use —
/// the accents for every answer's feedback, the sentences only where a card or page shows them
/// (issue 39) — and a word's notes are what reading the whole folder gives.
@Suite("Word notes: accents and sentences read on their own")
struct WordNotesHalvesTests {
    /// bundledFolder: where the bundled deck and its notes are.
    static func bundledFolder() throws -> URL {
        try #require(BundledDeckLocation.url(), "the bundled deck is found").deletingLastPathComponent()
    }

    @Test("every bundled word's accent and sentences, through the halves, are the whole folder's")
    func halvesAgreeWithTheWhole() throws {
        let whole = WordNotes.load(folder: try Self.bundledFolder())
        #expect(whole.counts.accents > 0 && whole.counts.sentences > 0)
        #expect(WordNotes.bundledAccents.count == whole.counts.accents)
        #expect(WordNotes.bundledSentences.count == whole.counts.sentences)
        for challenge in try Deck.bundled().challenges {
            #expect(challenge.accent == whole.accent(for: challenge), "\(challenge.question)")
            #expect(challenge.sentences == whole.sentences(for: challenge), "\(challenge.question)")
        }
        #expect(WordNotes.bundled.counts == whole.counts)
    }

    @Test("each half needs only its own file: accents without sentences.json, sentences without accents.json")
    func eachHalfReadsItsOwnFile() throws {
        let source = try Self.bundledFolder()
        let accentsOnly = try TemporaryDirectory(prefix: "kuchi-notes-accents")
        try FileManager.default.copyItem(at: source.appendingPathComponent("accents.json"), to: accentsOnly.file("accents.json"))
        let sentencesOnly = try TemporaryDirectory(prefix: "kuchi-notes-sentences")
        try FileManager.default.copyItem(at: source.appendingPathComponent("sentences.json"), to: sentencesOnly.file("sentences.json"))
        let whole = WordNotes.load(folder: source)

        #expect(WordNotes.loadAccents(folder: accentsOnly.url) == whole.accents)
        #expect(WordNotes.loadSentences(folder: accentsOnly.url).isEmpty)
        #expect(WordNotes.loadSentences(folder: sentencesOnly.url) == whole.sentences)
        #expect(WordNotes.loadAccents(folder: sentencesOnly.url).isEmpty)
        // A damaged half gives none of its kind and leaves the other whole.
        try Data("{\"entries\": [".utf8).write(to: accentsOnly.file("sentences.json"))
        #expect(WordNotes.load(folder: accentsOnly.url).accents == whole.accents)
        #expect(WordNotes.load(folder: accentsOnly.url).sentences.isEmpty)
    }
}
