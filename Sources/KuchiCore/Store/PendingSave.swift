import Foundation
import GRDB

/// PendingSave: the session of a Kuchi that found its database busy at start-up (another
/// program held the write lock: a backup, an `sqlite3` shell left in a transaction).
///
/// The session runs on an in-memory copy of the file (WAL lets it be read while another holds
/// the write lock), so the learner's real cards are asked. Each change it makes is also kept as
/// an operation (`PendingOperation`: an answer with its review id, an undo, a Learn swipe, the
/// session snapshot); a background thread keeps trying the file, and once it is free replays
/// the operations, in order, through the same functions a live answer and undo use — so the
/// file gets the same review ids (the cards' fuzz matches their replay) and an undo's
/// tombstone. From then on each new change is written within a second. At quit, `finish`
/// makes a last attempt and says what happened.
public final class PendingSave: @unchecked Sendable {
    /// url: the busy file.
    public let url: URL
    /// memory: the in-memory copy the session writes to.
    let memory: DatabaseQueue
    /// lock: guards the fields below.
    private let lock = NSLock()
    /// attempting: serialises attempts (the background thread and `finish`).
    private let attempting = NSLock()
    /// operations: changes made in memory and not yet in the file, oldest first.
    private var operations: [PendingOperation] = []
    /// stopped: set at quit, ends the background thread.
    private var stopped = false
    /// reviewIDs: fresh ids for the rare answer whose id the file has taken meanwhile.
    private let reviewIDs = ReviewIDSource()

    /// init: watches `memory` (a copy of `url`) and starts retrying every `interval`.
    init(url: URL, memory: DatabaseQueue, interval: TimeInterval = 0.5) {
        self.url = url
        self.memory = memory
        let thread = Thread { [weak self] in
            while let self, !self.isStopped {
                _ = self.attempt()
                Thread.sleep(forTimeInterval: interval)
            }
        }
        thread.name = "kuchi.pending-save"
        thread.start()
    }

    private var isStopped: Bool {
        lock.withLock { stopped }
    }

    /// append: one more change made in memory, for the file.
    func append(_ operation: PendingOperation) {
        lock.withLock { operations.append(operation) }
    }

    /// finish: stops retrying after a last attempt (waiting up to `timeout` for the file) and
    /// returns the sentence for the learner.
    public func finish(timeout: TimeInterval = 3) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var saved = attempt()
        while !saved && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            saved = attempt()
        }
        lock.withLock { stopped = true }
        if saved { return "\(url.path) was busy when Kuchi started; this session's answers were saved into it once it was free." }
        return "\(url.path) stayed busy (another program is writing to it); this session's answers could not be saved."
    }

    /// attempt: replays the changes not yet in the file, in one transaction; true when the
    /// file holds everything.
    @discardableResult
    func attempt() -> Bool {
        attempting.withLock {
            let waiting = lock.withLock { operations }
            do {
                var configuration = LearnerDatabase.fileConfiguration(readonly: false)
                configuration.busyMode = .timeout(0.2)
                let file = try FileConnections.open(url.path, configuration: configuration)
                defer { try? file.close() }
                try LearnerSchema.migrator.migrate(file)
                try LearnerSchema.claim(file)
                guard !waiting.isEmpty else { return true }
                let ids = reviewIDs
                try file.write { db in
                    for operation in waiting { try Self.replay(operation, in: db, ids: ids) }
                }
                // Changes made while the file was written stay for the next attempt.
                lock.withLock { operations.removeFirst(waiting.count) }
                return true
            } catch {
                return false
            }
        }
    }

    /// replay: one operation written into the file through the live path's functions, its
    /// rows found (or made) by identity.
    private static func replay(_ operation: PendingOperation, in db: Database, ids: ReviewIDSource) throws {
        switch operation {
        case .answer(var review, let card, let scheduler, let session):
            review.cardID = try cardID(card, in: db)
            _ = try LearnerDatabase.recordReview(in: db, review, scheduler: scheduler, snapshotText: session?.text,
                                                 learnerDeck: try session.map { try deckID($0.deck, in: db) }, ids: ids)
        case .undo(let uid, let before, let after, let card, let session):
            let id = try cardID(card, in: db)
            guard let row = try Int64.fetchOne(db, sql: "SELECT id FROM review WHERE uid = ?", arguments: [ReviewID.blob(uid)]) else { return }
            let recorded = RecordedReview(reviewID: row, uid: uid, before: before.with(id: id), after: after.with(id: id))
            _ = try LearnerDatabase.undoReview(in: db, recorded, snapshotText: session?.text,
                                               learnerDeck: try session.map { try deckID($0.deck, in: db) })
        case .session(let session):
            try LearnerDatabase.saveSession(db, session.text, learnerDeck: try deckID(session.deck, in: db))
        case .learned(let card, let learned):
            try LearnerDatabase.setLearned(in: db, cardID: try cardID(card, in: db), learned)
        case .forgotten(let deck):
            try LearnerDatabase.addForgotten(in: db, learnerDeck: try deckID(deck, in: db))
        case .resetLearn(let deck):
            try LearnerDatabase.resetLearn(in: db, learnerDeck: try deckID(deck, in: db))
        }
    }

    /// deckID: the file's row for a learner and deck, created when missing.
    private static func deckID(_ deck: PendingOperation.DeckIdentity, in db: Database) throws -> Int64 {
        try db.execute(sql: "INSERT OR IGNORE INTO learner_deck (learner, deck) VALUES (?, ?)", arguments: [deck.learner, deck.deck])
        return try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?", arguments: [deck.learner, deck.deck]) ?? 0
    }

    /// cardID: the file's row for a card, created (New) when missing.
    private static func cardID(_ card: PendingOperation.CardIdentity, in db: Database) throws -> Int64 {
        let deck = try deckID(PendingOperation.DeckIdentity(learner: card.learner, deck: card.deck), in: db)
        let identity: StatementArguments = [deck, card.question, card.reading, card.direction]
        try db.execute(sql: "INSERT OR IGNORE INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)",
                       arguments: identity + [card.answer])
        return try Int64.fetchOne(db, sql: "SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?",
                                  arguments: identity) ?? 0
    }
}

/// CardRecord.with(id:): the same card under another row id (the file's, for a replayed undo).
private extension CardRecord {
    func with(id: Int64) -> CardRecord {
        CardRecord(id: id, question: question, reading: reading, answer: answer, direction: direction, card: card, introduced: introduced)
    }
}

/// Start-up with another program holding the write lock.
extension LearnerDatabase {
    /// isBusy: whether another connection holds the file's write lock now (waiting up to 1 s
    /// for a short transaction of another Kuchi window to end).
    static func isBusy(_ path: String) -> Bool {
        var configuration = fileConfiguration(readonly: false)
        configuration.busyMode = .timeout(probeTimeout)
        do {
            let probe = try FileConnections.open(path, configuration: configuration)
            defer { try? probe.close() }
            try probe.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE; ROLLBACK") }
            return false
        } catch {
            return isBusyError(error)
        }
    }

    /// isBusyError: SQLITE_BUSY or SQLITE_LOCKED — a lock, not the disk.
    static func isBusyError(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode.primaryResultCode)
    }

    /// busy: the session on an in-memory copy of the busy file, saved into it in the background
    /// once it is free (`PendingSave`).
    static func busy(_ url: URL) -> LearnerDatabase {
        let path = url.path
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            let memory = try DatabaseQueue(configuration: configuration)
            let source = try FileConnections.open(path, configuration: fileConfiguration(readonly: true))
            try source.backup(to: memory)
            try source.close()
            try LearnerSchema.migrator.migrate(memory)
            let pending = PendingSave(url: url, memory: memory)
            return LearnerDatabase(writer: memory, url: nil, problem: PersistenceError(.busy, path: path,
                "\(path) is busy (another program is writing to it); Kuchi keeps trying and saves this session's answers once it is free."),
                pendingSave: pending)
        } catch {
            return inMemory(problem: PersistenceError(.busy, path: path,
                "\(path) is busy (another program is writing to it) and could not be read; this session goes on in memory and is not saved."))
        }
    }
}
