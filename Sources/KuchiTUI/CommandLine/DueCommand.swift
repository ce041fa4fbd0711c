import ArgumentParser
import Foundation
import KuchiCore

/// DueCommand: `kuchi due` — what is due now, for shell prompts and scripts.
///
/// Prints "3 due now, 10 new available, next review 2026-12-01 14:00" (local time), or only the
/// number due with `--quiet`. Exit status 0 when something is due now, 1 when nothing is, 2 for
/// a problem (no such learner, several learners, an unusable database). Opens the database
/// read-only and runs one indexed query; the deck is read only before the learner's first session.
struct DueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "Show how many words are due now, the new words left today and the next review.",
        discussion: "Exit status: 0 when something is due now, 1 when nothing is, 2 for a problem."
    )

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Flag(help: "Print only the number of words due now.")
    var quiet = false

    @Flag(help: "List the cards a session would ask now, in its order: `due  WORD  READING  DIRECTION`, then `new  …` for today's new words.")
    var list = false

    @Flag(help: "With --list: print the list as JSON, {\"due\": [{\"word\", \"reading\", \"direction\"}], \"new\": […]}.")
    var json = false

    @Option(help: ArgumentHelp("Count this deck (a name from `kuchi decks`, or a deck file) instead of the learner's chosen one, all its categories.", valueName: "name"))
    var deck: String?

    func validate() throws {
        if json && !list { throw ValidationError("--json goes with --list.") }
        if quiet && list { throw ValidationError("--quiet and --list cannot be used together.") }
    }

    /// execute: prints the status (or the list) and returns the exit status.
    func execute(now: Date = Date()) -> Int32 {
        if list { return executeList(now: now) }
        let status: StudyStatus
        do throws(LearnerOptions.CommandFailure) {
            status = try self.status(now: now)
        } catch {
            return LearnerOptions.fail(error)
        }
        StandardOutput.write(quiet ? "\(status.dueNow)" : status.commandLineText())
        StartupTrace.finish("answer")
        StartupTrace.report()
        return StandardOutput.finish(status.dueNow > 0 ? 0 : 1)
    }

    /// Chosen: what the command counts — the learner with their settings as the learner
    /// database's log holds them (what Settings and `kuchi config` change), the database, and
    /// the words of their deck (or `--deck`) in their categories and levels.
    struct Chosen {
        var profile: Profile
        var database: LearnerDatabase?
        var deck: Deck
        var selection: StudySelection
        /// lessons: new words in lessons (the bundled deck, as the app decides it).
        var lessons: Bool
    }

    /// chosen: the one reading of the learner's choices, for the summary and `--list` alike, so
    /// the two never describe different selections.
    func chosen() throws(LearnerOptions.CommandFailure) -> Chosen {
        let options = learner.resolved(root: root)
        let (profile, database) = try options.opened()
        return try choose(profile: profile, database: database, dataDir: options.dataDir, forCounting: false)
    }

    /// choose: the deck and selection of `profile` (its settings as the log holds them).
    func choose(profile: Profile, database: LearnerDatabase?, dataDir: String?,
                forCounting: Bool) throws(LearnerOptions.CommandFailure) -> Chosen {
        // The root command also declares --deck, and ArgumentParser gives it the value.
        let deck = self.deck ?? root.deck
        let whole = try DeckChoice.load(deck, settings: profile.settings, dataDir: dataDir, forCounting: forCounting)
        var selection = StudySelection(learner: profile.id, settings: profile.settings)
        if deck != nil { selection.categories = [] }
        let byCategory = whole.selecting(categories: selection.categories) ?? whole
        let words = byCategory.selecting(levels: selection.levels) ?? byCategory
        // Lessons for the bundled deck, as the app decides (`LearnerSession.context()`).
        let lessons = deck == nil && profile.settings.deck.isEmpty
        StartupTrace.mark("deck")
        return Chosen(profile: profile, database: database, deck: words, selection: selection, lessons: lessons)
    }

    /// status: the chosen learner's standing in what they study — their deck (or `--deck`),
    /// categories and directions, with their own new-word limit and day rollover: the same
    /// figures Welcome shows (`LearnerSession.status`). The quick path answers whenever it can;
    /// anything it cannot read plainly goes the full path, which judges and says why.
    func status(now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        let options = learner.resolved(root: root)
        let profile = try options.learner()
        StartupTrace.mark("profile")
        if let status = quickStatus(profile: profile, options: options, now: now) { return status }
        return try fullStatus(profile: profile, options: options, now: now)
    }

    /// quickStatus: the summary read-only with the schema checked by one `PRAGMA user_version`
    /// read (`openCurrentReadOnly`) and the deck read back for counting only; nil when the
    /// database is missing, of another version or does not read (the full path decides then).
    func quickStatus(profile: Profile, options: LearnerOptions, now: Date) -> StudyStatus? {
        guard let database = LearnerDatabase.openCurrentReadOnly(directory: options.paths().dataDirectory) else { return nil }
        StartupTrace.mark("database open + migration check")
        let settled = database.settings(of: profile)
        StartupTrace.mark("settings")
        guard let chosen = try? choose(profile: settled, database: database, dataDir: options.dataDir, forCounting: true) else { return nil }
        return LearnerSession.status(database: database, learner: settled.id, deck: chosen.deck, selection: chosen.selection, now: now)
    }

    /// fullStatus: the summary through `openReadOnly`'s whole judgement of the file and the
    /// whole deck — what every case the quick path declines comes to.
    func fullStatus(profile: Profile, options: LearnerOptions, now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        let database = try options.database()
        StartupTrace.mark("database open + migration check")
        let settled = database?.settings(of: profile) ?? profile
        StartupTrace.mark("settings")
        let chosen = try choose(profile: settled, database: database, dataDir: options.dataDir, forCounting: false)
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

    /// executeList: `--list`: one line per card in the session's order, nothing else; the exit
    /// status as for the summary (0 when something is due now).
    func executeList(now: Date) -> Int32 {
        let plan: (due: [StudyPlan.Entry], new: [StudyPlan.Entry])
        do throws(LearnerOptions.CommandFailure) {
            plan = try self.plan(now: now)
        } catch {
            return LearnerOptions.fail(error)
        }
        if json {
            StandardOutput.write(Self.json(plan))
        } else {
            for entry in plan.due { StandardOutput.write("due  \(entry.question)  \(entry.reading)  \(entry.direction.rawValue)") }
            for entry in plan.new { StandardOutput.write("new  \(entry.question)  \(entry.reading)  \(entry.direction.rawValue)") }
        }
        return StandardOutput.finish(plan.due.isEmpty ? 1 : 0)
    }

    /// plan: the chosen learner's list over what they study (the selection `status(now:)` counts).
    func plan(now: Date) throws(LearnerOptions.CommandFailure) -> (due: [StudyPlan.Entry], new: [StudyPlan.Entry]) {
        let chosen = try chosen()
        do {
            return try StudyPlan.list(database: chosen.database ?? LearnerDatabase.inMemory(), learner: chosen.profile.id, deck: chosen.deck,
                                      selection: chosen.selection, lessons: chosen.lessons, now: now)
        } catch {
            throw LearnerOptions.CommandFailure(message: "could not read the learner database: \(error)")
        }
    }

    /// json: the list as `{"due": [{"word", "reading", "direction"}], "new": [...]}`.
    static func json(_ plan: (due: [StudyPlan.Entry], new: [StudyPlan.Entry])) -> String {
        func entries(_ list: [StudyPlan.Entry]) -> String {
            "[" + list.map { "{\"word\": \(JSONText.quoted($0.question)), \"reading\": \(JSONText.quoted($0.reading)), \"direction\": \(JSONText.quoted($0.direction.rawValue))}" }
                .joined(separator: ", ") + "]"
        }
        return "{\"due\": \(entries(plan.due)), \"new\": \(entries(plan.new))}"
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
