import Foundation
import KuchiDeck

/// EnglishSpellings: British spellings and the American spelling of the same word ("colour" →
/// "color", "skilful" → "skillful"), so a typed meaning is compared spelt one way.
///
/// A teacher marks neither spelling wrong, and the typo guard ("a real word is never almost
/// another") must not refuse "skilful" because both spellings are words. The table ships with
/// Kuchi (`Resources/spelling-variants.txt`, made by `scripts/make-spelling-variants` from
/// Debian's wbritish and wamerican), found like the English word list; without it the
/// regular endings `EnglishMeaning.sameSpelling` knows still match.
public struct EnglishSpellings: Sendable {
    /// fileName: the shipped table's file name, beside the English word list.
    public static let fileName = "spelling-variants.txt"

    /// americanByBritish: lower-case British spelling → American spelling.
    private let americanByBritish: [String: String]

    /// init: a table of (British, American) pairs.
    public init(_ pairs: some Sequence<(String, String)>) {
        var table: [String: String] = [:]
        for (british, american) in pairs { table[british.lowercased()] = american.lowercased() }
        // A chain is one word: anaesthetise → anaesthetize → anesthetize.
        for (british, american) in table {
            var last = american
            var steps = 0
            while let next = table[last], next != last, steps < 4 {
                last = next
                steps += 1
            }
            table[british] = last
        }
        americanByBritish = table
    }

    /// american: `word` spelt the American way (itself when the table has no other spelling).
    public func american(_ word: some StringProtocol) -> String {
        americanByBritish[String(word)] ?? String(word)
    }

    /// pairs: every (British, American) pair, for the deck-wide tests.
    public var pairs: [(british: String, american: String)] {
        americanByBritish.map { ($0.key, $0.value) }.sorted { $0.british < $1.british }
    }

    /// shared: the table the judge uses, read once on first use.
    public static let shared: EnglishSpellings = load()

    /// load: the shipped table (installed or in the build's resources), else none.
    package static func load(executable: URL? = BundledDeckLocation.runningExecutable()) -> EnglishSpellings {
        for url in EnglishWords.candidates(executable: executable, fileName: fileName) {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            return EnglishSpellings(text.split(whereSeparator: \.isNewline).compactMap { line in
                let fields = line.split(separator: "\t")
                return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
            })
        }
        return EnglishSpellings([])
    }
}
