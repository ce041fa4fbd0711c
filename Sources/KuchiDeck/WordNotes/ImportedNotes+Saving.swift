import Foundation
import KuchiBase

/// ImportedNotes+Saving: the notes of a deck just imported, made and written beside it.
extension ImportedNotes {
    /// Summary: what the notes hold, for the import's report.
    public struct Summary: Equatable, Sendable {
        /// words: the deck's words the bundled deck has no notes for.
        public let words: Int
        /// accents: how many of them got a pitch accent.
        public let accents: Int
        /// sentences: how many of them got example sentences.
        public let sentences: Int
        /// engine: why no accent was looked for (Open JTalk missing), nil when one was.
        public let engineProblem: SpeechProblem?

        /// line: the report's sentence.
        public var line: String {
            let accentPart = engineProblem.map { _ in "no pitch accents (Open JTalk is not installed: scripts/install-deps installs it)" }
                ?? "\(accents) with a pitch accent from Open JTalk's dictionary"
            return "Of the \(words) \(words == 1 ? "word" : "words") Kuchi's deck lacks: \(accentPart), "
                + "\(sentences) with example sentences; each word's kanji from Kuchi's kanji file."
        }
    }

    /// save: makes the notes of `deck` (saved at `deckFile`) and writes them beside it, replacing
    /// any earlier ones; with nothing to note, an earlier file is removed.
    public static func save(for deck: Deck, deckFile: URL, bundled: WordNotes = .bundled,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Summary {
        let engine = SpeechEngine.find(environment: environment)
        let accents: OpenJTalkAccents?
        let problem: SpeechProblem?
        switch engine {
        case .success(let found): (accents, problem) = (OpenJTalkAccents(engine: found), nil)
        case .failure(let why): (accents, problem) = (nil, why)
        }
        let file = Self.file(forDeck: deckFile)
        let folder = file.deletingLastPathComponent()
        let words = deck.challenges.count { bundled.accent(for: $0) == nil && bundled.sentences(for: $0).isEmpty }
        let made = make(for: deck, bundled: bundled, accents: accents, scratch: deckFile.deletingLastPathComponent())
        if made.accents + made.sentences > 0 {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try? AtomicFile.write(made.data, to: file)
        } else {
            try? FileManager.default.removeItem(at: file)
        }
        shared.forget()
        return Summary(words: words, accents: made.accents, sentences: made.sentences, engineProblem: problem)
    }
}
