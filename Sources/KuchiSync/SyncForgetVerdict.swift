import Foundation
import GRDB
import KuchiData

/// SyncForgetVerdict: whether a forget record read from the folder is obeyed (issue 36).
///
/// A forget erases only what its machine had seen by its time: one line `{"type":"forget",
/// "time":1}` in any machine folder used to delete the learner on every machine, and each then
/// deleted its own batch files. Now a forget is obeyed only when the machine that wrote it has
/// written for this learner before (a batch of its own read here, or listed beside the forget),
/// and no review of the learner here is later than it; otherwise it is refused with a notice
/// naming the file and the machine, and nothing is deleted. Judged once everything new was read,
/// so the order files are read in changes nothing. A forget this machine restored past
/// (`kuchi forget --restore`) is not obeyed again.
package enum SyncForgetVerdict {
    /// Forget: one forget record, where it was read.
    package struct Forget: Equatable {
        package let machine: String
        package let time: Int64
        package let file: String
    }

    /// Verdict: the forget obeyed (nil: none), and a notice per forget refused.
    package struct Verdict {
        package var obeyed: Forget?
        package var notices: [String] = []
    }

    /// judge: the verdict on `forgets` for `learner` named `name`, with the files this machine
    /// has read (`ledger`) and those listed now (`listed`).
    package static func judge(_ db: Database, learner: UUID, name: String, forgets: [Forget], ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress],
                      listed: [SyncFolder.Listed]) throws -> Verdict {
        var verdict = Verdict()
        guard !forgets.isEmpty else { return verdict }
        let restored = try restoredUpTo(db, learner: learner)
        let latestReview = try ReviewLog.latestTime(db, learner: learner)
        let shownName = name.escapingControlCharacters
        for forget in forgets.sorted(by: { ($0.time, $0.machine) > ($1.time, $1.machine) }) {
            if let restored, forget.time <= restored { continue }
            let origin = "\(forget.file) (machine \(SyncRefusals.short(forget.machine)))"
            guard wrote(forget, ledger: ledger, listed: listed) else {
                verdict.notices.append("\(origin) says \(shownName) was forgotten on every machine, but that machine never wrote for \(shownName) "
                    + "here; the forget was refused and nothing was deleted.")
                continue
            }
            if let latestReview, latestReview > forget.time {
                verdict.notices.append("\(origin) says \(shownName) was forgotten on every machine on \(day(forget.time)), before reviews here "
                    + "(the latest on \(day(latestReview))); a forget erases only what its machine had seen, so it was refused and nothing "
                    + "was deleted. `kuchi forget` forgets \(shownName) here.")
                continue
            }
            if verdict.obeyed == nil { verdict.obeyed = forget }
        }
        return verdict
    }

    /// wrote: whether the machine of `forget` wrote for the learner before: a file of its own
    /// other than the forget's, read here (`ledger`) or in the folder now (`listed`).
    package static func wrote(_ forget: Forget, ledger: [LearnerDatabase.LedgerKey: SyncFolder.Progress], listed: [SyncFolder.Listed]) -> Bool {
        let other: (String) -> Bool = { name in !forget.file.hasSuffix("/" + name) && forget.file != name }
        return ledger.contains { $0.key.machine == forget.machine && $0.value.records > 0 && other($0.key.name) }
            || listed.contains { $0.machine == forget.machine && $0.size > 0 && other($0.name) }
    }

    /// restoredKey: the `sync_meta` key holding the time of the latest forget of `learner` this
    /// machine restored past.
    package static func restoredKey(_ learner: UUID) -> String { SyncMetaTable.restoredKey(learner) }

    /// restoredUpTo: forgets of `learner` at or before this time were restored past here.
    package static func restoredUpTo(_ db: Database, learner: UUID) throws -> Int64? {
        try SyncMetaTable.restoredUpTo(db, learner: learner)
    }

    /// day: a time as a UTC day (YYYY-MM-DD), or the number for one out of the calendar's range.
    package static func day(_ time: Int64) -> String {
        guard ChangeGate.isTime(time) else { return String(time) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Milliseconds.date(time))
    }
}
