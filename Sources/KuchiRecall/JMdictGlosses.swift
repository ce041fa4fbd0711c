import Foundation
import KuchiBase
import KuchiDeck

/// JMdictGlosses: every JMdict gloss of every sense of the bundled deck's words (`glosses.json`,
/// made by `scripts/make-glosses`), which the judge accepts as typed meanings besides the
/// deck's own `answer` and `also` (issue 37: "vacation" for 休み, "to want" for 欲しい).
///
/// Kept beside the deck like its notes, not in it: the deck says what is taught and shown, this
/// file what a learner may know the word as; it is regenerated whenever entries are added.
/// Looked up by written form and reading, so an imported deck holding the same word is judged
/// the same. The generator leaves out any gloss that is another deck word's meaning.
public struct JMdictGlosses: Sendable {
    /// glossesByKey: "question\treading" → glosses.
    private let glossesByKey: [String: [String]]

    /// init: glosses by (question, reading); the reading is the question for a kana word.
    public init(_ entries: [(question: String, reading: String, glosses: [String])]) {
        var table: [String: [String]] = [:]
        for entry in entries { table[entry.question + "\t" + entry.reading, default: []] += entry.glosses }
        glossesByKey = table
    }

    /// glosses: the word's JMdict glosses; none when the file does not have it.
    public func glosses(for challenge: Challenge) -> [String] {
        glossesByKey[challenge.question + "\t" + (challenge.reading ?? challenge.question)] ?? []
    }

    /// count: how many words have glosses.
    public var count: Int { glossesByKey.count }

    /// empty: no glosses (the file is missing).
    public static let empty = JMdictGlosses([])

    /// bundled: the glosses shipped beside the bundled deck, read on first use.
    public static let bundled: JMdictGlosses = {
        guard let deck = BundledDeckLocation.url() else { return .empty }
        return load(from: deck.deletingLastPathComponent().appendingPathComponent("glosses.json"))
    }()

    /// load: the glosses in `file`; a missing or damaged file gives none.
    public static func load(from file: URL) -> JMdictGlosses {
        guard let data = try? BoundedFile.contents(of: file, limit: 16 * 1_048_576),
              let decoded = try? JSONDecoder().decode(GlossesFile.self, from: data) else { return .empty }
        return JMdictGlosses(decoded.entries.map { ($0.question, $0.reading ?? $0.question, $0.glosses) })
    }
}

/// GlossesFile: glosses.json as written by scripts/make-glosses.
private struct GlossesFile: Decodable {
    struct Entry: Decodable {
        package let question: String
        package let reading: String?
        package let glosses: [String]
    }

    let entries: [Entry]
}
