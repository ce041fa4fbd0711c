import Foundation
import GRDB
import KuchiData

/// SyncBookkeeping: the ledger kept true to the folder — a folder new to this machine, or one
/// that lost this machine's files (wiped, re-cloned, another folder at the same path), gets the
/// whole history sent again; files gone from the folder are forgotten.
package enum SyncBookkeeping {
    /// Start: the ledger to read with, and whether the folder is new here.
    package struct Start {
        package var ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress]
        package var first: Bool
    }

    /// begin: the ledger of `folder` for `learner`; when the folder is new here or lost one of
    /// this machine's files, every review and undo is queued again (reading drops those found).
    package static func begin(_ db: Database, folder: SyncFolder, learner: UUID, machine: String) throws -> Start {
        // From now on every write to the log waits in the outbox (the triggers of SyncLedgerSchema).
        try SyncMetaTable.keepOutbox(db)
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
    package static func forgetGone(_ db: Database, folder: SyncFolder, learner: UUID, ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress],
                           listed: [SyncFolder.Listed]) throws {
        let present = Set(listed.map { LearnerDatabase.LedgerKey(machine: $0.machine, name: $0.name) })
        let gone = ledger.keys.filter { !present.contains($0) }
        if !gone.isEmpty { try LearnerDatabase.forgetLedger(db, place: folder.place, learner: learner, files: gone) }
    }

    /// laterNotices: the sentences for records kept aside because they are dated in the future
    /// (reviews; suspensions and weight changes), when this sync kept any aside.
    package static func laterNotices(_ db: Database, learner: UUID, intake: SyncIntake) throws -> [String] {
        var notices: [String] = []
        guard intake.keptAside > 0 || intake.keptAsideChanges > 0 else { return notices }
        let whose = try ownClockIsWrong(db, learner: learner, intake: intake)
            ? "this machine's clock seems to be wrong (it says \(day(intake.latest - SyncIntake.day)))"
            : "from a machine whose clock is wrong"
        if intake.keptAside > 0 {
            let (count, latest) = try LearnerDatabase.laterCount(db, learner: learner)
            notices.append("\(count) review\(count == 1 ? " in the sync folder is" : "s in the sync folder are") dated after tomorrow (the latest \(day(latest))), "
                + "\(whose); \(count == 1 ? "it is" : "they are") kept aside and used once \(count == 1 ? "its" : "their") time has come.")
        }
        if intake.keptAsideChanges > 0 {
            let (count, latest) = try LearnerDatabase.laterCount(db, learner: learner, stamped: true)
            notices.append("\(count) suspension, scheduler change or own answer\(count == 1 ? " in the sync folder is" : "s in the sync folder are") dated after tomorrow "
                + "(the latest \(day(latest))), \(whose); \(count == 1 ? "it is" : "they are") kept aside until then.")
        }
        return notices
    }

    /// ownClockIsWrong: whether "after tomorrow" says more about this machine's clock than the
    /// others': this machine's own records are among those kept aside, its own review log holds
    /// answers dated after tomorrow, or they come from two machines or more (nearly all of them
    /// being wrong the same way is less likely than this one being wrong).
    private static func ownClockIsWrong(_ db: Database, learner: UUID, intake: SyncIntake) throws -> Bool {
        let machines = try SyncLaterTable.machines(db, learner: learner)
        if machines.contains(intake.machine) || machines.count >= 2 { return true }
        return try ReviewLog.hasReview(db, learner: learner, after: intake.latest)
    }

    /// day: a kept-aside record's day, as the notices print it.
    private static func day(_ time: Int64?) -> String {
        time.map { Milliseconds.date($0).formatted(.iso8601.year().month().day()) } ?? "later"
    }
}
