import Foundation
import KuchiData

/// SyncSkipped: what `kuchi sync DIR --status` says about the files a sync skips for good.
///
/// A file refused once (not a Kuchi batch, another learner's, a folder or FIFO named `*.jsonl`,
/// a name that is not UTF-8) is told at the sync that found it and then kept in the ledger, so
/// it is not told again at every sync and every start. `--status` lists them all, each time:
/// the place the app's "(and N more)" points to.
package enum SyncSkipped {
    /// notices: one sentence per listed file the ledger keeps as refused (and unchanged since).
    package static func notices(_ folder: SyncFolder, learner: UUID, listed: [SyncFolder.Listed],
                        ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress]) -> [String] {
        listed.compactMap { file in
            guard let known = ledger[LearnerDatabase.LedgerKey(machine: file.machine, name: file.name)], known.refused,
                  known.size == file.size
            else { return nil }
            // Only the header is read again (a budget of 0), to say why; nothing is kept.
            let read = try? folder.readFile(file, learner: learner, from: nil, budget: 0) { _ in }
            return read?.notice
        }
    }
}
