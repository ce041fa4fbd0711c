import Foundation
import KuchiBase

/// WordNotes+Imported: what an imported deck's notes need of the notes type — reading a deck's
/// notes file, merging several, and finding bundled sentences that write a word.
extension WordNotes {
    /// load(notesFile:): an imported deck's notes file (`ImportedNotes`): each entry's accent
    /// and sentences, either optional; a missing or damaged file gives no notes.
    package static func load(notesFile url: URL) -> WordNotes {
        guard let data = try? BoundedFile.contents(of: url, limit: 16 * 1_048_576),
              let file = try? JSONDecoder().decode(ImportedNotesFile.self, from: data) else { return .empty }
        var accents: [Key: PitchAccent] = [:]
        var sentences: [Key: [ExampleSentence]] = [:]
        for entry in file.entries {
            let kana = entry.reading ?? entry.question
            let key = Key(question: entry.question, reading: kana)
            if let accent = entry.accent {
                let phrases = entry.phrases?.compactMap { $0.count == 2 ? PitchAccent.Phrase(morae: $0[0], accent: $0[1]) : nil }
                accents[key] = phrases.map { PitchAccent(phrases: $0) } ?? PitchAccent(accent: accent, morae: Mora.split(kana).count)
            }
            if let list = entry.sentences, !list.isEmpty { sentences[key] = Array(list.prefix(3)) }
        }
        return WordNotes(accents: accents, sentences: sentences)
    }

    /// merging: these notes and `other`'s; a word both have keeps these.
    package func merging(_ other: WordNotes) -> WordNotes {
        WordNotes(accents: accents.merging(other.accents) { mine, _ in mine },
                  sentences: sentences.merging(other.sentences) { mine, _ in mine })
    }

    /// sentences(writing:): up to three of the notes' sentences that write `word` (`SentenceFinder`).
    public func sentences(writing word: String) -> [ExampleSentence] {
        SentenceFinder(self).sentences(writing: word)
    }
}

/// SentenceFinder: the notes' sentences indexed by the characters they write, so a word is looked
/// for only among the sentences that have its first character (an import of thousands of words).
package struct SentenceFinder {
    private let byCharacter: [Character: [ExampleSentence]]

    /// init: the index of every sentence of `notes`, each once.
    package init(_ notes: WordNotes) {
        var seen: Set<Int> = []
        var index: [Character: [ExampleSentence]] = [:]
        for sentence in notes.sentences.values.joined() where seen.insert(sentence.id).inserted {
            for character in Set(sentence.ja) { index[character, default: []].append(sentence) }
        }
        byCharacter = index
    }

    /// sentences: up to three sentences that write `word`, shortest first. Matched as text (no
    /// parser at run time), so only a word long enough not to hide inside others is looked for:
    /// two characters with a kanji (猫背 for 猫 would be wrong), or three kana.
    package func sentences(writing word: String) -> [ExampleSentence] {
        let hasKanji = word.contains { KanjiCharacter.isKanji($0) }
        guard word.count >= (hasKanji ? 2 : 3), let first = word.first else { return [] }
        let found = (byCharacter[first] ?? []).filter { $0.ja.contains(word) }
        return Array(found.sorted { ($0.ja.count, $0.id) < ($1.ja.count, $1.id) }.prefix(3))
    }
}

/// ImportedNotesFile: an imported deck's notes file.
private struct ImportedNotesFile: Decodable {
    struct Entry: Decodable {
        package let question: String
        package let reading: String?
        package let accent: Int?
        package let phrases: [[Int]]?
        package let sentences: [ExampleSentence]?
    }
    let entries: [Entry]
}
