import ArgumentParser
import Foundation
import KuchiCore
import KuchiBase
import KuchiDeck
import KuchiData
import KuchiSync

/// StatsCommand: `kuchi stats` — the Stats tab's figures as text (the same chart panes, drawn
/// in their monochrome form and fitted to `$COLUMNS` or 80), or one JSON object with `--json`.
///
/// Exit status 0, or 2 for a problem (no such learner, several learners and none named, an
/// unreadable database). The database is opened read-only: a look never changes anything.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show a learner's progress: today, streak, heatmap, due forecast, retention, cards.",
        discussion: "Exit status: 0, or 2 for a problem (unknown or ambiguous learner, unreadable database)."
    )

    /// options: `--profile`, `--config-dir`, `--data-dir`, as `kuchi due` and `kuchi export` take them.
    @OptionGroup var options: LearnerOptions

    @Flag(help: "Print one JSON object (reviews_total, reviews_today, days_studied, streak_days, due_now, due_forecast, retention_30d, cards, by_category).")
    var json = false

    @ParentCommand var root: KuchiCommand

    /// Failure: a message for standard error (exit status 2).
    struct Failure: Error {
        let message: String
    }

    /// report: the lines to print and the exit status, at `now`, for `environment`.
    @MainActor
    func report(now: Date = Date(), environment: [String: String] = ProcessInfo.processInfo.environment) -> (lines: [String], status: Int32) {
        do throws(Failure) {
            let chosen = try self.learner(environment: environment)
            // One read-only open serves the learner's settings and the figures: the judgement
            // of the file (and SQLite's parse of its schema) was made twice (issue 39).
            let opened = Result { () throws(PersistenceError) -> LearnerDatabase? in
                try LearnerDatabase.openReadOnly(directory: databaseDirectory(environment: environment))
            }
            // The day's rollover is a setting: it is read from the learner database's log.
            let learner = ((try? opened.get()) ?? nil)?.settings(of: chosen) ?? chosen
            let calendar = StudyCalendar(rolloverHour: learner.settings.dayRolloverHour, timeZone: .current)
            let snapshot = try self.snapshot(learner: learner, opened: opened, calendar: calendar, now: now, environment: environment)
            if json {
                do {
                    return ([try StatsJSON(snapshot).text()], 0)
                } catch {
                    throw Failure(message: "could not write the JSON: \(error)")
                }
            }
            // Capped as the screen is (`TerminalSizeLimit`): COLUMNS=10000000 would otherwise
            // build lines of ten million cells (3.6 GB).
            let width = Int(environment["COLUMNS"] ?? "").flatMap { $0 >= 20 ? min($0, TerminalSizeLimit.columns) : nil } ?? 80
            return (StatsText.lines(snapshot, learner: learner.name, calendar: calendar, now: now, width: width), 0)
        } catch {
            return (["kuchi: \(error.message)"], 2)
        }
    }

    /// learner: `--profile NAME` (here or before `stats`), else the only saved profile.
    func learner(environment: [String: String]) throws(Failure) -> Profile {
        let options = options.resolved(root: root)
        switch LearnerChoice.resolve(named: options.profile, configDir: options.configDir, environment: environment) {
        case .success(let profile): return profile
        case .failure(let failure): throw Failure(message: failure.message)
        }
    }

    /// snapshot: the learner's figures from the database (all zero before the first session).
    /// The file is opened as `due` and `export` open it (`LearnerDatabase.openReadOnly`): one
    /// judgement of newer, foreign and damaged files for every command, never a write.
    func snapshot(learner: Profile, opened: Result<LearnerDatabase?, PersistenceError>, calendar: StudyCalendar, now: Date,
                  environment: [String: String]) throws(Failure) -> StatsSnapshot {
        let directory = databaseDirectory(environment: environment)
        let database: LearnerDatabase?
        switch opened {
        case .success(let value): database = value
        case .failure(let error): throw Failure(message: error.message)
        }
        guard let database else { return .empty(today: calendar.day(of: now)) }
        do {
            // Categories come from every deck the learner can study: the bundled one, the
            // imported ones, and `--deck FILE` for a deck kept elsewhere.
            let library = DeckLibrary(dataDirectory: directory)
            var decks = (try? Deck.bundled(cache: DeckCache(dataDirectory: directory))).map { [$0] } ?? []
            decks += library.names().compactMap { try? library.resolve($0) }
            if let file = root.deck, let deck = try? library.resolve(file) { decks.append(deck) }
            return try database.statsSource.snapshot(learner: learner.id, calendar: calendar, categories: StatsCategoryIndex(decks: decks), now: now)
        } catch {
            throw Failure(message: "could not read the learner database \(directory.appendingPathComponent(LearnerDatabase.fileName).path): \(error)")
        }
    }

    /// databaseDirectory: `--data-dir` (here or before `stats`), else the XDG location.
    func databaseDirectory(environment: [String: String]) -> URL {
        options.resolved(root: root).paths(environment).dataDirectory
    }

    /// execute: prints the report (the figures on stdout, a problem on stderr) and returns the
    /// exit status; main.swift calls it on the main thread.
    @MainActor
    func execute() -> Int32 {
        let (lines, status) = report()
        if status == 0 {
            for line in lines { StandardOutput.write(line) }
            return StandardOutput.finish(0)
        }
        for line in lines { StandardError.write(line) }
        return status
    }

    /// run: ArgumentParser's entry; main.swift calls `execute()` instead.
    func run() throws {
        let status = MainActor.assumeIsolated { execute() }
        if status != 0 { throw ExitCode(status) }
    }
}
