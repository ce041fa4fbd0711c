import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck
import KuchiData

/// KuchiCommand: `kuchi` and its options; with no subcommand it starts the app.
///
/// The commands only parse: main.swift dispatches on the parsed value on the main actor, since
/// the app's models are main-actor isolated and ArgumentParser's `run()` is not.
struct KuchiCommand: ParsableCommand {
    /// version: Kuchi's version, the one source for `kuchi --version` and the man page
    /// (`scripts/install` asks the built binary).
    static let version = "0.2.0"

    /// configuration: its discussion names the folders of the environment `--help` runs in;
    /// the man page (built from `--experimental-dump-help`) gets only the rules.
    static let configuration = CommandConfiguration(
        commandName: "kuchi",
        abstract: "A Japanese vocabulary quiz for the terminal.",
        discussion: DataLocations().helpText(resolved: !CommandLine.arguments.contains("--experimental-dump-help")),
        version: version,
        subcommands: [CheckDeck.self, ConfigCommand.self, Decks.self, DueCommand.self, ExportCommand.self, ForgetCommand.self, ImportDeck.self, KanjiCommand.self,
                      OptimizeCommand.self, SayCommand.self, StatsCommand.self, SyncCommand.self, SynonymsCommand.self,
                      WordCommand.self]
    )

    @Option(help: ArgumentHelp("Play another deck: a name from `kuchi decks`, or a file in the bundled deck's JSON format.",
                               valueName: "name-or-file"),
            completion: .file(extensions: ["json"]))
    var deck: String?

    @Option(help: ArgumentHelp("Questions in this session, \(Settings.questionRange.lowerBound)–\(Settings.questionRange.upperBound) (this run only; the saved setting is unchanged).",
                               valueName: "n"))
    var questions: Int?

    @Option(help: ArgumentHelp("Which way words are asked: jp-en, en-jp, reading (kanji → kana), listen (the word is said, not shown) or mixed (this run only).",
                               valueName: "direction"))
    var direction: QuizDirection?

    @Option(help: ArgumentHelp("Answer by choosing from three or by typing: choose or type (this run only).", valueName: "kind"))
    var answer: AnswerKind?

    @Option(help: ArgumentHelp("Show a word met for the first time as a New word card before asking it: on or off (this run only).",
                               valueName: "on|off"))
    var teach: TeachSwitch?

    @Option(help: ArgumentHelp("Start as this saved profile.", valueName: "name"))
    var profile: String?

    @Option(name: .customLong("config-dir"), help: ArgumentHelp("Keep profiles in this folder instead of the XDG location. It is Kuchi's own folder (what $XDG_CONFIG_HOME/kuchi is), not its parent as XDG_CONFIG_HOME would be.", valueName: "dir"),
            completion: .directory)
    var configDir: String?

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Keep progress (the learner database) in this folder instead of the XDG location. It is Kuchi's own folder (what $XDG_DATA_HOME/kuchi is), not its parent as XDG_DATA_HOME would be.", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

    @Option(name: .customLong("sync-dir"),
            help: ArgumentHelp("Sync through this folder when the app starts and after each session (this run only; Settings keeps a Sync folder).",
                               valueName: "dir"),
            completion: .directory)
    var syncDir: String?

    @Option(name: .customLong("category"),
            help: ArgumentHelp("Study only this category of the deck (repeat for several; this run only — Settings keeps a choice).",
                               valueName: "name"))
    var categories: [String] = []

    @Option(name: .customLong("level"),
            help: ArgumentHelp("Study only this JLPT level of the deck, 5 (N5) to 1 (repeat for several; this run only — Settings keeps a choice).",
                               valueName: "n"))
    var levels: [Int] = []

    func validate() throws {
        if let level = levels.first(where: { !(1...5).contains($0) }) {
            throw ValidationError("--level is a JLPT level from 5 (N5) to 1, not \(level).")
        }
        if let questions, !Settings.questionRange.contains(questions) {
            throw ValidationError("--questions must be between \(Settings.questionRange.lowerBound) and \(Settings.questionRange.upperBound), not \(questions).")
        }
        if let profile, profile.trimmingSpaces().isEmpty {
            throw ValidationError("--profile needs a name.")
        }
        // An empty path would silently mean the current folder (an unset variable, usually).
        if configDir?.isEmpty == true {
            throw ValidationError("--config-dir needs a folder; an empty path is not one.")
        }
        if dataDir?.isEmpty == true {
            throw ValidationError("--data-dir needs a folder; an empty path is not one.")
        }
    }
}

/// LaunchOptions: what the app needs from the command line, as a plain value (also made
/// without the parser when there are no arguments).
struct LaunchOptions: Equatable {
    var deck: String?
    var questions: Int?
    var profile: String?
    var configDir: String?
    var dataDir: String?
    var categories: [String] = []
    /// levels: `--level N…`, JLPT levels for this run.
    var levels: [Int] = []
    /// direction: `--direction`, overriding the setting for this run.
    var direction: QuizDirection?
    /// answer: `--answer`, overriding the setting for this run.
    var answer: AnswerKind?
    /// teach: `--teach on|off`, overriding the setting for this run.
    var teach: Bool?
    /// syncDir: `--sync-dir`, overriding the Sync folder setting for this run.
    var syncDir: String?
}

extension LaunchOptions {
    init(_ command: KuchiCommand) {
        self.init(deck: command.deck, questions: command.questions, profile: command.profile, configDir: command.configDir,
                  dataDir: command.dataDir, categories: command.categories, levels: command.levels, direction: command.direction,
                  answer: command.answer, teach: command.teach.map { $0 == .on }, syncDir: command.syncDir)
    }
}

/// TeachSwitch: `--teach on|off`.
enum TeachSwitch: String, CaseIterable, ExpressibleByArgument {
    case on, off
}

/// QuizDirection as an option value: `--direction jp-en|en-jp|reading|mixed`.
extension QuizDirection: ExpressibleByArgument {}

/// AnswerKind as an option value: `--answer choose|type`.
extension AnswerKind: ExpressibleByArgument {}

/// CheckDeck: `kuchi check-deck FILE` — validates a deck without opening the UI.
struct CheckDeck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-deck",
        abstract: "Check a deck file and list every problem with its entry and field.",
        discussion: "Exit status: 0 when the deck is valid, 1 when it has problems, 2 for usage errors and files that cannot be read."
    )

    @Argument(help: ArgumentHelp("The deck to check.", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String

    /// report: the lines to print and the exit status.
    func report() -> (lines: [String], status: Int32) {
        do throws(DeckError) {
            let deck = try Deck.load(from: URL(fileURLWithPath: file))
            let categories = deck.categories.count
            return (["\(file): valid — \(deck.challenges.count) entries in \(categories) \(categories == 1 ? "category" : "categories"), 0 problems"], 0)
        } catch {
            // A file that cannot be read is a usage error (exit 2), with its reason; a deck with
            // problems is exit 1.
            if let unreadable = error.problems.first(where: { $0.kind == .unreadable }) {
                return (["\(file): cannot be read: \(unreadable.message)"], 2)
            }
            let noun = error.problems.count == 1 ? "problem" : "problems"
            return (error.problems.map(\.description) + ["\(file): \(error.problems.count) \(noun)"], 1)
        }
    }
}

/// Decks: `kuchi decks` — the bundled deck and the imported ones, with sizes and categories.
struct Decks: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the bundled and imported decks with their entry counts and categories.")

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Look for imported decks in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

    /// root: the main command — ArgumentParser gives it `--data-dir` even after `decks`.
    @ParentCommand var root: KuchiCommand

    /// validate: an empty `--data-dir` would silently mean the current folder.
    func validate() throws {
        if dataDir?.isEmpty == true { throw ValidationError("--data-dir needs a folder; an empty path is not one.") }
    }

    func report() -> (lines: [String], status: Int32) {
        var lines: [String] = []
        var status: Int32 = 0
        do throws(DeckError) {
            let deck = try Deck.bundled()
            lines += Self.describe(name: "challenges.json", deck)
        } catch {
            lines.append(error.description)
            status = 1
        }
        let library = DeckLibrary(dataDirectory: (dataDir ?? root.dataDir).map { URL(fileURLWithPath: $0) })
        for name in library.names() {
            do throws(DeckError) {
                lines += Self.describe(name: name, try Deck.load(from: library.fileURL(for: name)))
            } catch {
                lines.append("\(name)  cannot be played: \(error.problems.first?.description ?? "unreadable") (kuchi check-deck \(library.fileURL(for: name).path))")
            }
        }
        return (lines, status)
    }

    /// describe: a deck's line and its categories' line.
    static func describe(name: String, _ deck: Deck) -> [String] {
        let categories = deck.categories.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        return ["\(name)  \(deck.heading)  \(deck.challenges.count) entries",
                "  \(deck.categories.count) categories: \(categories)"]
    }
}
