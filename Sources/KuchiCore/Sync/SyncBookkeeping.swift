import Foundation
import GRDB

/// SyncBookkeeping: the ledger kept true to the folder — a folder new to this machine, or one
/// that lost this machine's files (wiped, re-cloned, another folder at the same path), gets the
/// whole history sent again; files gone from the folder are forgotten.
enum SyncBookkeeping {
    /// Start: the ledger to read with, and whether the folder is new here.
    struct Start {
        var ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress]
        var first: Bool
    }

    /// begin: the ledger of `folder` for `learner`; when the folder is new here or lost one of
    /// this machine's files, every review and undo is queued again (reading drops those found).
    static func begin(_ db: Database, folder: SyncFolder, learner: UUID, machine: String) throws -> Start {
        let ledger = try LearnerDatabase.ledger(db, place: folder.place, learner: learner)
        let lost = ledger.contains { key, progress in
            key.machine == machine && progress.complete
                && SyncFolder.linkInfo(folder.machineFolder(learner, machine).appendingPathComponent(key.name)) == nil
        }
        guard ledger.isEmpty || lost else { return Start(ledger: ledger, first: false) }
        try LearnerDatabase.requeueAll(db, learner: learner, place: folder.place)
        return Start(ledger: [:], first: true)
    }

    /// forgetGone: drops the ledger rows of files no longer listed (another machine folded them).
    static func forgetGone(_ db: Database, folder: SyncFolder, learner: UUID, ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress],
                           listed: [SyncFolder.Listed]) throws {
        let present = Set(listed.map { LearnerDatabase.LedgerKey(machine: $0.machine, name: $0.name) })
        let gone = ledger.keys.filter { !present.contains($0) }
        if !gone.isEmpty { try LearnerDatabase.forgetLedger(db, place: folder.place, learner: learner, files: gone) }
    }

    /// laterNotice: the sentence for reviews kept aside because they are dated in the future.
    static func laterNotice(_ db: Database, learner: UUID) throws -> String {
        let (count, latest) = try LearnerDatabase.laterCount(db, learner: learner)
        let day = latest.map { Milliseconds.date($0).formatted(.iso8601.year().month().day()) } ?? "later"
        return "\(count) review\(count == 1 ? " in the sync folder is" : "s in the sync folder are") dated after tomorrow (the latest \(day)), "
            + "from a machine whose clock is wrong; \(count == 1 ? "it is" : "they are") kept aside and used once \(count == 1 ? "its" : "their") time has come."
    }

    /// schedulerChanged: whether the learner's scheduler (retention, parameters) differs from the
    /// one the last replay used — then every card is replayed, not only those that changed.
    static func schedulerChanged(_ db: Database, learner: UUID, scheduler: FSRSScheduler) throws -> Bool {
        let key = "replayed:" + learner.uuidString.lowercased()
        let now = String(describing: scheduler)
        guard try String.fetchOne(db, sql: "SELECT value FROM sync_meta WHERE key = ?", arguments: [key]) != now else { return false }
        try db.execute(sql: "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, ?)", arguments: [key, now])
        return true
    }
}
