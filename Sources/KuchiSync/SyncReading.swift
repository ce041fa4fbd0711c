import Foundation
import KuchiData

/// SyncReading: which files one sync reads, in what order, and how far — only what is new.
///
/// A file the ledger has at the same size and modification time, read to its end (or refused), is
/// skipped unread, so a sync with nothing new costs a listing and an `lstat` per file. A file that
/// grew (a copy that was still arriving, or one the budget stopped in) continues from where the
/// last sync stopped; one that shrank, or was rewritten at the same size (a copy tool that makes
/// the file at its full size before filling it, a damaged copy repaired in place), is read again
/// from its start — what was already taken is known by its id and not taken twice. Files are taken machine by machine in turn
/// (each machine's oldest first), so a budget spent on one machine's history never starves the
/// others, and no byte is read twice: the next sync goes on where this one stopped.
package enum SyncReading {
    /// Summary: what one pass read.
    package struct Summary {
        package var files = 0
        package var unreadableFiles = 0
        package var bytes: Int64 = 0
        package var notices: [String] = []
        /// partial: the budget ran out; the rest is read by the next sync.
        package var partial = false
        /// listed: every batch file listed (the ledger clean-up and the folding use them).
        package var listed: [SyncFolder.Listed] = []
    }

    /// Step: one file to read, and from where.
    private struct Step {
        let file: SyncFolder.Listed
        let from: SyncFolder.Progress?
    }

    /// plan: the files of `listed` that hold something not read yet, in turn by machine.
    package static func plan(_ listed: [SyncFolder.Listed], ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress]) -> [SyncFolder.Listed: SyncFolder.Progress?] {
        var steps: [SyncFolder.Listed: SyncFolder.Progress?] = [:]
        for file in listed {
            guard let known = ledger[LearnerDatabase.LedgerKey(machine: file.machine, name: file.name)] else {
                steps[file] = .some(nil)
                continue
            }
            let rewritten = known.modified != 0 && file.modified != known.modified && file.size == known.size
            if !rewritten && known.size == file.size && (known.complete || known.refused || known.offset >= file.size) { continue }
            steps[file] = file.size >= known.size && !known.refused && !rewritten ? known : nil
        }
        return steps
    }

    /// read: streams every new record of `learner` to `each`, at most `budget` bytes, and
    /// records each file's progress with `record`.
    package static func read(_ folder: SyncFolder, learner: UUID, ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress], budget: Int64,
                     stop: SyncStop? = nil, record: (SyncFolder.Listed, SyncFolder.Progress) throws -> Void,
                     each: ([SyncFolder.Entry]) throws -> Void) throws -> Summary {
        var summary = Summary()
        let (listed, notices) = folder.list(learner: learner)
        summary.listed = listed
        summary.notices = notices
        summary.files = listed.count
        let steps = plan(listed, ledger: ledger)
        var queues: [String: [SyncFolder.Listed]] = [:]
        for file in listed where steps[file] != nil { queues[file.machine, default: []].append(file) }
        let machines = queues.keys.sorted()
        var round = 0
        var left = budget
        var (finished, stopped) = (0, false)
        let stopping = { stop?.isRequested == true }
        while left > 0, !stopping(), machines.contains(where: { (queues[$0]?.count ?? 0) > round }) {
            for machine in machines {
                guard left > 0, !stopping(), let queue = queues[machine], round < queue.count else { continue }
                let file = queue[round]
                let read = try folder.readFile(file, learner: learner, from: steps[file] ?? nil, budget: left, stop: stopping, each: each)
                left -= read.bytes
                summary.bytes += read.bytes
                if let notice = read.notice { summary.notices.append(notice) }
                if read.unreadable { summary.unreadableFiles += 1 }
                if let progress = read.progress { try record(file, progress) }
                if read.stopped { (left, stopped) = (0, true) } else { finished += 1 }
            }
            round += 1
        }
        if stopped || finished < steps.count {
            summary.partial = true
            summary.notices.append(stopping()
                ? "Kuchi quit before the sync had read everything new; the next sync reads on from where this one stopped."
                : "The sync folder holds more new data than one sync reads (\(budget / 1_048_576) MiB); the rest is read by the next sync.")
        }
        return summary
    }
}
