import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck
import KuchiRecall

/// ImportDeck: `kuchi import FILE [--name NAME] [--map FIELD=COLUMN,...]` — makes a Kuchi deck
/// from a CSV/TSV file, an Anki plain-text export or an Anki package, saved in the deck library.
struct ImportDeck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Make a deck from a CSV or TSV file, an Anki plain-text export, or an Anki package (.apkg, .colpkg).",
        discussion: """
            A CSV or TSV file names its columns in the first row: question, reading, pronunciation, answer, \
            category, also. Meanings listed with ; , / or line breaks are all kept: the first is the answer, \
            the others are accepted too. Anki note fields are matched by name (Expression/Reading/Meaning, \
            Vocab/Kana/English, Front/Back…), or by what they hold in a plain-text export that names none. \
            Entries that cannot be played are skipped and listed with the reason. The deck is saved as $XDG_DATA_HOME/kuchi/decks/NAME.json \
            (default ~/.local/share/kuchi) and played with kuchi --deck NAME.
            Exit status: 0 when something was imported, 1 when nothing could be, 2 for usage errors.
            """
    )

    @Argument(help: ArgumentHelp("The file to import.", valueName: "file"),
              completion: .file(extensions: ["csv", "tsv", "txt", "apkg", "colpkg"]))
    var file: String

    @Option(help: ArgumentHelp("The deck's name (default: the file's name without its extension).", valueName: "name"))
    var name: String?

    @Option(help: ArgumentHelp("Which column or Anki field fills each deck field, by name or number, e.g. question=Kanji,answer=2.",
                               valueName: "field=column,..."))
    var map: String?

    @Flag(help: "Overwrite an imported deck of the same name.")
    var replace = false

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Keep decks in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

    /// root: the main command — ArgumentParser gives it `--data-dir` even after `import`.
    @ParentCommand var root: KuchiCommand

    /// dataDirectory: `--data-dir` wherever it was written.
    var dataDirectory: String? { dataDir ?? root.dataDir }

    /// deckName: `--name`, else the file's name without its extension.
    var deckName: String {
        name ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
    }

    /// validate: name and `--map` mistakes are usage errors (exit 2), found before any reading.
    func validate() throws {
        if dataDir?.isEmpty == true { throw ValidationError("--data-dir needs a folder; an empty path is not one.") }
        do throws(ImportError) {
            try DeckLibrary.checkName(deckName)
        } catch {
            let hint = name == nil ? " Choose a name with --name." : ""
            throw ValidationError(error.message.prefix(1).uppercased() + error.message.dropFirst() + hint)
        }
        do throws(ImportError) {
            if let map { _ = try FieldMapping(parsing: map) }
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// execute: imports, prints the outcome, and returns the exit status. Everything printed
    /// goes through `StandardOutput`/`StandardError`, which escape the controls a file's note
    /// types, fields, columns and deck names may hold.
    func execute() -> Int32 {
        let library = DeckLibrary(dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0) })
        // Ctrl-C, SIGTERM or SIGHUP during a package import remove its unpacked collection.
        ImportScratch.installSignalHandlers()
        do throws(ImportError) {
            let mapping = try map.map { text throws(ImportError) in try FieldMapping(parsing: text) } ?? FieldMapping()
            // Refused before reading, so a long import is not wasted on a name that is taken.
            let deckName = try library.targetName(for: deckName, replace: replace)
            let imported = try DeckImporter(mapping: mapping).convert(URL(fileURLWithPath: file), title: deckName)
            try library.save(imported.data, as: deckName, replace: replace)
            let count = imported.deck.challenges.count
            let done = "Imported \(count) \(count == 1 ? "entry" : "entries") into the deck \"\(deckName)\" (\(library.fileURL(for: deckName).path)); play it with: kuchi --deck \(deckName)"
            // Accents, sentences and kanji for the words the bundled deck lacks (issue 38).
            let notes = ImportedNotes.save(for: imported.deck, deckFile: library.fileURL(for: deckName))
            StandardOutput.write((Self.skippedLines(imported.skipped) + imported.notices + [done, notes.line]).joined(separator: "\n"))
            return StandardOutput.finish(0)
        } catch {
            let skipped = Self.skippedLines(error.skipped)
            if !skipped.isEmpty { StandardOutput.write(skipped.joined(separator: "\n")) }
            StandardError.write("kuchi import: \(error.message) Nothing was written.")
            return StandardOutput.finish(error.kind == .usage ? 2 : 1)
        }
    }

    /// skippedLines: a headline and one line per skipped entry.
    static func skippedLines(_ skipped: [SkippedEntry]) -> [String] {
        guard !skipped.isEmpty else { return [] }
        return ["Skipped \(skipped.count) \(skipped.count == 1 ? "entry" : "entries"):"] + skipped.map { "  \($0)" }
    }
}
