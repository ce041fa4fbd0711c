import Foundation
import KuchiBase

/// KanjiDictionary: the kanji Kuchi knows — those the bundled deck writes, from KANJIDIC2 — read
/// from the generated `kanji.json` beside the bundled deck.
///
/// Kept apart from the deck and its notes: the file is generated, and a word's kanji are looked
/// up character by character, so an imported word written with the deck's kanji gets them too.
public final class KanjiDictionary: Sendable {
    /// fileName: the generated file's name, beside `challenges.json`.
    public static let fileName = "kanji.json"

    private let entries: [String: KanjiEntry]

    /// init: a dictionary of these entries (tests build small ones).
    public init(entries: [KanjiEntry]) {
        var table: [String: KanjiEntry] = [:]
        for entry in entries { table[entry.kanji] = entry }
        self.entries = table
    }

    /// empty: no kanji at all (the generated file is missing).
    public static let empty = KanjiDictionary(entries: [])

    /// bundled: the kanji shipped with Kuchi, read on first use (never at start-up).
    public static let bundled: KanjiDictionary = {
        guard let deck = BundledDeckLocation.url() else { return .empty }
        return load(folder: deck.deletingLastPathComponent())
    }()

    /// load: the kanji file in `folder`; a missing or damaged file gives an empty dictionary.
    public static func load(folder: URL) -> KanjiDictionary {
        guard let data = try? BoundedFile.contents(of: folder.appendingPathComponent(fileName), limit: 16 * 1_048_576),
              let file = try? JSONDecoder().decode(KanjiFile.self, from: data) else { return .empty }
        return KanjiDictionary(entries: file.entries)
    }

    /// entry: the kanji's entry, nil when the file has none.
    public func entry(for kanji: Character) -> KanjiEntry? {
        entries[String(kanji)]
    }

    /// kanji: the entries of each distinct kanji `word` writes, in order (勉強 → 勉, 強); a kanji
    /// the file lacks is left out.
    public func kanji(in word: String) -> [KanjiEntry] {
        var seen = Set<Character>()
        return word.compactMap { character in
            guard KanjiCharacter.isKanji(character), seen.insert(character).inserted else { return nil }
            return entry(for: character)
        }
    }

    /// count: how many kanji the dictionary holds.
    public var count: Int { entries.count }

    /// all: every entry, in no particular order (for the tests).
    public var all: [KanjiEntry] { Array(entries.values) }
}

/// KanjiFile: the generated file's shape: an explanation and the entries.
private struct KanjiFile: Decodable {
    let entries: [KanjiEntry]
}

extension Challenge {
    /// kanji: each kanji the word writes with its KANJIDIC2 entry, from the bundled kanji file.
    public var kanji: [KanjiEntry] {
        KanjiDictionary.bundled.kanji(in: question)
    }
}

extension Deck {
    /// words(writing:): the entries whose written form (or another standard one) has `kanji`,
    /// in deck order.
    public func words(writing kanji: Character) -> [Challenge] {
        challenges.filter { $0.question.contains(kanji) || $0.written.contains { $0.contains(kanji) } }
    }
}
