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

    @Option(help: ArgumentHelp("Count this deck (a name from `kuchi decks`, or a deck file) instead of the learner's chosen one, all its categories.", valueName: "name"))
    var deck: String?

    /// execute: prints the status and returns the exit status.
    func execute(now: Date = Date()) -> Int32 {
        let status: StudyStatus
        do throws(LearnerOptions.CommandFailure) {
            status = try self.status(now: now)
        } catch {
            return LearnerOptions.fail(error)
        }
        StandardOutput.write(quiet ? "\(status.dueNow)" : status.commandLineText())
        return StandardOutput.finish(status.dueNow > 0 ? 0 : 1)
    }

    /// status: the chosen learner's standing in what they study — their deck (or `--deck`),
    /// categories and directions, with their own new-word limit and day rollover: the same
    /// figures Welcome shows (`LearnerSession.status`).
    func status(now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        let options = learner.resolved(root: root)
        let (profile, database) = try options.opened()
        let settings = profile.settings
        // The root command also declares --deck, and ArgumentParser gives it the value.
        let deck = self.deck ?? root.deck
        let library = DeckLibrary(dataDirectory: options.dataDir.map { URL(fileURLWithPath: $0) })
        let whole: Deck
        do throws(DeckError) {
            let name = deck ?? settings.deck
            whole = name.isEmpty || (deck == nil && !library.names().contains(name)) ? try Deck.bundled(cache: library.cache) : try library.resolve(name)
        } catch {
            throw LearnerOptions.CommandFailure(message: error.description)
        }
        var selection = StudySelection(learner: profile.id, settings: settings)
        if deck != nil { selection.categories = [] }
        let byCategory = whole.selecting(categories: selection.categories) ?? whole
        let chosen = byCategory.selecting(levels: selection.levels) ?? byCategory
        guard let database else {
            let words = selection.direction.cardKeys(in: chosen).count
            return StudyStatus(dueNow: 0, newAvailable: min(Settings.clampNewWordsPerDay(settings.newWordsPerDay), words), nextReview: nil)
        }
        guard let status = LearnerSession.status(database: database, learner: profile.id, deck: chosen, selection: selection, now: now) else {
            throw LearnerOptions.CommandFailure(message: "could not read the learner database.")
        }
        return status
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
