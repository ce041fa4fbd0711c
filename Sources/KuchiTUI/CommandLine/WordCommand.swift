import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck
import KuchiData

/// WordCommand: `kuchi word WORD` — one word's page: the entry and, per card (direction), its
/// state, memory and every review; `--suspend`/`--unsuspend` put the word away or bring it back.
///
/// WORD is the deck's written form or its reading. Exit status 0, 1 when the deck has no such
/// word, 2 for usage and data problems. The database is opened read-only unless the word is
/// suspended or brought back.
struct WordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "word",
        abstract: "Show a word's entry and each card's state, memory and reviews; suspend it or bring it back.",
        discussion: "WORD is the deck's written form or its reading. Exit status: 0, 1 when the deck has no such word, "
            + "2 for a problem — among them a reading several words share (あつい: 暑い, 熱い, 厚い), refused with their written forms."
    )

    @Argument(help: ArgumentHelp("The word: as the deck writes it, or its reading.", valueName: "word"))
    var word: String

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Option(help: ArgumentHelp("Look in this deck (a name from `kuchi decks`, or a deck file) instead of the learner's chosen one.", valueName: "name"))
    var deck: String?

    @Flag(help: "Print the page as JSON.")
    var json = false

    @Flag(help: "Suspend the word: its cards are never asked, nor counted as due or new.")
    var suspend = false

    @Flag(help: "Bring a suspended word back into study.")
    var unsuspend = false

    func validate() throws {
        if suspend && unsuspend { throw ValidationError("--suspend and --unsuspend cannot be used together.") }
        if word.trimmingSpaces().isEmpty { throw ValidationError("WORD needs a word: the deck's written form or its reading.") }
    }

    /// execute: prints the page (after a suspend, the page as it now stands) and returns the exit status.
    func execute(now: Date = Date()) -> Int32 {
        do throws(LearnerOptions.CommandFailure) {
            let options = learner.resolved(root: root)
            // The learner's settings (their deck, their retention) as the learner database's log holds them.
            let profile = try options.opened().learner
            let whole = try DeckChoice.load(deck ?? root.deck, settings: profile.settings, dataDir: options.dataDir)
            let challenge = try Self.challenge(named: word, in: whole)
            let database: LearnerDatabase?
            if suspend || unsuspend {
                let directory = options.paths().dataDirectory
                let opened = LearnerDatabase.open(directory: directory)
                if let refusal = opened.commandRefusal { throw LearnerOptions.CommandFailure(message: refusal) }
                do {
                    try opened.setSuspended(suspend, learner: profile.id, deck: whole.title, question: challenge.question,
                                            reading: challenge.reading ?? "", now: now)
                } catch {
                    throw LearnerOptions.CommandFailure(message: "could not save the change: \(error)")
                }
                database = opened
            } else {
                database = try options.database()
            }
            let scheduler = SchedulerFactory.scheduler(learner: profile.id, desiredRetention: profile.settings.desiredRetention, in: database)
            let history: WordHistory
            do {
                history = try (database ?? LearnerDatabase.inMemory()).wordHistory(learner: profile.id, deck: whole, challenge: challenge,
                                                                                   now: now, scheduler: scheduler)
            } catch {
                throw LearnerOptions.CommandFailure(message: "could not read the learner database: \(error)")
            }
            if json {
                StandardOutput.write(history.json())
            } else {
                // Deck and record text is printed escaped: a newline in it would print a line of its own.
                for line in history.textLines() { StandardOutput.write(line.escapingControlCharacters) }
            }
            return StandardOutput.finish(0)
        } catch {
            return LearnerOptions.fail(error)
        }
    }

    /// challenge: the one entry WORD names. None: exit 1. A reading several words share: exit 2
    /// with their written forms — the page, the JSON and above all a suspend must not pick one
    /// the learner may not have meant.
    static func challenge(named word: String, in deck: Deck) throws(LearnerOptions.CommandFailure) -> Challenge {
        let matches = WordHistory.matches(word, in: deck)
        guard let first = matches.first else {
            throw LearnerOptions.CommandFailure(message: "\(deck.heading) has no word written or read “\(word)”.", status: 1)
        }
        guard matches.count > 1 else { return first }
        let forms = matches.map { "\($0.question) “\($0.answer)”" }
        let listed = forms.dropLast().joined(separator: ", ") + " and " + (forms.last ?? "")
        let reading = word.trimmingSpaces()
        throw LearnerOptions.CommandFailure(message: "“\(reading)” is the reading of \(matches.count) words, \(listed): give the written form.")
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}

/// DeckChoice: the deck a command looks in — `--deck NAME|FILE`, else the learner's chosen
/// deck (the bundled one when none, or when the chosen one is gone), whole.
enum DeckChoice {
    /// load: the deck, or a failure (exit 2) saying why it cannot be read.
    static func load(_ name: String?, settings: Settings, dataDir: String?) throws(LearnerOptions.CommandFailure) -> Deck {
        let library = DeckLibrary(dataDirectory: dataDir.map { URL(fileURLWithPath: $0) })
        do throws(DeckError) {
            let chosen = name ?? settings.deck
            return chosen.isEmpty || (name == nil && !library.names().contains(chosen)) ? try Deck.bundled(cache: library.cache)
                : try library.resolve(chosen)
        } catch {
            throw LearnerOptions.CommandFailure(message: error.description)
        }
    }

    /// wordTable: the same deck's word table as the deck cache keeps it (`DeckWordTable`: what
    /// `kuchi due`'s summary counts by), found by the same rules as `load` without reading the
    /// deck; nil whenever the cache has none to trust or the name needs the deck read to be
    /// told (the bundled deck by its title, a name that is not there): `load` decides then.
    static func wordTable(_ name: String?, settings: Settings, dataDir: String?) -> DeckWordTable? {
        let library = DeckLibrary(dataDirectory: dataDir.map { URL(fileURLWithPath: $0) })
        let chosen = name ?? settings.deck
        let location: DeckLibrary.Location? = chosen.isEmpty || (name == nil && !library.names().contains(chosen)) ? .bundled
            : library.location(of: chosen)
        switch location {
        case .file(let url):
            return library.cache.wordTable(at: url.path)
        case .bundled:
            guard let url = BundledDeckLocation.url(), var table = library.cache.wordTable(at: url.path) else { return nil }
            if table.title == Deck.bundledHeading { table.title = Deck.bundledTitle }  // as `Deck.bundled` names it
            return table
        case nil:
            return nil
        }
    }
}
