import ArgumentParser
import Foundation
import KuchiCore

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

    @Option(help: ArgumentHelp("The learner (a saved profile's name); optional when only one is saved.", valueName: "name"))
    var profile: String?

    @Option(name: .customLong("config-dir"), help: ArgumentHelp("Profiles are in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var configDir: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("The learner database is in this folder instead of the XDG location.", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

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
            let learner = try self.learner(environment: environment)
            let calendar = StudyCalendar(rolloverHour: learner.settings.dayRolloverHour, timeZone: .current)
            let snapshot = try self.snapshot(learner: learner, calendar: calendar, now: now, environment: environment)
            if json {
                do {
                    return ([try StatsJSON(snapshot).text()], 0)
                } catch {
                    throw Failure(message: "could not write the JSON: \(error)")
                }
            }
            let width = Int(environment["COLUMNS"] ?? "").flatMap { $0 >= 20 ? $0 : nil } ?? 80
            return (StatsText.lines(snapshot, learner: learner.name, calendar: calendar, now: now, width: width), 0)
        } catch {
            return (["kuchi: \(error.message)"], 2)
        }
    }

    /// learner: `--profile NAME` (here or before `stats`), else the only saved profile.
    func learner(environment: [String: String]) throws(Failure) -> Profile {
        switch LearnerChoice.resolve(named: profile ?? root.profile, configDir: configDir ?? root.configDir, environment: environment) {
        case .success(let profile): return profile
        case .failure(let failure): throw Failure(message: failure.message)
        }
    }

    /// snapshot: the learner's figures from the database (all zero before the first session).
    func snapshot(learner: Profile, calendar: StudyCalendar, now: Date, environment: [String: String]) throws(Failure) -> StatsSnapshot {
        let url = databaseDirectory(environment: environment).appendingPathComponent("kuchi.sqlite")
        do {
            guard let source = try StatsSource.openReadOnly(url) else { return .empty(today: calendar.day(of: now)) }
            let decks = (try? Deck.bundled()).map { [$0] } ?? []
            return try source.snapshot(learner: learner.id, calendar: calendar, categories: StatsCategoryIndex(decks: decks), now: now)
        } catch {
            throw Failure(message: "could not read the learner database \(url.path): \(error)")
        }
    }

    /// databaseDirectory: `--data-dir`, else `$XDG_DATA_HOME/kuchi`, else `~/.local/share/kuchi`
    /// (as the store's `LearnerDatabase.defaultDirectory`).
    func databaseDirectory(environment: [String: String]) -> URL {
        if let dataDir = dataDir ?? root.dataDir { return URL(fileURLWithPath: dataDir) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("kuchi")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/kuchi")
    }

    /// run: ArgumentParser's entry; main.swift calls it on the main thread.
    func run() throws {
        let (lines, status) = MainActor.assumeIsolated { report() }
        if status == 0 {
            for line in lines { print(line) }
        } else {
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(status)
        }
    }
}
