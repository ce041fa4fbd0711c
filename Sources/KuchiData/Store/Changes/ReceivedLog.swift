import Foundation
import GRDB
import KuchiMemory
import KuchiDeck

extension LearnerChange {
    /// ReceivedLog: reviews and undos other machines made, read from the sync folder, in the
    /// folder's order — the catalogue's one way into the review log from outside this machine.
    ///
    /// The sync hands in each chunk it reads (records the gate let through, none dated after
    /// the receiver's tomorrow: those wait in the sync's ledger). `apply` places each: a review
    /// is added unless its id is here or undone, a copy that differs from this machine's is
    /// settled by `prefers`, an undo deletes its review or is remembered as a tombstone; what
    /// the folder holds stops waiting in this machine's outbox.
    public struct ReceivedLog {
        /// Record: one review or undo, with the machine whose file held it.
        public enum Record {
            case review(SyncReview, machine: String, file: String)
            case undo(uid: String, machine: String)
        }

        public var learner: UUID
        public var records: [Record]
        /// now: the receiver's clock (ms): an undo whose review has not arrived is remembered from then.
        public var now: Int64
        /// prefers: the folder's tie-break between two copies of one review id (the sync's rule:
        /// it is about the records' line format, `SyncMerge.prefers`), the same on every machine.
        package var prefers: @Sendable (SyncReview, SyncReview) -> Bool
        /// cards: the card rows found so far, kept across the chunks of one sync (this file's ids:
        /// a portable copy starts its own).
        package var cards: ReceivedCards

        /// init: a chunk of `learner`'s records; `cards` is shared by every chunk of one sync.
        package init(learner: UUID, records: [Record], now: Int64, cards: ReceivedCards,
                     prefers: @escaping @Sendable (SyncReview, SyncReview) -> Bool) {
            self.learner = learner
            self.records = records
            self.now = now
            self.cards = cards
            self.prefers = prefers
        }
    }

    /// ReceivedOutcome: what a received chunk changed, for the sync's report and its replay.
    public struct ReceivedOutcome {
        /// received: reviews added or revised, and reviews undone.
        public var received = 0
        /// contributors: the machines whose records changed something.
        public var contributors: Set<String> = []
        /// touched: cards whose log changed (the replay recomputes these).
        public var touched: Set<Int64> = []
        /// disagreements: copies of a review held here with other contents, in order, and
        /// whether the folder's copy replaced this machine's (else this one is sent again).
        public var disagreements: [(review: SyncReview, file: String, replaced: Bool)] = []
    }
}

/// ReceivedCards: `SyncCards` shared by reference, so the chunks of one sync look each card up once.
package final class ReceivedCards {
    package var cards: SyncCards

    package init(learner: UUID) {
        cards = SyncCards(learner: learner)
    }
}

extension LearnerDatabase {
    /// place: a received chunk's writes, inside the open transaction `apply` holds.
    static func place(_ log: LearnerChange.ReceivedLog, in db: Database) throws -> LearnerChange.ReceivedOutcome {
        var outcome = LearnerChange.ReceivedOutcome()
        for record in log.records {
            switch record {
            case .review(let review, let machine, let file):
                guard ChangeGate.check(review) == nil else { continue }
                try place(review, from: machine, file: file, log: log, outcome: &outcome, in: db)
            case .undo(let uid, let machine):
                try undo(uid, from: machine, log: log, outcome: &outcome, in: db)
            }
        }
        return outcome
    }

    /// place: one review inserted, settled against this machine's copy, or already known — and
    /// no longer waiting to be sent, unless this machine's copy must go again.
    private static func place(_ review: SyncReview, from machine: String, file: String, log: LearnerChange.ReceivedLog,
                              outcome: inout LearnerChange.ReceivedOutcome, in db: Database) throws {
        let blob = ReviewID.blob(review.uid)
        if let local = try ReviewLog.travelling(db, uid: blob, learner: log.learner) {
            guard local.review != review else { return try SyncOutboxTable.dropReview(db, uid: blob) }
            guard log.prefers(review, local.review) else {
                outcome.disagreements.append((review, file, false))
                return try SyncOutboxTable.queueReview(db, uid: blob)
            }
            let card = try log.cards.cards.id(of: review, in: db)
            try ReviewLog.write(.revise(ReviewLog.Entry(card: card, time: review.time, rating: review.rating, state: .new,
                                                        duration: review.duration, uid: review.uid)), in: db)
            outcome.disagreements.append((review, file, true))
            outcome.received += 1
            outcome.contributors.insert(machine)
            outcome.touched.formUnion([local.card, card])
            return try SyncOutboxTable.dropReview(db, uid: blob)
        }
        if let undone = try ReviewTombstoneTable.card(db, uid: blob) {
            // Undone here and held by the folder: the undo goes out (unless the folder's own undo
            // made the tombstone: card 0), so the machines that hold it drop it too.
            if undone != 0 { try SyncOutboxTable.queueUndo(db, uid: blob) }
            return try SyncOutboxTable.dropReview(db, uid: blob)
        }
        let card = try log.cards.cards.id(of: review, in: db)
        let entry = ReviewLog.Entry(card: card, time: review.time, rating: review.rating, state: .new, duration: review.duration, uid: review.uid)
        if try ReviewLog.write(.add(entry), in: db) > 0 {
            outcome.received += 1
            outcome.contributors.insert(machine)
            outcome.touched.insert(card)
        }
        // After the insert: its trigger queues every new review, received ones included.
        try SyncOutboxTable.dropReview(db, uid: blob)
    }

    /// undo: one undo: its review deleted here, or remembered for when it arrives; the review
    /// stops waiting in the ledger (kept aside) and the undo in the outbox (the folder has it).
    private static func undo(_ uid: String, from machine: String, log: LearnerChange.ReceivedLog,
                             outcome: inout LearnerChange.ReceivedOutcome, in db: Database) throws {
        let blob = ReviewID.blob(uid)
        if let found = try ReviewLog.card(db, uid: blob, learner: log.learner) {
            try ReviewLog.write(.remove(uid: uid), in: db)
            outcome.received += 1
            outcome.contributors.insert(machine)
            outcome.touched.insert(found)
        } else {
            // Card 0 is no card: a tombstone that only stops the review coming in later.
            try ReviewTombstoneTable.keepOut(db, uid: blob, time: log.now)
        }
        // The folder has this undo: a review of its id kept aside is dropped, and this machine's
        // undo no longer waits to be sent.
        try SyncLaterTable.drop(db, uid: blob)
        try SyncOutboxTable.dropUndo(db, uid: blob)
    }
}
