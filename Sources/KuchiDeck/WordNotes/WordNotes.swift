import Foundation
import KuchiBase

/// WordNotes: what Kuchi knows about a word beyond the deck entry — its pitch accent and up to
/// three example sentences — from the generated files beside the bundled deck
/// (`accents.json`, `sentences.json`, made by scripts/make-accents and scripts/make-sentences).
///
/// Kept out of `Challenge` and the deck file on purpose: the deck is edited by hand and
/// validated, these are generated and re-run after it changes, and a word's notes are looked
/// up by its written form and reading, so an imported deck that holds the same word gets the
/// same accent and sentences. An entry with no notes has none; nothing depends on them.
public final class WordNotes: Sendable {
    /// Key: how the generated files name an entry.
    package struct Key: Hashable, Sendable {
        package let question: String
        package let reading: String
    }

    package let accents: [Key: PitchAccent]
    package let sentences: [Key: [ExampleSentence]]

    /// init: notes from already decoded tables (tests build small ones).
    package init(accents: [Key: PitchAccent], sentences: [Key: [ExampleSentence]]) {
        self.accents = accents
        self.sentences = sentences
    }

    /// empty: no notes at all (the generated files are missing).
    public static let empty = WordNotes(accents: [:], sentences: [:])

    /// bundled: the notes shipped with Kuchi, read on first use (not at start-up: the first
    /// screen never needs them) from the folder the bundled deck is in.
    public static let bundled = WordNotes(accents: bundledAccents, sentences: bundledSentences)

    /// bundledAccents, bundledSentences: the two halves of `bundled`, each read on its own first
    /// use: every answer's feedback shows the word's accent, but only a new word's card and the
    /// word page show sentences, and decoding sentences.json (five times accents.json) was the
    /// peak of a session's heap (issue 39).
    package static let bundledAccents: [Key: PitchAccent] = bundledFolder.map(loadAccents) ?? [:]
    package static let bundledSentences: [Key: [ExampleSentence]] = bundledFolder.map(loadSentences) ?? [:]

    /// bundledFolder: the folder the bundled deck is in, where its notes are.
    private static var bundledFolder: URL? { BundledDeckLocation.url()?.deletingLastPathComponent() }

    /// load: the notes in `folder`; a missing or damaged file gives no notes of its kind.
    public static func load(folder: URL) -> WordNotes {
        WordNotes(accents: loadAccents(folder: folder), sentences: loadSentences(folder: folder))
    }

    /// loadAccents: accents.json in `folder`; none when it is missing or damaged.
    package static func loadAccents(folder: URL) -> [Key: PitchAccent] {
        var accents: [Key: PitchAccent] = [:]
        for entry in read(folder.appendingPathComponent("accents.json"), as: AccentEntry.self) {
            let kana = entry.reading ?? entry.question
            let phrases = entry.phrases?.compactMap { $0.count == 2 ? PitchAccent.Phrase(morae: $0[0], accent: $0[1]) : nil }
            accents[Key(question: entry.question, reading: kana)] = phrases.map { PitchAccent(phrases: $0) }
                ?? PitchAccent(accent: entry.accent, morae: Mora.split(kana).count)
        }
        return accents
    }

    /// loadSentences: sentences.json in `folder`; none when it is missing or damaged.
    package static func loadSentences(folder: URL) -> [Key: [ExampleSentence]] {
        var sentences: [Key: [ExampleSentence]] = [:]
        for entry in read(folder.appendingPathComponent("sentences.json"), as: SentenceEntry.self) {
            sentences[Key(question: entry.question, reading: entry.reading ?? entry.question)] = entry.sentences
        }
        return sentences
    }

    /// read: one generated file's entries, or none.
    private static func read<Entry: Decodable>(_ file: URL, as type: Entry.Type) -> [Entry] {
        guard let data = try? BoundedFile.contents(of: file, limit: 16 * 1_048_576),
              let decoded = try? JSONDecoder().decode(NotesFile<Entry>.self, from: data) else { return [] }
        return decoded.entries
    }

    /// key: a challenge's key (its reading, or the question itself when it is kana only).
    package static func key(_ challenge: Challenge) -> Key {
        Key(question: challenge.question, reading: challenge.reading ?? challenge.question)
    }

    /// accent: the challenge's pitch accent, if known.
    public func accent(for challenge: Challenge) -> PitchAccent? {
        accents[Self.key(challenge)]
    }

    /// sentences: the challenge's example sentences, simplest first; none if unknown.
    public func sentences(for challenge: Challenge) -> [ExampleSentence] {
        sentences[Self.key(challenge)] ?? []
    }

    /// counts: how many words have an accent and sentences (for `kuchi decks` and the tests).
    public var counts: (accents: Int, sentences: Int) {
        (accents.count, sentences.count)
    }
}

/// NotesFile: the shape both generated files share: an explanation and the entries.
private struct NotesFile<Entry: Decodable>: Decodable {
    let entries: [Entry]
}

/// AccentEntry: one line of accents.json.
private struct AccentEntry: Decodable {
    let question: String
    let reading: String?
    let accent: Int
    let phrases: [[Int]]?
}

/// SentenceEntry: one line of sentences.json.
private struct SentenceEntry: Decodable {
    let question: String
    let reading: String?
    let sentences: [ExampleSentence]
}

extension Challenge {
    /// accent: this word's Tokyo pitch accent from the bundled notes — or, for an imported word
    /// the deck lacks, from its deck's notes (`ImportedNotes`) — nil when unknown.
    public var accent: PitchAccent? {
        WordNotes.bundledAccents[WordNotes.key(self)] ?? ImportedNotes.shared.accent(for: self)
    }

    /// sentences: up to three example sentences from the bundled notes (Tatoeba), simplest first,
    /// or from an imported word's deck notes.
    public var sentences: [ExampleSentence] {
        let bundled = WordNotes.bundledSentences[WordNotes.key(self)] ?? []
        return bundled.isEmpty ? ImportedNotes.shared.sentences(for: self) : bundled
    }
}
