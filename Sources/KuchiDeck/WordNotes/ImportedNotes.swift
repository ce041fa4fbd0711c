import Foundation
import KuchiBase

/// ImportedNotes: the notes of imported words the bundled deck does not have — a pitch accent
/// from Open JTalk's dictionary and example sentences from the bundled sentence file — made once
/// at import and kept beside the deck (`deck-notes/NAME.json` in Kuchi's data folder), in the shape of the bundled
/// notes files.
///
/// A word's kanji need no file: they are looked up character by character in the bundled kanji
/// file. The notes are read the first time a word's notes are asked after a deck library was
/// opened (`adopt`), never at start-up.
public final class ImportedNotes: @unchecked Sendable {
    /// shared: the notes of every deck loaded in this process.
    public static let shared = ImportedNotes()

    // The lock guards the three tables: decks are loaded and words drawn from several threads.
    private let lock = NSLock()
    private var folders: [URL] = []
    private var read = false
    private var notes = WordNotes.empty

    /// folder: where the notes of a data folder's imported decks are kept: `deck-notes/` beside
    /// `decks/` (inside it a notes file would be listed as a deck), as `deck-cache/` is.
    public static func folder(dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("deck-notes", isDirectory: true)
    }

    /// file: where the notes of the imported deck file `deck` (`DATA/decks/NAME.json`) are kept.
    public static func file(forDeck deck: URL) -> URL {
        folder(dataDirectory: deck.deletingLastPathComponent().deletingLastPathComponent())
            .appendingPathComponent(deck.deletingPathExtension().lastPathComponent + ".json")
    }

    /// adopt: a data folder's deck library is in use; its decks' notes are read when first needed.
    public func adopt(folder: URL) {
        lock.withLock {
            if !folders.contains(folder) {
                folders.append(folder)
                read = false
            }
        }
    }

    /// forget: a notes file was written; every adopted folder is read again when next needed.
    package func forget() {
        lock.withLock { read = false }
    }

    /// accent: an imported word's accent, if its deck's notes have one.
    public func accent(for challenge: Challenge) -> PitchAccent? {
        current().accent(for: challenge)
    }

    /// sentences: an imported word's sentences, if its deck's notes have them.
    public func sentences(for challenge: Challenge) -> [ExampleSentence] {
        current().sentences(for: challenge)
    }

    /// current: the notes of every adopted folder's files (read once, again after a change).
    private func current() -> WordNotes {
        lock.withLock {
            if !read {
                var merged = WordNotes.empty
                for folder in folders {
                    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                        .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
                    for name in files { merged = merged.merging(WordNotes.load(notesFile: folder.appendingPathComponent(name))) }
                }
                notes = merged
                read = true
            }
            return notes
        }
    }

    /// make: the notes of `deck`'s words that the bundled notes lack — accents from `accents`
    /// (nil: Open JTalk is not installed), sentences from `bundled` that write the word — as the
    /// file's bytes, with how many words got an accent and sentences.
    public static func make(for deck: Deck, bundled: WordNotes, accents: OpenJTalkAccents?,
                            scratch: URL) -> (data: Data, accents: Int, sentences: Int) {
        let words = deck.challenges.filter { bundled.accent(for: $0) == nil && bundled.sentences(for: $0).isEmpty }
        let found = accents?.accents(for: words.map { ($0.question, $0.reading ?? $0.question) }, in: scratch) ?? [:]
        let finder = SentenceFinder(bundled)
        var lines: [String] = []
        var sentenceCount = 0
        for (index, word) in words.enumerated() {
            let sentences = finder.sentences(writing: word.question)
            guard found[index] != nil || !sentences.isEmpty else { continue }
            sentenceCount += sentences.isEmpty ? 0 : 1
            lines.append(NotesLine(question: word.question, reading: word.reading, accent: found[index], sentences: sentences).json)
        }
        let about = "Notes of the words of this imported deck that Kuchi's bundled deck lacks: the Tokyo pitch accent from Open JTalk's "
            + "dictionary (naist-jdic), the mora after which the pitch falls (0: it never falls), and example sentences from "
            + "Tatoeba (CC BY 2.0 FR) in Kuchi's sentence file that write the word. Made by kuchi import."
        let text = "{\n  \"about\": \(JSONText.quoted(about)),\n  \"entries\": [\n    " + lines.joined(separator: ",\n    ") + "\n  ]\n}\n"
        return (Data(text.utf8), found.count, sentenceCount)
    }
}

/// NotesLine: one entry of an imported deck's notes file.
private struct NotesLine {
    let question: String
    let reading: String?
    let accent: PitchAccent?
    let sentences: [ExampleSentence]

    var json: String {
        let string = JSONText.quoted
        var parts = ["\"question\": \(string(question))", "\"reading\": \(reading.map(string) ?? "null")"]
        if let accent {
            parts.append("\"accent\": \(accent.accent)")
            if accent.phrases.count > 1 {
                parts.append("\"phrases\": [" + accent.phrases.map { "[\($0.morae), \($0.accent)]" }.joined(separator: ", ") + "]")
            }
        }
        if !sentences.isEmpty {
            parts.append("\"sentences\": [" + sentences.map { "{\"ja\": \(string($0.ja)), \"en\": \(string($0.en)), \"id\": \($0.id)}" }
                .joined(separator: ", ") + "]")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
