import Foundation
import GRDB
import KuchiMemory
import KuchiDeck
import KuchiData

/// SyncOutbox: this machine's reviews and undos not sent yet (`sync_outbox`, kept by triggers),
/// written out as one new batch, streamed from the database to the file.
package enum SyncOutbox {
    /// count: how many reviews and undos of `learner` wait to be sent.
    package static func count(_ db: Database, learner: UUID) throws -> Int {
        try SyncOutboxTable.count(db, learner: learner)
    }

    /// send: writes `records` (settings, decks, suspensions, weight changes, own answers) and every waiting review and undo of `learner` as
    /// one batch; once it is durable, they stop waiting. A write that fails leaves them waiting
    /// for the next sync, with a notice.
    package static func send(_ db: Database, folder: SyncFolder, learner: UUID, machine: String, records: [SyncRecord],
                     request: SyncRequest, batchID: String, report: inout SyncReport) throws {
        _ = folder.removeStaleTemporaries(learner: learner, machine: machine)
        let waiting = try SyncOutboxTable.isWaiting(db, learner: learner)
        guard !records.isEmpty || waiting else { return }
        var sent = 0
        var unsendable = 0
        var written = ""
        do {
            let writer = try SyncBatchWriter(folder, learner: learner, machine: machine, now: request.now, batchID: batchID)
            for record in records where !(try writer.add(record)) { unsendable += 1 }
            try SyncOutboxTable.eachReview(db, learner: learner) { review in
                if try writer.add(.review(review)) { sent += 1 } else { unsendable += 1 }
            }
            try SyncOutboxTable.eachUndo(db, learner: learner) { uid in
                if try writer.add(.undo(uid: uid)) { sent += 1 }
            }
            let finished = try writer.finish()
            written = finished.url.lastPathComponent
            try LearnerDatabase.setLedger(db, place: folder.place, learner: learner, machine: machine, name: written,
                                          progress: SyncFolder.Progress(size: finished.size, offset: finished.size, records: writer.count, hash: 0, complete: true))
        } catch let failure as SyncBatchWriter.Failure {
            report.sent = 0
            report.settingsSent = 0
            report.ownAnswersSent = 0
            report.notices.append("Could not write this machine's changes into \(SyncFolder.shown(folder.root)) (\(failure.reason)); they will be sent next time.")
            return
        }
        // Durable: what was written (and what no reader would take) stops waiting.
        try SyncOutboxTable.removeSent(db, learner: learner)
        try LearnerDatabase.addKnownDecks(db, place: folder.place, hashes: records.compactMap { record in
            if case .deck(let deck) = record { return deck.hash }
            return nil
        })
        try LearnerDatabase.markSent(db, records.compactMap { record in
            if case .setting(let change) = record { return change }
            return nil
        }, learner: learner, file: written)
        // Suspensions, weight changes and own answers sent are held by the folder now (each sent once).
        var suspensions = 0
        try LearnerDatabase.addHeld(db, place: folder.place, learner: learner, keys: records.compactMap { record in
            switch record {
            case .suspension(let change):
                suspensions += 1
                return SyncSuspensions.key(change)
            case .parameters(let change): return SyncParameters.key(time: change.time, machine: machine)
            case .ownAnswer(let change): return OwnAnswerRecord.key(change)
            default: return nil
            }
        })
        report.sent = sent + suspensions
        if unsendable > 0 {
            report.notices.append("\(unsendable) record\(unsendable == 1 ? " was" : "s were") not sent: \(unsendable == 1 ? "it is" : "they are") outside what other machines accept (a review dated before 1970, or a deck over \(SyncFolder.maximumLineBytes / 1_048_576) MiB).")
        }
    }
}

extension LearnerDatabase {
    /// hasUnsentReviews: whether `learner` has reviews or undos this machine has not sent to a
    /// sync folder yet (the app's quit sends them).
    public func hasUnsentReviews(learner: UUID) -> Bool {
        ((try? writer.read { db in try SyncOutbox.count(db, learner: learner) }) ?? 0) > 0
    }
}
