import ArgumentParser
import Foundation
import KuchiCore
import KuchiBase
import KuchiDeck
import KuchiData
import KuchiSync

/// ConfigCommand: `kuchi config [KEY [VALUE]]` — a learner's settings for scripts.
///
/// No KEY prints every setting as `key = value` lines (one JSON object with `--json`); KEY prints
/// its value alone; KEY VALUE sets it — a change made now on this machine, written through the
/// one path the Settings tab uses (the learner database's log; the Sync folder, which belongs to
/// this machine, into the profile file) — and prints nothing. Exit 2 for an unknown key, a value
/// out of range (one sentence naming the allowed values; nothing changed) or no learner.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print or change the learner's settings.",
        discussion: "Keys: \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")). Exit status 2 for an unknown key, a value out of range or no learner."
    )

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Flag(help: "Print JSON: one object of every setting, or the value of KEY.")
    var json = false

    @Argument(help: ArgumentHelp("The setting to print or change.", valueName: "key"))
    var key: String?

    @Argument(help: ArgumentHelp("The new value.", valueName: "value"))
    var value: String?

    /// execute: prints or changes, and returns the exit status.
    @MainActor
    func execute(now: Date = Date(), environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let options = learner.resolved(root: root)
        var chosen: ConfigKey?
        if let key {
            guard let known = ConfigKey(rawValue: key.lowercased()) else {
                return LearnerOptions.fail(.init(message: "there is no setting \"\(key)\"; the settings are \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", "))."))
            }
            chosen = known
        }
        do throws(LearnerOptions.CommandFailure) {
            guard let chosen, let value else {
                let (profile, _) = try options.opened()
                print(profile.settings, key: chosen)
                return StandardOutput.finish(0)
            }
            try set(chosen, to: value, options: options, now: now, environment: environment)
            return 0
        } catch {
            return LearnerOptions.fail(error)
        }
    }

    /// print: every setting (or `key`'s) as lines or JSON.
    private func print(_ settings: Settings, key: ConfigKey?) {
        if let key {
            // Record text (a category, the deck) is printed escaped: a newline in one would print a
            // line of its own (a forged `questions = 20`, issue 36).
            StandardOutput.write(json ? ConfigKey.jsonValue(key, in: settings) : key.text(in: settings).escapingControlCharacters)
        } else if json {
            StandardOutput.write(ConfigKey.jsonObject(settings))
        } else {
            for key in ConfigKey.allCases { StandardOutput.write("\(key.rawValue) = \(key.text(in: settings).escapingControlCharacters)") }
        }
    }

    /// set: writes `text` as `key`'s new value, or throws the sentence saying why not.
    @MainActor
    private func set(_ key: ConfigKey, to text: String, options: LearnerOptions, now: Date,
                     environment: [String: String]) throws(LearnerOptions.CommandFailure) {
        let saved = try options.learner()
        let directory = options.paths(environment).dataDirectory
        let database = LearnerDatabase.open(directory: directory, now: now)
        if let refusal = database.commandRefusal {
            throw .init(message: refusal)
        }
        let current = database.settings(of: saved)
        let home = SyncFolderPath.home(environment: environment)
        if key == .syncDir, SyncFolderPath.resolve(text, home: home) == nil {
            throw .init(message: "sync-dir: \(SyncFolderPath.unknownAccount(text)); nothing was changed.")
        }
        guard let settings = key.setting(text, in: current.settings, home: home) else {
            throw .init(message: "\(key.rawValue) takes \(key.allowed), not \"\(text)\"; nothing was changed.")
        }
        try check(key, settings: settings, dataDirectory: options.dataDir)
        var profile = current
        profile.settings = settings
        if key == .syncDir {
            let configDirectory = options.paths(environment).configDirectory
            do throws(PersistenceError) {
                _ = try ProfileStore(directory: configDirectory).update(profile, fields: [.syncFolder])
            } catch {
                throw .init(message: error.message)
            }
            return
        }
        do {
            try database.record([key.field], of: profile, now: now)
        } catch {
            throw .init(message: "could not save the setting (\(LearnerDatabase.describe(error))); nothing was changed.")
        }
    }

    /// check: a deck must be one `kuchi decks` lists, categories and levels ones its deck has.
    private func check(_ key: ConfigKey, settings: Settings, dataDirectory: String?) throws(LearnerOptions.CommandFailure) {
        guard [.deck, .categories, .levels].contains(key) else { return }
        let library = DeckLibrary(dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0) })
        if key == .deck, !settings.deck.isEmpty, !library.names().contains(settings.deck) {
            let names = library.names()
            throw .init(message: "deck takes a deck name from `kuchi decks` or \"\" for the bundled deck"
                        + (names.isEmpty ? " (no deck is imported)" : " (\(names.joined(separator: ", ")))") + ", not \"\(settings.deck)\"; nothing was changed.")
        }
        let deck: Deck
        do throws(DeckError) {
            deck = settings.deck.isEmpty ? try Deck.bundled(cache: library.cache) : try library.resolve(settings.deck)
        } catch {
            throw .init(message: error.description)
        }
        let unknown = deck.unknownCategories(settings.categories)
        if key == .categories, !unknown.isEmpty {
            throw .init(message: "\(deck.heading) has no category \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")); its categories are \(deck.categories.map(\.name).joined(separator: ", ")). Nothing was changed.")
        }
        let missing = deck.unknownLevels(settings.levels)
        if key == .levels, !missing.isEmpty {
            throw .init(message: "\(deck.heading) has no word of JLPT level \(missing.map { "N\($0)" }.joined(separator: ", ")); nothing was changed.")
        }
    }

    /// run: ArgumentParser's entry; main.swift calls `execute()` instead.
    func run() throws {
        let status = MainActor.assumeIsolated { execute() }
        if status != 0 { throw ExitCode(status) }
    }
}
