import Foundation
import GRDB
import KuchiData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncCompaction: this machine folds its own old batches into one, so the folder does not grow
/// by a file per sync for ever.
///
/// Still write-once per machine: the folded file is written and made durable (fsync, rename)
/// before the files it replaces are removed, and only this machine ever removes its own files.
/// Other machines lose nothing: the folded file holds the same records (each review and undo
/// once), which they deduplicate by id. Folding is size-tiered — the newest files are folded
/// while they are small next to what is folded with them — so a large old batch is not
/// rewritten at every fold, and what other machines re-read stays in proportion to what is new.
package enum SyncCompaction {
    /// threshold: own batch files that start a fold.
    package static let threshold = 16

    /// chosen: the own files to fold (newest first, while each is at most twice the newer
    /// ones together), or none when there are fewer than `threshold`.
    package static func chosen(_ own: [SyncFolder.Listed]) -> [SyncFolder.Listed] {
        guard own.count >= threshold else { return [] }
        var picked: [SyncFolder.Listed] = []
        var total: Int64 = 0
        for file in own.sorted(by: { $0.name > $1.name }) {
            guard picked.count < 2 || file.size <= 2 * total else { break }
            picked.append(file)
            total += file.size
        }
        return picked.count >= 2 ? picked.reversed() : []
    }

    /// fold: folds `machine`'s own whole original batches into one new batch; returns how many
    /// files it replaced (0 when none were due, or the fold could not be written — nothing is
    /// removed then).
    package static func fold(_ db: Database, folder: SyncFolder, learner: UUID, machine: String, listed: [SyncFolder.Listed], now: Date,
                     batchID: String) throws -> Int {
        // The listing this sync made (plus the batch it may have just written) says when to look closer.
        guard listed.filter({ $0.machine == machine && SyncFolder.isOriginal($0.name) }).count + 1 >= threshold else { return 0 }
        let ledger = try LearnerDatabase.ledger(db, place: folder.place, learner: learner)
        let own = folder.list(learner: learner).files.filter { file in
            file.machine == machine && SyncFolder.isOriginal(file.name)
                && ledger[LearnerDatabase.LedgerKey(machine: machine, name: file.name)].map { $0.complete && $0.size == file.size } == true
        }
        let folding = chosen(own)
        guard !folding.isEmpty else { return 0 }
        var seen: Set<String> = []
        let written: (url: URL, size: Int64, count: Int)
        do {
            let writer = try SyncBatchWriter(folder, learner: learner, machine: machine, now: now, batchID: batchID)
            for file in folding {
                let read = try folder.readFile(file, learner: learner, from: nil, budget: .max) { entries in
                    for entry in entries {
                        switch entry.record {
                        case .review(let review): guard seen.insert("r" + review.uid).inserted else { continue }
                        case .undo(let uid): guard seen.insert("u" + uid).inserted else { continue }
                        case .setting, .deck, .forget, .parameters, .suspension, .ownAnswer: break
                        }
                        try writer.add(entry.record)
                    }
                }
                // A file that no longer reads whole is left as it is (and the fold abandoned).
                guard read.progress?.complete == true else { return 0 }
            }
            let finished = try writer.finish()
            written = (finished.url, finished.size, writer.count)
        } catch is SyncBatchWriter.Failure {
            return 0
        }
        try LearnerDatabase.setLedger(db, place: folder.place, learner: learner, machine: machine, name: written.url.lastPathComponent,
                                      progress: SyncFolder.Progress(size: written.size, offset: written.size, records: written.count, hash: 0, complete: true))
        var removed: [LearnerDatabase.LedgerKey] = []
        for file in folding where file.name != written.url.lastPathComponent {
            if unlink(folder.machineFolder(learner, machine).appendingPathComponent(file.name).path) == 0 {
                removed.append(LearnerDatabase.LedgerKey(machine: machine, name: file.name))
            }
        }
        try LearnerDatabase.forgetLedger(db, place: folder.place, learner: learner, files: removed)
        // The settings those files held are in the folded one now (issue 26's record of what was sent).
        try LearnerDatabase.moveSent(db, learner: learner, from: removed.map(\.name), to: written.url.lastPathComponent)
        return removed.count
    }
}
