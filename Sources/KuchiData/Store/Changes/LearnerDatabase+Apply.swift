import Foundation
import GRDB
import KuchiMemory
import KuchiRecall

/// AppliedChange: what one change did, and the change as it was written.
public struct AppliedChange {
    /// recorded: the answer as stored (an answer or an overrule), what undo needs.
    public var recorded: RecordedReview?
    /// changed: whether the change took effect (an undo whose card was reviewed again since in
    /// another window, or a suspension older than the one kept, did not).
    public var changed = true
    /// reviews: reviews deleted (Forget), or cards recomputed (weights).
    public var count = 0
    /// cards: the deck's cards (a deck opened).
    public var cards: DeckCards?
    /// received: what a chunk of reviews and undos from the sync folder changed.
    public var received: LearnerChange.ReceivedOutcome?
    /// started: of the cards a replay changed, those never reviewed here before.
    public var started = 0
    /// ownAnswers: the learner's own answers the change kept or took back.
    public var ownAnswers: [OwnAnswer] = []
    /// written: the change with its rows named and its ids and stamps fixed (`portable`), so
    /// replaying it into another copy of the file writes the same rows.
    package var written: LearnerChange?
}

/// LearnerDatabase+Apply: the one function every change to a learner goes through.
extension LearnerDatabase {
    /// apply: one change in one transaction — the machine id taken, the change stamped by the
    /// one rule (`ChangeStamp`), written, and what follows from it derived (the summary, an
    /// undo's tombstone and outbox row). While the file is busy (`pendingSave`), the change as
    /// written is also kept for the file, which replays it through this same function.
    @discardableResult
    public func apply(_ change: LearnerChange, now: Date = Date()) throws -> AppliedChange {
        let ids = reviewIDs
        let pending = pendingSave
        let applied = try writer.write { db -> AppliedChange in
            var applied = try Self.apply(change, in: db, now: now, ids: ids)
            if pending != nil, let written = applied.written {
                applied.written = try written.portable(in: db)
            }
            return applied
        }
        if let pending, let written = applied.written { pending.append(written, now: now) }
        return applied
    }

    /// apply(in:): the change's writes inside a transaction that is open — live, or replayed
    /// from a busy copy's list. The one `switch` over the catalogue that writes.
    package static func apply(_ change: LearnerChange, in db: Database, now: Date, ids: ReviewIDSource) throws -> AppliedChange {
        // The one gate (issue 36): what fails the rules is written by nobody.
        if let refusal = ChangeGate.check(change) { throw refusal }
        var applied = AppliedChange()
        switch change {
        case .deckOpened(let opening):
            let (cards, changed) = try openDeck(opening, in: db, now: now)
            applied.cards = cards
            applied.changed = changed
            applied.written = changed ? change : nil
        case .answer(let answer):
            let (recorded, written) = try record(answer, in: db, ids: ids)
            applied.recorded = recorded
            applied.changed = recorded != nil || answer.review == nil
            applied.written = .answer(written)
        case .undo(let undo):
            let (done, written) = try self.undo(undo, in: db)
            applied.changed = done
            applied.written = done ? .undo(written) : nil
        case .overrule(let undo, let answer):
            let (done, undoWritten) = try self.undo(undo, in: db)
            let (recorded, answerWritten) = try record(answer, in: db, ids: ids)
            applied.recorded = recorded
            applied.changed = done
            applied.written = done ? .overrule(undoWritten, answerWritten) : .answer(answerWritten)
        case .learned(let card, let learned):
            try db.execute(sql: "UPDATE card SET learned = ? WHERE id = ?", arguments: [learned ? 1 : 0, try cardID(card, in: db)])
            applied.written = change
        case .forgotten(let deck):
            try db.execute(sql: "UPDATE learner_deck SET learn_forgotten = learn_forgotten + 1 WHERE id = ?",
                           arguments: [try deckID(deck, in: db)])
            applied.written = change
        case .resetLearn(let deck):
            let id = try deckID(deck, in: db)
            try db.execute(sql: "UPDATE card SET learned = 0 WHERE learner_deck = ? AND learned != 0", arguments: [id])
            try db.execute(sql: "UPDATE learner_deck SET learn_forgotten = 0 WHERE id = ?", arguments: [id])
            applied.written = change
        case .settings(let write):
            let stamps = try recordSettings(write, in: db, now: now, ids: ids)
            applied.changed = !stamps.isEmpty
            var written = write
            written.stamps = stamps
            applied.written = .settings(written)
        case .settingsReceived(let received):
            applied.count = try receive(db, learner: received.learner, changes: received.changes.filter { ChangeGate.check($0) == nil }, now: now)
            applied.changed = applied.count > 0
            applied.written = change
        case .carryOver(let profile):
            let machine = try machineID(db, create: true, source: ReviewIDSource()) ?? ""
            try carryOver(db, profile: profile, machine: machine, now: now)
            applied.written = change
        case .suspension(let write):
            let (changed, stamp) = try suspend(write, in: db, now: now)
            applied.changed = changed
            var written = write
            written.stamp = stamp
            applied.written = .suspension(written)
        case .leechNoticed(let card):
            try db.execute(sql: "INSERT OR IGNORE INTO leech_notice (card) VALUES (?)", arguments: [try cardID(card, in: db)])
            applied.changed = db.changesCount > 0
            applied.written = change
        case .ownAnswer(let write):
            let (answers, stamp) = try setOwnAnswers(write, in: db, now: now)
            applied.ownAnswers = answers
            applied.changed = !answers.isEmpty
            applied.written = .ownAnswer(LearnerChange.OwnAnswerWrite(learner: write.learner, answers: answers, kept: write.kept,
                                                                      matching: nil, stamp: stamp, machine: write.machine))
        case .parameters(let write):
            let (count, time) = try putInForce(write, in: db, now: now)
            applied.count = count
            var written = write
            written.time = time
            applied.written = .parameters(written)
        case .forgetLearner(let learner):
            applied.count = try LearnerTables.forget(learner, in: db)
            applied.written = change
        case .restoreLearner(let restore):
            let reviews = try LearnerTables.restore(restore, in: db)
            applied.count = reviews ?? 0
            applied.changed = reviews != nil
            applied.written = reviews == nil ? nil : change
        case .replay(let replay):
            (applied.count, applied.started) = try self.replay(replay, in: db)
            applied.changed = applied.count > 0
            applied.written = change
        case .received(let log):
            let outcome = try place(log, in: db)
            applied.received = outcome
            applied.count = outcome.received
            applied.changed = outcome.received > 0 || !outcome.disagreements.isEmpty
            applied.written = change
        }
        return applied
    }

    /// record: an answer's writes (`recordReview(in:)`), and the answer as written: the review
    /// id, time and card fixed, so a replay writes the same review and card.
    private static func record(_ answer: LearnerChange.Answer, in db: Database,
                               ids: ReviewIDSource) throws -> (RecordedReview?, LearnerChange.Answer) {
        var review = answer.review
        if let card = answer.card, review != nil { review?.cardID = try cardID(card, in: db) }
        let learnerDeck = try answer.session.map { try deckID($0.deck, in: db) }
        let recorded = try recordReview(in: db, review, scheduler: answer.scheduler, snapshotText: answer.session?.text,
                                        learnerDeck: learnerDeck, ids: ids)
        var written = answer
        if let recorded, let row = try Row.fetchOne(db, sql: "SELECT time FROM review WHERE id = ?", arguments: [recorded.reviewID]) {
            written.review?.uid = recorded.uid
            written.review?.time = Milliseconds.date(row["time"])
            written.review?.computed = (basis: recorded.before.card, after: recorded.after.card)
            written.card = .row(recorded.after.id)
        }
        return (recorded, written)
    }

    /// undo: an undo's writes (`undoReview(in:)`), its review found by id (a replayed undo's
    /// row ids are the other copy's), and the undo as written.
    private static func undo(_ undo: LearnerChange.Undo, in db: Database) throws -> (Bool, LearnerChange.Undo) {
        let card = try cardID(undo.card, in: db)
        let learnerDeck = try undo.session.map { try deckID($0.deck, in: db) }
        guard let row = try Int64.fetchOne(db, sql: "SELECT id FROM review WHERE uid = ?", arguments: [ReviewID.blob(undo.recorded.uid)])
        else { return (false, undo) }
        let recorded = RecordedReview(reviewID: row, uid: undo.recorded.uid, before: undo.recorded.before.with(id: card),
                                      after: undo.recorded.after.with(id: card))
        let done = try undoReview(in: db, recorded, snapshotText: undo.session?.text, learnerDeck: learnerDeck)
        var written = undo
        written.card = .row(card)
        return (done, written)
    }

    /// recordSettings: the changed fields logged, each stamped by the rule after every setting
    /// change seen (its counted and its original stamp: a change from a machine whose clock
    /// runs ahead is seen at the stamp it carries); returns the stamps given.
    private static func recordSettings(_ write: LearnerChange.SettingsWrite, in db: Database, now: Date,
                                       ids: ReviewIDSource) throws -> [ProfileField: SettingStamp] {
        let profile = write.profile
        let values = SettingValues.values(of: profile)
        let changed = write.fields.filter { SettingValues.travelling.contains($0) }
        guard !changed.isEmpty else { return [:] }
        let machine = try machineID(db, create: true, source: ReviewIDSource()) ?? ""
        try carryOver(db, profile: profile, machine: machine, now: now)
        let current = try latestChanges(db, learner: profile.id)
        var latest = try latestSeenStamp(db, learner: profile.id)
        var stamps: [ProfileField: SettingStamp] = [:]
        for field in changed.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let value = values[field], current[field]?.value != value || write.stamps[field] != nil else { continue }
            let stamp = write.stamps[field] ?? SettingStamp.next(now: now, after: latest)
            latest = max(latest ?? stamp, stamp)
            stamps[field] = stamp
            try insertSetting(db, learner: profile.id, change: SettingChange(field: field, value: value, stamp: stamp, machine: machine),
                              counted: stamp)
        }
        return stamps
    }

    /// suspend: a suspension stamped by the rule after the one kept for the word (and every
    /// stamped change kept aside); returns whether the row changed, and the stamp.
    private static func suspend(_ write: LearnerChange.SuspensionWrite, in db: Database, now: Date) throws -> (Bool, Int64) {
        let here = write.machine == nil ? try machineID(db, create: true, source: ReviewIDSource()) : nil
        let machine = write.machine ?? here ?? "local"
        let kept = try Int64.fetchOne(db, sql: "SELECT stamp FROM suspension WHERE learner = ? AND deck = ? AND question = ? AND reading = ?",
                                      arguments: [write.learner.uuidString.lowercased(), write.deck, write.question, write.reading])
        let stamp = try write.stamp
            ?? ChangeStamp.next(now: now, after: ChangeStamp.latest(kept, ChangeStamp.keptAside(db, learner: write.learner)))
        let changed = try apply(Suspension(deck: write.deck, question: write.question, reading: write.reading, suspended: write.suspended,
                                           stamp: stamp, machine: machine), learner: write.learner, db: db)
        return (changed, stamp)
    }

    /// setOwnAnswers: answers kept or taken back, stamped by the rule after each one's kept
    /// row (and every stamped change kept aside); returns the answers and the stamp.
    private static func setOwnAnswers(_ write: LearnerChange.OwnAnswerWrite, in db: Database, now: Date) throws -> ([OwnAnswer], Int64) {
        if let machine = write.machine, let stamp = write.stamp {
            // Received: each answer written where the change is later than the row kept.
            var changed: [OwnAnswer] = []
            for own in write.answers {
                let change = SyncOwnAnswer(answer: own, kept: write.kept, time: stamp, machine: machine)
                if try OwnAnswerRecord.apply(db, learner: write.learner, change) { changed.append(own) }
            }
            return (changed, stamp)
        }
        var answers = write.answers
        if let matching = write.matching {
            answers = try ownAnswers(db, learner: write.learner).filter {
                $0.word == matching.word && (matching.deck == nil || $0.deck == matching.deck)
                    && OwnAnswers.accepts(matching.answer, kept: $0.answer, direction: $0.direction)
            }
        }
        let machine = try machineID(db, create: true, source: ReviewIDSource()) ?? ""
        let learner = write.learner.uuidString.lowercased()
        var seen = try ChangeStamp.keptAside(db, learner: write.learner)
        for own in answers {
            let time = try Int64.fetchOne(db, sql: """
                SELECT time FROM own_answer WHERE learner = ? AND deck = ? AND question = ? AND direction = ? AND answer = ?
                """, arguments: [learner, own.deck, own.word, own.direction.rawValue, own.answer])
            seen = ChangeStamp.latest(seen, time)
        }
        let stamp = write.stamp ?? ChangeStamp.next(now: now, after: seen)
        for own in answers {
            try setOwnAnswer(db, learner: write.learner, SyncOwnAnswer(answer: own, kept: write.kept, time: stamp, machine: machine))
        }
        return (answers, stamp)
    }

    /// putInForce: weights logged at a time stamped by the rule after the learner's latest
    /// weight change (and every stamped change kept aside), then every card replayed; returns
    /// the cards changed and the time.
    private static func putInForce(_ write: LearnerChange.ParametersWrite, in db: Database, now: Date) throws -> (Int, Int64) {
        let latest = try Int64.fetchOne(db, sql: "SELECT MAX(time) FROM scheduler_parameters WHERE learner = ?",
                                        arguments: [write.learner.uuidString.lowercased()])
        let time = try write.time ?? ChangeStamp.next(now: now, after: ChangeStamp.latest(latest, ChangeStamp.keptAside(db, learner: write.learner)))
        let machine = try write.machine ?? machineID(db, create: true, source: ReviewIDSource()) ?? "local"
        try insertParameterChange(db, learner: write.learner, ParameterChange(time: time, machine: machine, weights: write.weights,
                                                                              rescheduled: write.reschedule, source: write.source))
        guard write.machine == nil else { return (0, time) }
        let timeline = try ParameterTimeline.load(db, learner: write.learner, desiredRetention: write.desiredRetention)
        let count = try SyncReplay.replay(db, learner: write.learner, timeline: timeline, keepDue: !write.reschedule)
        return (count, time)
    }
}

/// CardRecord.with(id:): the same card under another row id (the file's, for a replayed undo).
extension CardRecord {
    package func with(id: Int64) -> CardRecord {
        CardRecord(id: id, question: question, reading: reading, answer: answer, direction: direction, card: card, introduced: introduced)
    }
}
