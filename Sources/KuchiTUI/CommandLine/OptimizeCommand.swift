import ArgumentParser
import Foundation
import KuchiCore
import KuchiData

/// OptimizeCommand: `kuchi optimize` — fits FSRS-6's 21 weights to the learner's own reviews
/// (as Anki's "Optimize", with fsrs-rs's algorithm), keeps them only if they predict the
/// learner's reviews better than the weights in force, and then recomputes every card's memory.
///
/// Prints one verdict line (or one JSON object with `--json`); `--show` prints the weights in
/// force, `--reset` puts the defaults back. Exit status 0, 2 for a problem (bad flags, no
/// learner, an unusable database).
struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Fit the scheduler's parameters to your own reviews (as Anki's Optimize).",
        discussion: """
            Fits FSRS-6's 21 parameters to the learner's review log, compares them with the ones in use on the same \
            reviews, and keeps the new ones only if they predict the reviews better; then every card's memory is \
            recomputed from its history (due dates stay unless --reschedule). The change travels with kuchi sync. \
            Exit status: 0, or 2 for a problem (bad flags, unknown or ambiguous learner, unusable database).
            """
    )

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Flag(help: "Print one JSON object (outcome, reviews, items, parameters, previous_parameters, log_loss_before, log_loss_after, rmse_bins_before, rmse_bins_after, applied).")
    var json = false

    @Flag(name: .customLong("dry-run"), help: "Fit and judge, but change nothing.")
    var dryRun = false

    @Flag(help: "Also move review cards' due dates to what the new parameters give.")
    var reschedule = false

    @Option(help: ArgumentHelp("Passes over the reviews (default 5).", valueName: "n"))
    var epochs: Int?

    @Option(name: .customLong("batch-size"), help: ArgumentHelp("Reviews per training step (default 512); at least the number of reviews trains on all at once.", valueName: "n"))
    var batchSize: Int?

    @Flag(help: "Show the parameters in use, where they came from and when.")
    var show = false

    @Flag(help: "Go back to the default parameters (a change that travels with kuchi sync).")
    var reset = false

    /// maximumEpochs: more passes than this only spend time (the rate has annealed to nothing).
    static let maximumEpochs = 10_000

    /// validate: flags that cannot go together, and numbers out of range.
    func validate() throws {
        if show && reset { throw ValidationError("--show and --reset cannot be given together.") }
        if (show || reset) && (epochs != nil || batchSize != nil || dryRun) {
            throw ValidationError("--epochs, --batch-size and --dry-run belong to a fit, not to --\(show ? "show" : "reset").")
        }
        if show && reschedule { throw ValidationError("--reschedule belongs to a fit or --reset, not to --show.") }
        if let epochs, !(1...Self.maximumEpochs).contains(epochs) {
            throw ValidationError("--epochs must be between 1 and \(Self.maximumEpochs).")
        }
        if let batchSize, batchSize < 1 { throw ValidationError("--batch-size must be at least 1.") }
    }

    /// execute: runs the command and returns the exit status.
    func execute(now: Date = Date()) -> Int32 {
        let options = learner.resolved(root: root)
        let profile: Profile
        do throws(LearnerOptions.CommandFailure) {
            profile = try options.learner()
        } catch {
            return LearnerOptions.fail(error)
        }
        let environment = ProcessInfo.processInfo.environment
        let directory = options.paths(environment).dataDirectory
        // No database yet: nothing reviewed, and nothing is created just to say so.
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(LearnerDatabase.fileName).path) else {
            return OptimizeOutput.withoutDatabase(show: show, reset: reset, json: json)
        }
        let database = LearnerDatabase.open(directory: directory, now: now)
        if let problem = database.problem {
            // A busy or unusable file would lose what a fit writes: refuse rather than pretend.
            if let refusal = database.commandRefusal {
                StandardError.write("kuchi: \(refusal)")
                return 2
            }
            StandardError.write("kuchi: \(problem.message)")
        }
        // The learner's retention as the database's settings log holds it (issue 26).
        let retention = database.settings(of: profile).settings.desiredRetention
        if show { return OptimizeOutput.show(database.parametersInForce(learner: profile.id), json: json, database: database) }
        if reset {
            do {
                let changed = try SchedulerOptimizer.reset(database, learner: profile.id, desiredRetention: retention, reschedule: reschedule, now: now)
                StandardOutput.write(changed ? "Back to the default parameters; every card's memory was recomputed."
                                             : "Kuchi already uses the default parameters.")
                return StandardOutput.finish(0)
            } catch {
                StandardError.write("kuchi: could not reset the parameters: \(error)")
                return 2
            }
        }
        var config = FSRSTrainingConfig()
        if let epochs { config.epochs = epochs }
        if let batchSize { config.batchSize = batchSize }
        let request = SchedulerOptimizer.Request(learner: profile.id, desiredRetention: retention, config: config, dryRun: dryRun,
                                                 reschedule: reschedule, now: now)
        let progress = OptimizeOutput.ProgressLine(enabled: !json && isatty(STDERR_FILENO) == 1)
        do {
            let report = try SchedulerOptimizer.run(request, database: database) { share in progress.show(share) }
            progress.clear()
            StandardOutput.write(json ? OptimizeOutput.json(report) : SchedulerOptimizer.verdict(report))
            return StandardOutput.finish(0)
        } catch {
            progress.clear()
            StandardError.write("kuchi: could not optimize: \(error)")
            return 2
        }
    }

    /// run: ArgumentParser's entry; main.swift calls `execute()` directly.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
