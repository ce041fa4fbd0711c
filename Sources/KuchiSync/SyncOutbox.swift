import Foundation
import GRDB
import KuchiMemory
import KuchiDeck
import KuchiData

/// SyncOutbox: this machine's reviews and undos not sent yet (`sync_outbox`, kept by triggers),
/// written out as one new batch, streamed from the database to the file.
package enum SyncOutbox {
    /// reviewsSQL: the learner's waiting reviews, as they travel, oldest first.
    private static let reviewsSQL = """
        SELECT r.uid, d.deck, c.question, c.reading, c.direction, c.answer, r.time, r.rating, r.duration
        FROM sync_outbox o CROSS JOIN review r ON r.uid = o.uid JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
        WHERE o.kind = 0 AND d.learner = ? ORDER BY r.time, r.uid
        """
    /// undosSQL: the learner's waiting undos (tombstones of their cards).
    private static let undosSQL = """
        SELECT o.uid FROM sync_outbox o CROSS JOIN review_tombstone t ON t.uid = o.uid JOIN card c ON c.id = t.card
        JOIN learner_deck d ON d.id = c.learner_deck WHERE o.kind = 1 AND d.learner = ? ORDER BY o.uid
        """

    /// count: how many reviews and undos of `learner` wait to be sent.
    package static func count(_ db: Database, learner: UUID) throws -> Int {
        let key = learner.uuidString.lowercased()
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(reviewsSQL))", arguments: [key]).map { $0 }.map { reviews in
            reviews + (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (\(undosSQL))", arguments: [key]) ?? 0)
        } ?? 0
    }

    /// send: writes `records` (settings, decks, suspensions, weight changes, own answers) and every waiting review and undo of `learner` as
    /// one batch; once it is durable, they stop waiting. A write that fails leaves them waiting
    /// for the next sync, with a notice.
    package static func send(_ db: Database, folder: SyncFolder, learner: UUID, machine: String, records: [SyncRecord],
                     request: SyncRequest, batchID: String, report: inout SyncReport) throws {
        let key = learner.uuidString.lowercased()
        _ = folder.removeStaleTemporaries(learner: learner, machine: machine)
        // The outbox drives every query (CROSS JOIN keeps SQLite from walking the whole log).
        let waiting = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sync_outbox)") == true
            && (try Bool.fetchOne(db, sql: "SELECT EXISTS (\(reviewsSQL)) OR EXISTS (\(undosSQL))", arguments: [key, key]) ?? false)
        guard !records.isEmpty || waiting else { return }
        var sent = 0
        var unsendable = 0
        var written = ""
        do {
            let writer = try SyncBatchWriter(folder, learner: learner, machine: machine, now: request.now, batchID: batchID)
            for record in records where !(try writer.add(record)) { unsendable += 1 }
            let reviews = try Row.fetchCursor(db, sql: reviewsSQL, arguments: [key])
            while let row = try reviews.next() {
                guard let direction = StudyDirection(rawValue: row[4]), let rating = Rating(rawValue: row[7]) else { continue }
                let review = SyncReview(uid: ReviewID.text(row[0]), deck: row[1], question: row[2], reading: row[3], direction: direction,
                                        answer: row[5], time: row[6], rating: rating, duration: row[8])
                if try writer.add(.review(review)) { sent += 1 } else { unsendable += 1 }
            }
            let undos = try Data.fetchCursor(db, sql: undosSQL, arguments: [key])
            while let uid = try undos.next() {
                if try writer.add(.undo(uid: ReviewID.text(uid))) { sent += 1 }
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
        try db.execute(sql: """
            DELETE FROM sync_outbox WHERE kind = 0 AND uid IN (SELECT o.uid FROM sync_outbox o CROSS JOIN review r ON r.uid = o.uid
                JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE o.kind = 0 AND d.learner = ?)
            """, arguments: [key])
        try db.execute(sql: """
            DELETE FROM sync_outbox WHERE kind = 1 AND uid IN (SELECT o.uid FROM sync_outbox o CROSS JOIN review_tombstone t ON t.uid = o.uid
                JOIN card c ON c.id = t.card JOIN learner_deck d ON d.id = c.learner_deck WHERE o.kind = 1 AND d.learner = ?)
            """, arguments: [key])
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
