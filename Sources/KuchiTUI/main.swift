import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck
import KuchiData

#if canImport(Glibc)
import Glibc
#endif

/// Launch: everything between the command line and the input loop, and the way back.
@MainActor
enum Launch {
    /// run: starts Kuchi and returns the process exit status.
    static func run(_ options: LaunchOptions) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        // Listening needs sound: a run asked to listen with nothing to say or hear it through is
        // a usage error, said as the app's notice says it.
        if options.direction == .listen, let problem = Speaker.listeningProblem(environment: environment) {
            StandardError.write("kuchi: the listening direction cannot run: \(problem.message) Until then, choose another --direction.")
            return 2
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return fail("this is an interactive quiz and needs a terminal: run it in a terminal window, not with its input or output redirected.")
        }
        guard useUTF8Locale() else {
            return fail("a UTF-8 locale is needed to show Japanese text; set LANG=C.UTF-8 (or another UTF-8 locale) and try again.")
        }
        let library = DeckLibrary(dataDirectory: options.dataDir.map { URL(fileURLWithPath: $0) }, environment: environment)
        let paths = KuchiPaths(configDir: options.configDir, dataDir: options.dataDir, environment: environment)
        StartupTrace.mark("paths")
        // The decks are outlined here — from the deck cache's word table when it stands for
        // the file — and decoded on first use (issue 39); a deck that cannot be read is said now.
        let fixedDeck: DeckSource?
        do throws(DeckError) {
            fixedDeck = try options.deck.map { path throws(DeckError) in try library.source(for: path) }
            _ = try fixedDeck?.outline()
        } catch {
            return fail(error.description)
        }
        var bundled = DeckSource.bundled(cache: library.cache)
        do throws(DeckError) {
            _ = try bundled.outline()
        } catch {
            // A deck named on the command line still plays when the bundled one is missing.
            guard let fixedDeck else { return fail(error.description) }
            bundled = fixedDeck
        }
        if let status = checkChoices(options, deck: fixedDeck ?? bundled) { return status }
        StartupTrace.mark("deck")
        let directory = paths.configDirectory
        let user = UserManager(store: ProfileStore(directory: directory))
        let loadProblems = user.loadSavedProfiles()
        // The learner is chosen here and signed in once the database is open, so sign-in reads
        // the profile file, the carry-over check and the settings log once (issue 39).
        let chosen: Profile?
        if let name = options.profile {
            guard let profile = user.savedProfile(named: name) else {
                let saved = user.savedProfiles.map(\.name)
                return fail("there is no saved profile named \"\(name)\"" + (saved.isEmpty ? "." : "; saved profiles: \(saved.joined(separator: ", ")).")) 
            }
            chosen = profile
        } else {
            chosen = user.savedProfiles.count == 1 ? user.savedProfiles.first : nil
        }
        let route: Route = chosen != nil ? .welcome : user.savedProfiles.isEmpty ? .register : .profiles
        StartupTrace.mark("profile")
        let seed = environment["KUCHI_SEED"].flatMap(UInt64.init)
        let dataDirectory = paths.dataDirectory
        let database = LearnerDatabase.open(directory: dataDirectory)
        if let seed { database.reviewIDs.reseed(seed) }
        StartupTrace.mark("database open + migration check")
        // Nobody is signed in yet: this only keeps the log, which the sign-in then reads (the
        // session attaches it again: a no-op).
        user.attach(database)
        if let chosen { user.signIn(chosen) }
        StartupTrace.mark("settings")
        let overrides = StudyOverrides(deck: fixedDeck, categories: options.categories.isEmpty ? nil : options.categories,
                                       levels: options.levels.isEmpty ? nil : options.levels,
                                       direction: options.direction, answerKind: options.answer, questions: options.questions,
                                       teachNewWords: options.teach)
        let session = LearnerSession(user: user, bundled: bundled, library: library, database: database, overrides: overrides,
                                     seed: seed, clock: Date.init)
        StartupTrace.mark("session (quiz stand-in, saved session)")
        let terminal: NcursesTerminal
        do throws(NcursesTerminal.StartError) {
            terminal = try NcursesTerminal(noColor: !(environment["NO_COLOR"] ?? "").isEmpty)
        } catch {
            return fail(error.description)
        }
        StartupTrace.mark("terminal")
        let services = AppComposition.Services(dataDirectory: dataDirectory, configDirectory: directory, syncFolder: options.syncDir,
                                               seed: seed, environment: environment)
        let composition = AppComposition(session: session, route: route, backend: terminal,
                                         log: RenderLog(path: environment["KUCHI_RENDER_LOG"]),
                                         redrawEverything: environment["KUCHI_REDRAW"] == "all", services: services)
        let signal = composition.run()
        terminal.close()
        // The trace's table waits for the screen to be gone (written over it, it would be lost).
        StartupTrace.report()
        let syncNotice = composition.finish()
        user.recordUse()
        // The whole file, review log included, is checked once the screen is gone — unless
        // nothing wrote to it since the last check — and its connection closed: a damaged page
        // is set aside with every review that still reads kept (start-up checks only the small
        // tables, and only when the file changed since the last check: `CheckStamp`).
        let notice = session.notice
        let damage = database.finishAtQuit()
        // A file busy at start-up: one last try to save the session into it, and say how it went.
        let pending = database.pendingSave?.finish()
        // Load problems were shown in the app; they are repeated here so they outlive the screen.
        let problems = loadProblems.map(\.message) + [user.problem, pending == nil ? database.problem?.message : nil, notice,
                                                       damage?.message, pending, syncNotice].compactMap { $0 }
        for problem in Set(problems).sorted() {
            StandardError.write("kuchi: \(problem)")
        }
        if let signal { TerminalRestorer.dieBySignal(signal) }
        return 0
    }

    /// checkChoices: `--category` and `--level` checked against the deck's outline (its word
    /// table: no word decoded); the exit status of a usage error, said on stderr, else nil.
    private static func checkChoices(_ options: LaunchOptions, deck: DeckSource) -> Int32? {
        guard !options.categories.isEmpty || !options.levels.isEmpty, let outline = try? deck.outline() else { return nil }
        let unknown = outline.unknownCategories(options.categories)
        if !unknown.isEmpty {
            let known = outline.categories.map(\.name).joined(separator: ", ")
            StandardError.write("kuchi: no category \(unknown.map { "“\($0)”" }.joined(separator: ", ")) in \(outline.heading); its categories: \(known).")
            return 2
        }
        guard let byCategory = outline.selecting(categories: options.categories) else {
            StandardError.write("kuchi: the categories given hold fewer than \(Deck.minimumEntries) words; choose more.")
            return 2
        }
        let missingLevels = outline.unknownLevels(options.levels)
        if !missingLevels.isEmpty {
            StandardError.write("kuchi: no word of JLPT level \(missingLevels.map { "N\($0)" }.joined(separator: ", ")) in \(outline.heading).")
            return 2
        }
        if byCategory.selecting(levels: options.levels) == nil {
            StandardError.write("kuchi: the levels and categories given hold fewer than \(Deck.minimumEntries) words; choose more.")
            return 2
        }
        return nil
    }

    /// useUTF8Locale: the user's locale when it is UTF-8, else C.UTF-8 for character handling
    /// (Japanese needs a UTF-8 terminal either way); false when no UTF-8 locale exists.
    private static func useUTF8Locale() -> Bool {
        setlocale(LC_ALL, "")
        if isUTF8() { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil {
            if isUTF8() { return true }
        }
        return false
    }

    private static func isUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    private static func fail(_ message: String) -> Int32 {
        StandardError.write("kuchi: \(message)")
        return 1
    }
}

/// main: parse, then dispatch on the main actor. Usage errors exit 2 (as most CLI tools do),
/// not ArgumentParser's default 64.
@MainActor
func main() -> Int32 {
    StartupTrace.begin()
    ProcessGuards.install()
    // Plain `kuchi` — the common start — skips the parser: building its reflection-based model
    // was a third of the CPU time to the first screen.
    if CommandLine.arguments.count <= 1 {
        StartupTrace.mark("options")
        return Launch.run(LaunchOptions())
    }
    // `kuchi due` as a shell prompt runs it: read by hand, without the parser's model.
    if let status = DueSummary.shortcut(Array(CommandLine.arguments.dropFirst())) { return status }
    // The app with its own options only (a deck, a learner): read by hand too.
    if let options = LaunchArguments.plain(Array(CommandLine.arguments.dropFirst())) {
        StartupTrace.mark("options")
        return Launch.run(options)
    }
    let command: any ParsableCommand
    do {
        command = try KuchiCommand.parseAsRoot()
    } catch {
        return exitStatus(for: error)
    }
    StartupTrace.mark("options")
    let report: (lines: [String], status: Int32)
    switch command {
    case let check as CheckDeck: report = check.report()
    case let decks as Decks: report = decks.report()
    case let due as DueCommand: return due.execute()
    case let stats as StatsCommand: return stats.execute()
    case let reviews as ExportReviews: return reviews.execute()
    case let cards as ExportCards: return cards.execute()
    case let importing as ImportDeck: return importing.execute()
    case let sync as SyncCommand: return sync.execute()
    case let optimize as OptimizeCommand: return optimize.execute()
    case let say as SayCommand: return say.execute()
    case let word as WordCommand: return word.execute()
    case let kanji as KanjiCommand: return kanji.execute()
    case let config as ConfigCommand: return config.execute()
    case let forget as ForgetCommand: return forget.execute()
    case let synonyms as SynonymsCommand: return synonyms.execute()
    case let options as KuchiCommand: return Launch.run(LaunchOptions(options))
    default:
        // ArgumentParser's own commands (`kuchi help`, and `--help` on some paths) print
        // through the same error path as a thrown help request.
        do {
            var other = command
            try other.run()
            return StandardOutput.finish(0)
        } catch {
            return exitStatus(for: error)
        }
    }
    for line in report.lines { StandardOutput.write(line) }
    return StandardOutput.finish(report.status)
}

/// exitStatus: prints a parse result (help, version, usage error) and returns its status;
/// usage errors are 2, as most command-line tools use, not ArgumentParser's 64. The message
/// quotes the arguments, so it is written with controls escaped like every other message.
func exitStatus(for error: any Error) -> Int32 {
    let code = KuchiCommand.exitCode(for: error)
    let message = KuchiCommand.fullMessage(for: error)
    if code == .success {
        StandardOutput.write(message)
        return StandardOutput.finish(0)
    }
    StandardError.write(message)
    return code == .validationFailure ? 2 : code.rawValue
}

exit(main())
