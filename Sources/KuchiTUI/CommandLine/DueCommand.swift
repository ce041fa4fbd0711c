import ArgumentParser
import Foundation
import KuchiCore
import KuchiBase
import KuchiDeck
import KuchiData

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
        return DueSummary.print(Result(catching: { () throws(LearnerOptions.CommandFailure) -> StudyStatus in try status(now: now) }),
                                quiet: quiet)
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
        // The root command also declares --deck, and ArgumentParser gives it the value.
        return try DueSummary.choose(profile: profile, database: database, deck: deck ?? root.deck, dataDir: options.dataDir)
    }

    /// status: the chosen learner's standing in what they study (`DueSummary.status`).
    func status(now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        try DueSummary.status(options: learner.resolved(root: root), deck: deck ?? root.deck, now: now)
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
