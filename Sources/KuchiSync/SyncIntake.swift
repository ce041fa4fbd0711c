import Foundation
import GRDB
import KuchiMemory
import KuchiDeck
import KuchiData

/// SyncIntake: records from the folder applied to the learner database as they stream in, inside
/// the sync's one transaction — so memory holds one chunk of records, not the folder.
///
/// Each chunk's reviews and undos are one catalogue change (`LearnerChange.received`): a review
/// is inserted unless its id is already here or undone, a copy held here with other contents is
/// settled by `SyncMerge.prefers`, an undo deletes its review or is remembered as a tombstone.
/// A review dated after the receiver's tomorrow is kept aside (`sync_later`) until its time
/// comes. A suspension or own answer is applied as its own change (latest stamp wins); one or a
/// weight change dated after tomorrow is kept aside like a review. Settings, decks and weight
/// changes go to `merge`.
package final class SyncIntake {
    private let db: Database
    private let learner: UUID
    /// machine: this machine's id (its own records may come back from the folder).
    package let machine: String
    /// place: the folder as the ledger knows it (`sync_held`).
    private let place: String
    /// latest: records after this (ms, the receiver's now + 1 day) are kept aside.
    package let latest: Int64
    /// merge: the settings, decks and weight changes read.
    package var merge = SyncMerge()
    /// received: reviews, undos and suspensions that changed this database.
    package private(set) var received = 0
    /// ownAnswersReceived: the learner's own answers kept or removed here by the folder's changes.
    package private(set) var ownAnswersReceived = 0
    /// contributors: machines whose records changed something.
    package private(set) var contributors: Set<String> = []
    /// touched: cards whose log changed (the replay recomputes only these, unless all).
    package private(set) var touched: Set<Int64> = []
    /// keptAside: reviews put aside for being dated in the future, this sync.
    package private(set) var keptAside = 0
    /// keptAsideChanges: suspensions and weight changes put aside for the same reason.
    package private(set) var keptAsideChanges = 0
    /// disagreements: review ids met with other contents than this machine's copy, this sync.
    private var disagreements = 0
    /// conflictNotices: the first few of them, named (`SyncMerge.namedDisagreements`).
    private var conflictNotices: [String] = []
    /// cards: the card rows found, shared by every chunk of this sync.
    private let cards: ReceivedCards

    /// now: the receiver's clock, as the catalogue's `apply` takes it.
    private var now: Date { Milliseconds.date(latest - Self.day) }
    /// ids: review ids for the catalogue (received changes draw none).
    private let ids = ReviewIDSource()

    /// day: one day in ms, the grace a record's time gets over the receiver's clock.
    package static let day: Int64 = 86_400_000

    /// init: an intake for `learner`'s records from the folder at `place`, received by `machine`
    /// at `now` (ms).
    package init(_ db: Database, learner: UUID, machine: String, place: String, now: Int64) {
        self.db = db
        self.learner = learner
        self.machine = machine
        self.place = place
        latest = now + Self.day
        cards = ReceivedCards(learner: learner)
    }

    /// notices: the review copies that disagreed, named (the first few) and counted.
    package var notices: [String] {
        let more = disagreements - conflictNotices.count
        guard more > 0 else { return refusals.notices + conflictNotices }
        return refusals.notices + conflictNotices + ["\(more) more review\(more == 1 ? "" : "s") had different contents in the sync folder; the same rule chose each."]
    }

    /// told: what other machines changed that the sync tells by machine (`SyncTold`).
    package var told = SyncTold()
    /// refusals: records the gate refused, by file (`SyncRefusals`).
    package private(set) var refusals = SyncRefusals()

    /// take: applies a chunk of records; one the gate refuses (`ChangeGate`) is only counted.
    /// The chunk's reviews and undos enter the log as one catalogue change, in their order.
    package func take(_ entries: [SyncFolder.Entry]) throws {
        var log: [LearnerChange.ReceivedLog.Record] = []
        for entry in entries {
            if let refusal = ChangeGate.check(entry.record) {
                refusals.add(refusal, entry: entry)
                continue
            }
            switch entry.record {
            case .review(let review):
                if review.time > latest {
                    // Dated after the receiver's tomorrow: waits in the ledger until its time comes.
                    try LearnerDatabase.keepLater(db, learner: learner, record: .review(review), key: ReviewID.blob(review.uid), time: review.time,
                                                  machine: entry.machine, stamped: false)
                    keptAside += 1
                } else {
                    log.append(.review(review, machine: entry.machine, file: entry.file))
                }
            case .undo(let uid): log.append(.undo(uid: uid, machine: entry.machine))
            case .suspension(let change): try suspension(change, entry: entry)
            case .ownAnswer(let change): try ownAnswer(change, entry: entry)
            case .parameters(let change):
                try LearnerDatabase.addHeld(db, place: place, learner: learner, keys: [SyncParameters.key(time: change.time, machine: entry.machine)])
                if change.time > latest {
                    try keepAside(entry, time: change.time)
                } else {
                    merge.add(entry)
                }
            case .setting, .deck, .forget: merge.add(entry)
            }
        }
        guard !log.isEmpty else { return }
        let change = LearnerChange.ReceivedLog(learner: learner, records: log, now: latest - Self.day, cards: cards, prefers: SyncMerge.prefers)
        guard let outcome = try LearnerDatabase.apply(.received(change), in: db, now: now, ids: ids).received else { return }
        received += outcome.received
        contributors.formUnion(outcome.contributors)
        touched.formUnion(outcome.touched)
        for disagreement in outcome.disagreements { tell(disagreement) }
    }

    /// tell: a copy of a review that differed from this machine's, named while few (every
    /// machine keeps the copy `SyncMerge.prefers`).
    private func tell(_ disagreement: (review: SyncReview, file: String, replaced: Bool)) {
        disagreements += 1
        guard disagreements <= SyncMerge.namedDisagreements else { return }
        let uid = disagreement.review.uid
        let shownFile = disagreement.file.isEmpty ? "the sync folder" : disagreement.file
        conflictNotices.append(disagreement.replaced
            ? "Review \(uid) here differed from the copy in \(shownFile); this machine now keeps that copy, as every machine does."
            : "Review \(uid) has different contents in \(shownFile) than here; every machine keeps this machine's copy "
                + "(the smallest content hash), so it is sent again.")
    }

    /// suspension: a word suspended or brought back on some machine: applied when it is the
    /// latest change of that word (kept aside when dated after tomorrow); the folder holds it.
    private func suspension(_ change: Suspension, entry: SyncFolder.Entry) throws {
        try LearnerDatabase.addHeld(db, place: place, learner: learner, keys: [SyncSuspensions.key(change)])
        if change.stamp > latest { return try keepAside(entry, time: change.stamp) }
        let write = LearnerChange.SuspensionWrite(learner: learner, deck: change.deck, question: change.question, reading: change.reading,
                                                  suspended: change.suspended, stamp: change.stamp, machine: change.machine)
        guard try LearnerDatabase.apply(.suspension(write), in: db, now: now, ids: ids).changed else { return }
        received += 1
        contributors.insert(entry.machine)
    }

    /// ownAnswer: an answer kept or removed on some machine ("I was right"): applied when it is
    /// the latest change of that answer (kept aside when dated after tomorrow); the folder holds it.
    private func ownAnswer(_ change: SyncOwnAnswer, entry: SyncFolder.Entry) throws {
        var change = change
        change.machine = entry.machine
        try LearnerDatabase.addHeld(db, place: place, learner: learner, keys: [OwnAnswerRecord.key(change)])
        if change.time > latest { return try keepAside(entry, time: change.time) }
        let write = LearnerChange.OwnAnswerWrite(learner: learner, answers: [change.answer], kept: change.kept, matching: nil,
                                                 stamp: change.time, machine: change.machine)
        guard try LearnerDatabase.apply(.ownAnswer(write), in: db, now: now, ids: ids).changed else { return }
        ownAnswersReceived += 1
        if change.kept && change.machine != machine { told.ownAnswer(from: change.machine) }
        contributors.insert(entry.machine)
    }

    /// keepAside: a stamped change dated after tomorrow, kept (by its content) until then.
    private func keepAside(_ entry: SyncFolder.Entry, time: Int64) throws {
        let line = try SyncRecordCoding.encode(entry.record)
        try LearnerDatabase.keepLater(db, learner: learner, record: entry.record, key: ReviewID.blob(StableHash.hex128(line)), time: time,
                                      machine: entry.machine, stamped: true)
        keptAsideChanges += 1
    }
}
