import Foundation
import KuchiDeck

/// EnglishWords: the English words a typed meaning is never read as a misspelling of.
///
/// "really" is one edit from "reality" and "last" from "fast", but a learner who typed a real
/// English word meant that word: the typo tolerance ("almost — …") is for misspellings only.
/// The list ships with Kuchi (`Resources/english-words.txt`, made by `scripts/make-word-list`
/// from Debian's wamerican and wbritish), so a fresh machine judges the same; where it is
/// missing (a build run from elsewhere), `/usr/share/dict/words` stands in, and with neither the
/// tolerance is as before (DECISIONS.md, "The judge knows the language").
public struct EnglishWords: Sendable {
    /// fileName: the shipped list's file name, beside the bundled deck.
    public static let fileName = "english-words.txt"

    /// words: lower-case words, letters only.
    private let words: Set<String>

    /// init: a list of `words` (lower-cased here).
    public init(_ words: some Sequence<String>) {
        self.words = Set(words.map { $0.lowercased() })
    }

    /// contains: whether `word` (one lower-case word) is an English word.
    public func contains(_ word: some StringProtocol) -> Bool {
        words.contains(String(word))
    }

    /// isEmpty: no list was found.
    public var isEmpty: Bool { words.isEmpty }

    /// shared: the list the app judges with, read once on first use (the first near miss).
    public static let shared: EnglishWords = load()

    /// load: the shipped list, else the system's, else none.
    package static func load(executable: URL? = BundledDeckLocation.runningExecutable()) -> EnglishWords {
        for url in candidates(executable: executable) {
            if let text = try? String(contentsOf: url, encoding: .utf8) {
                return EnglishWords(text.split(whereSeparator: \.isNewline).lazy
                    .filter { $0.allSatisfy { $0.isLetter } }.map(String.init))
            }
        }
        return EnglishWords([])
    }

    /// candidates: the installed list (`PREFIX/lib/kuchi/`), the one in the build's resource
    /// bundle, then the system's word list (for the word list only).
    package static func candidates(executable: URL?, fileName: String = fileName) -> [URL] {
        var urls: [URL] = []
        if let folder = executable?.deletingLastPathComponent() {
            urls.append(folder.appendingPathComponent("../lib/kuchi").appendingPathComponent(fileName).standardizedFileURL)
            urls.append(folder.appendingPathComponent(BundledDeckLocation.resourceBundleName).appendingPathComponent(fileName))
        }
        if fileName == Self.fileName { urls.append(URL(fileURLWithPath: "/usr/share/dict/words")) }
        return urls
    }
}
