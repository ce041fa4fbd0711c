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

    /// status: the chosen learner's standing; before any session, the bundled deck's first
    /// words are what is new.
    func status(now: Date) throws(LearnerOptions.CommandFailure) -> StudyStatus {
        let options = learner.resolved(root: root)
        let profile = try options.learner()
        let limit = StudyQueue.defaultNewWordLimit
        let database = try options.database()
        do {
            if let database, try database.hasCards(learner: profile.id) {
                return try database.status(learner: profile.id, now: now, newWordLimit: limit)
            }
        } catch {
            throw LearnerOptions.CommandFailure(message: "could not read the learner database: \(error)")
        }
        let words = (try? Deck.bundled().challenges.count) ?? 0
        return StudyStatus(dueNow: 0, newAvailable: min(limit, words), nextReview: nil)
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
