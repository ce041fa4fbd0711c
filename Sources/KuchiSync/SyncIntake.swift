import Foundation
import GRDB
import KuchiMemory
import KuchiDeck
import KuchiData

/// SyncIntake: records from the folder applied to the learner database as they stream in, inside
/// the sync's one transaction — so memory holds one chunk of records, not the folder.
///
/// A review is inserted unless its id is already here or undone (the unique index and the
/// tombstones deduplicate: a conflict copy or a folded batch adds nothing); one dated after the
/// receiver's tomorrow is kept aside (`sync_later`) until its time comes. A copy of a review
/// held here with other contents is settled by `SyncMerge.prefers`: the folder's copy replaces
/// this one, or this one (which every machine keeps) is sent again. An undo deletes its review,
/// or is remembered as a tombstone when the review has not arrived yet. A suspension is applied
/// (latest stamp wins); a suspension or weight change dated after tomorrow is kept aside like a
/// review. Every write to the log goes through `ReviewLog`. Whatever the folder holds stops
/// waiting in this machine's outbox. Settings, decks and weight changes go to `merge`.
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
    private var cards: SyncCards

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
        cards = SyncCards(learner: learner)
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
    package func take(_ entries: [SyncFolder.Entry]) throws {
        for entry in entries {
            if let refusal = ChangeGate.check(entry.record) {
                refusals.add(refusal, entry: entry)
                continue
            }
            switch entry.record {
            case .review(let review): try take(review, from: entry.machine, file: entry.file)
            case .undo(let uid): try undo(uid, from: entry.machine)
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
    }

    /// take: one review: inserted, kept aside, settled against this machine's copy, or already
    /// known — and no longer waiting to be sent, unless this machine's copy must go again.
    private func take(_ review: SyncReview, from source: String, file: String) throws {
        let blob = ReviewID.blob(review.uid)
        let sendAgain = try place(review, blob: blob, from: source, file: file)
        // After the insert: its trigger queues every new review, received ones included.
        guard !sendAgain else { return }
        try db.cachedStatement(sql: "DELETE FROM sync_outbox WHERE uid = ? AND kind = 0").execute(arguments: [blob])
    }

    /// place: a review inserted, or kept aside when dated after tomorrow, or settled when known;
    /// returns whether this machine's copy is to be sent again.
    private func place(_ review: SyncReview, blob: Data, from source: String, file: String) throws -> Bool {
        if review.time > latest {
            try LearnerDatabase.keepLater(db, learner: learner, record: .review(review), key: blob, time: review.time, machine: source, stamped: false)
            keptAside += 1
            return false
        }
        if let local = try localCopy(blob) { return try settle(review, against: local, from: source, file: file) }
        if let undone = try Int64.fetchOne(db.cachedStatement(sql: "SELECT card FROM review_tombstone WHERE uid = ?"), arguments: [blob]) {
            // Undone here and held by the folder: the undo goes out (unless the folder's own undo
            // made the tombstone: card 0), so the machines that hold it drop it too.
            if undone != 0 { try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_outbox (uid, kind) VALUES (?, 1)").execute(arguments: [blob]) }
            return false
        }
        let card = try cards.id(of: review, in: db)
        let entry = ReviewLog.Entry(card: card, time: review.time, rating: review.rating, state: .new, duration: review.duration, uid: review.uid)
        guard try ReviewLog.write(.add(entry), in: db) > 0 else { return false }
        received += 1
        contributors.insert(source)
        touched.insert(card)
        return false
    }

    /// localCopy: this learner's review `blob` as it travels, with its card, when it is here.
    private func localCopy(_ blob: Data) throws -> (review: SyncReview, card: Int64)? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT r.card, d.deck, c.question, c.reading, c.direction, c.answer, r.time, r.rating, r.duration
            FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE r.uid = ? AND d.learner = ?
            """), arguments: [blob, learner.uuidString.lowercased()]),
              let direction = StudyDirection(rawValue: row[4]), let rating = Rating(rawValue: row[7]) else { return nil }
        return (SyncReview(uid: ReviewID.text(blob), deck: row[1], question: row[2], reading: row[3], direction: direction, answer: row[5],
                           time: row[6], rating: rating, duration: row[8]), row[0])
    }

    /// settle: the folder's copy of a review held here: the same adds nothing; of two that
    /// differ, every machine keeps the one `SyncMerge.prefers` — the folder's replaces this
    /// machine's, or this machine's is sent again (returns true).
    private func settle(_ review: SyncReview, against local: (review: SyncReview, card: Int64), from source: String, file: String) throws -> Bool {
        guard local.review != review else { return false }
        disagreements += 1
        let named = disagreements <= SyncMerge.namedDisagreements
        let shownFile = file.isEmpty ? "the sync folder" : file
        guard SyncMerge.prefers(review, over: local.review) else {
            if named {
                conflictNotices.append("Review \(review.uid) has different contents in \(shownFile) than here; every machine keeps this machine's copy "
                    + "(the smallest content hash), so it is sent again.")
            }
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO sync_outbox (uid, kind) VALUES (?, 0)").execute(arguments: [ReviewID.blob(review.uid)])
            return true
        }
        let card = try cards.id(of: review, in: db)
        try ReviewLog.write(.revise(ReviewLog.Entry(card: card, time: review.time, rating: review.rating, state: .new, duration: review.duration,
                                                    uid: review.uid)), in: db)
        if named {
            conflictNotices.append("Review \(review.uid) here differed from the copy in \(shownFile); this machine now keeps that copy, as every machine does.")
        }
        received += 1
        contributors.insert(source)
        touched.formUnion([local.card, card])
        return false
    }

    /// undo: one undo: its review deleted here, or remembered for when it arrives.
    private func undo(_ uid: String, from source: String) throws {
        let blob = ReviewID.blob(uid)
        let found = try Int64.fetchOne(db.cachedStatement(sql: """
            SELECT r.card FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck
            WHERE r.uid = ? AND d.learner = ?
            """), arguments: [blob, learner.uuidString.lowercased()])
        if let found {
            try ReviewLog.write(.remove(uid: uid), in: db)
            received += 1
            contributors.insert(source)
            touched.insert(found)
        } else {
            // Card 0 is no card: a tombstone that only stops the review coming in later.
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO review_tombstone (uid, card, time) VALUES (?, 0, ?)")
                .execute(arguments: [blob, latest - Self.day])
        }
        try db.cachedStatement(sql: "DELETE FROM sync_later WHERE uid = ?").execute(arguments: [blob])
        try db.cachedStatement(sql: "DELETE FROM sync_outbox WHERE uid = ? AND kind = 1").execute(arguments: [blob])
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
