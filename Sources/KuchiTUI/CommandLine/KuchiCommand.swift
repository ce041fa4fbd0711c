import ArgumentParser
import Foundation
import KuchiCore

/// KuchiCommand: `kuchi` and its options; with no subcommand it starts the app.
///
/// The commands only parse: main.swift dispatches on the parsed value on the main actor, since
/// the app's models are main-actor isolated and ArgumentParser's `run()` is not.
struct KuchiCommand: ParsableCommand {
    static let version = "0.2.0"

    static let configuration = CommandConfiguration(
        commandName: "kuchi",
        abstract: "A Japanese vocabulary quiz for the terminal.",
        discussion: "Profiles and settings are kept in $XDG_CONFIG_HOME/kuchi (default ~/.config/kuchi).",
        version: version,
        subcommands: [CheckDeck.self, Decks.self, StatsCommand.self]
    )

    @Option(help: ArgumentHelp("Play another deck in the same JSON format as the bundled one.", valueName: "file"),
            completion: .file(extensions: ["json"]))
    var deck: String?

    @Option(help: ArgumentHelp("Questions in this session, \(Settings.questionRange.lowerBound)–\(Settings.questionRange.upperBound) (this run only; the saved setting is unchanged).",
                               valueName: "n"))
    var questions: Int?

    @Option(help: ArgumentHelp("Start as this saved profile.", valueName: "name"))
    var profile: String?

    @Option(name: .customLong("config-dir"), help: ArgumentHelp("Keep profiles in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var configDir: String?

    func validate() throws {
        if let questions, !Settings.questionRange.contains(questions) {
            throw ValidationError("--questions must be between \(Settings.questionRange.lowerBound) and \(Settings.questionRange.upperBound), not \(questions).")
        }
        if let profile, profile.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--profile needs a name.")
        }
        // An empty path would silently mean the current folder (an unset variable, usually).
        if configDir?.isEmpty == true {
            throw ValidationError("--config-dir needs a folder; an empty path is not one.")
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
}

extension LaunchOptions {
    init(_ command: KuchiCommand) {
        self.init(deck: command.deck, questions: command.questions, profile: command.profile, configDir: command.configDir)
    }
}

/// CheckDeck: `kuchi check-deck FILE` — validates a deck without opening the UI.
struct CheckDeck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-deck",
        abstract: "Check a deck file and list every problem with its entry and field.",
        discussion: "Exit status: 0 when the deck is valid, 1 when it has problems, 2 for usage errors."
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
            let noun = error.problems.count == 1 ? "problem" : "problems"
            return (error.problems.map(\.description) + ["\(file): \(error.problems.count) \(noun)"], 1)
        }
    }
}

/// Decks: `kuchi decks` — the bundled decks with their sizes and categories.
struct Decks: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the bundled decks with their entry counts and categories.")

    func report() -> (lines: [String], status: Int32) {
        do throws(DeckError) {
            let deck = try Deck.bundled()
            let categories = deck.categories.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
            return (["challenges.json  \(deck.title)  \(deck.challenges.count) entries",
                     "  \(deck.categories.count) categories: \(categories)"], 0)
        } catch {
            return ([error.description], 1)
        }
    }
}
