import ArgumentParser
import Foundation
import KuchiCore
import KuchiData

/// ExportCommand: `kuchi export reviews|cards` — the learner's history as CSV.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the review log (the FSRS optimizer's format) or the cards as CSV.",
        subcommands: [ExportReviews.self, ExportCards.self]
    )
}

/// ExportOptions: the options both exports take.
struct ExportOptions: ParsableArguments {
    @OptionGroup var learner: LearnerOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
            completion: .file(extensions: ["csv"]))
    var output: String?

    /// export: runs `write` over the chosen learner's database and sends the CSV to `-o PATH`
    /// (see `ExportDestination`: a file is replaced whole, never half-written; a FIFO or device
    /// is written into) or standard output; returns the exit status.
    func export(root: KuchiCommand, _ write: (LearnerDatabase, UUID, (String) -> Void) throws -> Void, header: String) -> Int32 {
        var text = ""
        let learner = learner.resolved(root: root)
        do throws(LearnerOptions.CommandFailure) {
            let destination: ExportDestination
            do throws(ExportDestination.Failure) {
                destination = try ExportDestination.choose(output)
            } catch {
                throw LearnerOptions.CommandFailure(message: error.message, status: 1)
            }
            let profile = try learner.learner()
            if let database = try learner.database() {
                do {
                    try write(database, profile.id) { text += $0 }
                } catch {
                    throw LearnerOptions.CommandFailure(message: "could not read the learner database: \(error)")
                }
            } else {
                text = header + "\n"
            }
            do throws(ExportDestination.Failure) {
                try destination.write(text)
            } catch {
                throw LearnerOptions.CommandFailure(message: error.message, status: 1)
            }
            return StandardOutput.finish(0)
        } catch {
            return LearnerOptions.fail(error)
        }
    }
}

/// ExportReviews: `kuchi export reviews` — card_id,review_time,review_rating,review_state,review_duration.
struct ExportReviews: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reviews",
        abstract: "Every graded answer as CSV: card_id, review_time (ms, UTC), review_rating (1–4), review_state (before), review_duration (ms)."
    )

    @OptionGroup var options: ExportOptions
    @ParentCommand var root: KuchiCommand

    /// execute: writes the CSV and returns the exit status.
    func execute() -> Int32 {
        options.export(root: root, { try LearnerExport.reviews($0, learner: $1, write: $2) }, header: LearnerExport.reviewsHeader)
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}

/// ExportCards: `kuchi export cards` — one line per card with its FSRS state (times ISO 8601 UTC).
struct ExportCards: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cards",
        abstract: "Every card as CSV: card_id, deck, question, reading, answer, direction, state, step, stability, difficulty, due, last_review, reps, lapses."
    )

    @OptionGroup var options: ExportOptions
    @ParentCommand var root: KuchiCommand

    /// execute: writes the CSV and returns the exit status.
    func execute() -> Int32 {
        options.export(root: root, { try LearnerExport.cards($0, learner: $1, write: $2) }, header: LearnerExport.cardsHeader)
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
