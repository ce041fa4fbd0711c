import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck

/// KanjiCommand: `kuchi kanji CHAR [--json]` — one kanji from KANJIDIC2 (meanings, readings,
/// strokes, grade, JLPT level) and the bundled deck's words that write it.
///
/// Exit status 0; 1 when the kanji is not among those Kuchi ships (the kanji its deck writes);
/// 2 when CHAR is not one kanji.
struct KanjiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kanji",
        abstract: "Show a kanji from KANJIDIC2 and the deck's words that write it.",
        discussion: "CHAR is one kanji, such as 勉. Exit status: 0, 1 when Kuchi's kanji file (the kanji its deck writes) "
            + "has no such kanji, 2 when CHAR is not one kanji."
    )

    @Argument(help: ArgumentHelp("One kanji.", valueName: "char"))
    var character: String

    @Flag(help: "Print the kanji as JSON.")
    var json = false

    @ParentCommand var root: KuchiCommand

    /// kanji: the one kanji `text` is, or the sentence that says why it is not.
    static func kanji(in text: String) -> Result<Character, LearnerOptions.CommandFailure> {
        let trimmed = text.trimmingSpaces()
        guard trimmed.count == 1, let character = trimmed.first else {
            let what = trimmed.isEmpty ? "nothing" : "“\(trimmed)”, \(trimmed.count) characters"
            return .failure(.init(message: "kanji takes one kanji, such as 勉; it was given \(what).", status: 2))
        }
        guard KanjiCharacter.isKanji(character) else {
            return .failure(.init(message: "“\(character)” is not a kanji; give one kanji, such as 勉.", status: 2))
        }
        return .success(character)
    }

    /// execute: prints the page and returns the exit status.
    func execute() -> Int32 {
        do throws(LearnerOptions.CommandFailure) {
            let character = try Self.kanji(in: self.character).get()
            guard let entry = KanjiDictionary.bundled.entry(for: character) else {
                throw LearnerOptions.CommandFailure(
                    message: "\(character) is not in Kuchi's kanji file, which holds the \(KanjiDictionary.bundled.count) kanji its deck writes (from KANJIDIC2).",
                    status: 1)
            }
            let deck: Deck
            do throws(DeckError) {
                let paths = KuchiPaths(dataDir: root.dataDir, environment: ProcessInfo.processInfo.environment)
                deck = try Deck.bundled(cache: DeckCache(dataDirectory: paths.dataDirectory))
            } catch {
                throw LearnerOptions.CommandFailure(message: error.description)
            }
            let page = KanjiPage(entry: entry, deck: deck)
            if json {
                StandardOutput.write(page.json())
            } else {
                for line in page.textLines() { StandardOutput.write(line) }
            }
            return StandardOutput.finish(0)
        } catch {
            return LearnerOptions.fail(error)
        }
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
