import Foundation
import KuchiCore
import KuchiData

/// DueSummary: `kuchi due`'s summary line — what a shell prompt runs at every prompt, so it
/// takes the shortest way that gives the same answer (issue 39).
///
/// The arguments a prompt passes (`--profile`, `--config-dir`, `--data-dir`, `--deck`,
/// `--quiet`, each once, in the plain form) are read by hand (`shortcut`): ArgumentParser's
/// model of every subcommand was half of the command's instructions. Then the quick path reads
/// the database read-only with its schema checked by one header read, and the deck as cached,
/// keys only; anything it cannot read plainly goes the full path, which judges and says why.
/// Every other form of the command line goes through ArgumentParser as before.
enum DueSummary {
    /// shortcut: the exit status of `kuchi due` run from `arguments` (those after the program
    /// name), or nil when they are not of the plain form (ArgumentParser reads them then).
    static func shortcut(_ arguments: [String], now: Date = Date()) -> Int32? {
        guard let (options, deck, quiet) = plainArguments(arguments) else { return nil }
        StartupTrace.mark("options")
        return print(Result(catching: { () throws(LearnerOptions.CommandFailure) -> StudyStatus in
            try status(options: options, deck: deck, now: now)
        }), quiet: quiet)
    }

    /// plainArguments: `due` then only the options a prompt passes, each once with a value
    /// ArgumentParser would take as given (not empty, not an option); nil for anything else,
    /// including what ArgumentParser would refuse (its messages are the ones users see).
    static func plainArguments(_ arguments: [String]) -> (options: LearnerOptions, deck: String?, quiet: Bool)? {
        guard arguments.first == "due" else { return nil }
        var values: [String: String] = [:]
        var quiet = false
        var rest = arguments.dropFirst()
        while let token = rest.popFirst() {
            switch token {
            case "--quiet":
                guard !quiet else { return nil }
                quiet = true
            case "--profile", "--config-dir", "--data-dir", "--deck":
                guard values[token] == nil, let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
                if token == "--profile", value.trimmingSpaces().isEmpty { return nil }
                values[token] = value
            default:
                return nil
            }
        }
        // Every field set, so none is read unparsed.
        var options = LearnerOptions()
        options.profile = values["--profile"]
        options.configDir = values["--config-dir"]
        options.dataDir = values["--data-dir"]
        return (options, values["--deck"], quiet)
    }

    /// print: the summary line (or the number due, `quiet`) and the exit status: 0 when
    /// something is due now, 1 when nothing is, the failure's status otherwise.
    static func print(_ result: Result<StudyStatus, LearnerOptions.CommandFailure>, quiet: Bool) -> Int32 {
        let status: StudyStatus
        switch result {
        case .success(let value): status = value
        case .failure(let failure): return LearnerOptions.fail(failure)
        }
        StandardOutput.write(quiet ? "\(status.dueNow)" : status.commandLineText())
        StartupTrace.finish("answer")
        StartupTrace.report()
        return StandardOutput.finish(status.dueNow > 0 ? 0 : 1)
    }

    /// status: the chosen learner's standing in what they study — their deck (or `deck`),
    /// categories and directions, with their own new-word limit and day rollover: the same
    /// figures Welcome shows (`LearnerSession.status`). The quick path answers whenever it can.
    static func status(options: LearnerOptions, deck: String?, now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        let profile = try options.learner()
        StartupTrace.mark("profile")
        if let status = quickStatus(profile: profile, options: options, deck: deck, now: now) { return status }
        return try fullStatus(profile: profile, options: options, deck: deck, now: now)
    }

    /// quickStatus: the summary read-only with the schema checked by one header read
    /// (`openCurrentReadOnly`) and the deck's word table read from the deck cache, never the
    /// deck; nil when the database is missing, of another version or does not read, or the
    /// cache holds no table to trust (the full path decides then, and caches the deck).
    static func quickStatus(profile: Profile, options: LearnerOptions, deck: String?, now: Date) -> StudyStatus? {
        guard let database = LearnerDatabase.openCurrentReadOnly(directory: options.paths().dataDirectory) else { return nil }
        StartupTrace.mark("database open + migration check")
        let settled = database.settings(of: profile)
        StartupTrace.mark("settings")
        guard let table = DeckChoice.wordTable(deck, settings: settled.settings, dataDir: options.dataDir) else { return nil }
        let selection = StudySelection(learner: settled.id, settings: settled.settings)
        StartupTrace.mark("deck")
        // `--deck` counts all the deck's categories (`choose`).
        return LearnerSession.status(database: database, learner: settled.id, table: table, selection: selection,
                                     categories: deck == nil ? selection.categories : [], now: now)
    }

    /// fullStatus: the summary through `openReadOnly`'s whole judgement of the file and the
    /// whole deck — what every case the quick path declines comes to.
    static func fullStatus(profile: Profile, options: LearnerOptions, deck: String?, now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        let database = try options.database()
        StartupTrace.mark("database open + migration check")
        let settled = database?.settings(of: profile) ?? profile
        StartupTrace.mark("settings")
        let chosen = try choose(profile: settled, database: database, deck: deck, dataDir: options.dataDir)
        guard let database else {
            let words = chosen.selection.direction.cardKeys(in: chosen.deck).count
            return StudyStatus(dueNow: 0, newAvailable: min(Settings.clampNewWordsPerDay(settled.settings.newWordsPerDay), words),
                               nextReview: nil)
        }
        guard let status = LearnerSession.status(database: database, learner: settled.id, deck: chosen.deck,
                                                 selection: chosen.selection, now: now) else {
            throw LearnerOptions.CommandFailure(message: "could not read the learner database.")
        }
        return status
    }

    /// choose: the deck and selection of `profile` (its settings as the log holds them);
    /// `deck` is `--deck` (all its categories), else the learner's chosen deck.
    static func choose(profile: Profile, database: LearnerDatabase?, deck: String?,
                       dataDir: String?) throws(LearnerOptions.CommandFailure) -> DueCommand.Chosen {
        let whole = try DeckChoice.load(deck, settings: profile.settings, dataDir: dataDir)
        var selection = StudySelection(learner: profile.id, settings: profile.settings)
        if deck != nil { selection.categories = [] }
        let byCategory = whole.selecting(categories: selection.categories) ?? whole
        let words = byCategory.selecting(levels: selection.levels) ?? byCategory
        // Lessons for the bundled deck, as the app decides (`LearnerSession.context()`).
        let lessons = deck == nil && profile.settings.deck.isEmpty
        StartupTrace.mark("deck")
        return DueCommand.Chosen(profile: profile, database: database, deck: words, selection: selection, lessons: lessons)
    }
}
