import ArgumentParser
import Foundation
import KuchiCore
import KuchiSync

/// SyncCommand: `kuchi sync DIR` — shares the learner's progress with their other machines
/// through a folder something else carries (Syncthing, Dropbox, a git repository).
///
/// Prints one line (`sent 12 reviews · received 30 from 1 other machine · 5 cards rescheduled`);
/// problems met on the way (skipped records, unreadable files) go to standard error, one
/// sentence each. Exit 0 on success, 1 when DIR holds nothing readable for the learner, 2 for
/// usage errors.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Share progress with your other machines through a folder (Syncthing, Dropbox, git).",
        discussion: """
            Writes this machine's new reviews, undos, settings and imported decks into DIR/kuchi as new files (never \
            changing a file once written), reads the other machines' files it has not read yet (at most 256 MiB per \
            sync; the next sync reads on), and replays the review log of each card that changed, so every machine ends \
            with the same cards. Each machine folds its own older files into one now and then. With --profile NAME, a \
            learner this machine does not know yet is brought in from DIR. Exit status: 0 on success, 1 when DIR holds \
            nothing readable for the learner, 2 for usage errors.
            """
    )

    @Argument(help: ArgumentHelp("The shared folder.", valueName: "dir"), completion: .directory)
    var folder: String

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Flag(help: "Say what would be sent and received, changing nothing.")
    var status = false

    /// validate: an empty path would silently mean the current folder.
    func validate() throws {
        if folder.isEmpty { throw ValidationError("sync needs a folder; an empty path is not one.") }
    }

    /// execute: runs the sync, prints its line and notices, and returns the exit status.
    func execute(now: Date = Date()) -> Int32 {
        let options = learner.resolved(root: root)
        let environment = ProcessInfo.processInfo.environment
        let request = SyncRequest(
            folder: URL(fileURLWithPath: folder),
            profileName: options.profile,
            configDirectory: options.paths(environment).configDirectory,
            dataDirectory: options.paths(environment).dataDirectory,
            statusOnly: status, now: now, seed: environment["KUCHI_SEED"].flatMap(UInt64.init))
        switch SyncService.run(request) {
        case .success(let report):
            for notice in report.notices { StandardError.write("kuchi: \(notice)") }
            StandardOutput.write(report.summary)
            // What other machines changed, by machine: under the line, so scripts reading the
            // first line read what they always read.
            for line in report.told { StandardOutput.write("  \(line)") }
            return StandardOutput.finish(0)
        case .failure(let failure):
            StandardError.write("kuchi: \(failure.message)")
            if case .nothing = failure { return 1 }
            return 2
        }
    }

    /// run: ArgumentParser's entry; main.swift may call `execute()` directly instead.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
