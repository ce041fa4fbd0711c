import Foundation
import GRDB

/// SyncSuspensions: suspended words through the sync folder (issue 29) — every change the
/// folder holds is applied (the latest stamp wins, ties by machine id, whatever the order), and
/// this machine's changes the folder does not hold yet are sent.
enum SyncSuspensions {
    /// merge: applies the folder's changes inside the sync's transaction and returns the
    /// records to send; counts what changed here as received.
    static func merge(_ db: Database, learner: UUID, incoming: [Suspension], machine: String, report: inout SyncReport) throws -> [SyncRecord] {
        guard try db.tableExists("suspension") else { return [] }
        for change in incoming where try LearnerDatabase.apply(change, learner: learner, db: db) {
            report.received += 1
        }
        let known = Set(incoming.map { "\($0.deck)\u{1F}\($0.question)\u{1F}\($0.reading)\u{1F}\($0.stamp)\u{1F}\($0.machine)" })
        let rows = try Row.fetchAll(db, sql: """
            SELECT deck, question, reading, suspended, stamp, machine FROM suspension WHERE learner = ? ORDER BY deck, question, reading
            """, arguments: [learner.uuidString.lowercased()])
        var outgoing: [SyncRecord] = []
        for row in rows {
            let change = Suspension(deck: row["deck"], question: row["question"], reading: row["reading"], suspended: row["suspended"],
                                    stamp: row["stamp"], machine: row["machine"])
            let key = "\(change.deck)\u{1F}\(change.question)\u{1F}\(change.reading)\u{1F}\(change.stamp)\u{1F}\(change.machine)"
            // A change made before this folder was first synced carries the placeholder machine.
            guard !known.contains(key), change.machine == machine || change.machine == "local" else { continue }
            outgoing.append(.suspension(change))
        }
        report.sent += outgoing.count
        return outgoing
    }
}
