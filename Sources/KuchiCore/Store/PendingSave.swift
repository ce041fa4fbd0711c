import Foundation
import GRDB

/// PendingSave: the session of a Kuchi that found its database busy at start-up (another
/// program held the write lock: a backup, an `sqlite3` shell left in a transaction).
///
/// The session runs on an in-memory copy of the file (WAL lets it be read while another holds
/// the write lock), so the learner's real cards are asked. A background thread keeps trying the
/// file; once it is free, every answer given so far — the cards they changed, the reviews, the
/// session in progress — is written into it, matched by word (not by row id, since the other
/// program may have added rows), and from then on each new answer is written within a second.
/// At quit, `finish` makes a last attempt and says what happened.
public final class PendingSave: @unchecked Sendable {
    /// url: the busy file.
    public let url: URL
    /// memory: the in-memory copy the session writes to.
    let memory: DatabaseQueue
    /// lock: guards the fields below and serialises attempts.
    private let lock = NSLock()
    /// reviewMark: the highest in-memory review id already in the file.
    private var reviewMark: Int64
    /// savedOnce: whether the file has taken the session's answers at least once.
    private var savedOnce = false
    /// stopped: set at quit, ends the background thread.
    private var stopped = false

    /// init: watches `memory` (a copy of `url` whose reviews up to `reviewMark` are in the file)
    /// and starts retrying every `interval`.
    init(url: URL, memory: DatabaseQueue, reviewMark: Int64, interval: TimeInterval = 0.5) throws {
        self.url = url
        self.memory = memory
        self.reviewMark = reviewMark
        // Temporary triggers record what the session changes (they live only in this copy).
        try memory.write { db in
            try db.execute(sql: """
                CREATE TEMP TABLE changed_card (id INTEGER PRIMARY KEY);
                CREATE TEMP TABLE changed_session (learner_deck INTEGER PRIMARY KEY);
                CREATE TEMP TRIGGER changed_card_insert AFTER INSERT ON card BEGIN INSERT OR IGNORE INTO changed_card VALUES (NEW.id); END;
                CREATE TEMP TRIGGER changed_card_update AFTER UPDATE ON card BEGIN INSERT OR IGNORE INTO changed_card VALUES (NEW.id); END;
                CREATE TEMP TRIGGER changed_session_insert AFTER INSERT ON session BEGIN INSERT OR IGNORE INTO changed_session VALUES (NEW.learner_deck); END;
                CREATE TEMP TRIGGER changed_session_update AFTER UPDATE ON session BEGIN INSERT OR IGNORE INTO changed_session VALUES (NEW.learner_deck); END;
                """)
        }
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

    /// attempt: writes what changed since the last attempt into the file; true when the file
    /// holds everything (or nothing was left to write after a first save).
    @discardableResult
    func attempt() -> Bool {
        lock.withLock {
            do {
                var configuration = LearnerDatabase.fileConfiguration(readonly: false)
                configuration.busyMode = .timeout(0.2)
                let file = try FileConnections.open(url.path, configuration: configuration)
                defer { try? file.close() }
                try LearnerSchema.migrator.migrate(file)
                try LearnerSchema.claim(file)
                // Inside the copy's write: the session cannot change anything meanwhile, so what
                // is marked as written is exactly what was.
                try memory.write { source in
                    try file.write { target in try Self.copyChanges(from: source, to: target, after: reviewMark) }
                    reviewMark = try Int64.fetchOne(source, sql: "SELECT COALESCE(MAX(id), 0) FROM review") ?? reviewMark
                    try source.execute(sql: "DELETE FROM changed_card; DELETE FROM changed_session")
                }
                savedOnce = true
                return true
            } catch {
                return false
            }
        }
    }

    /// copyChanges: the changed cards (by learner, deck and word), the reviews after `mark`,
    /// and the changed sessions, from the copy into the file.
    private static func copyChanges(from source: Database, to target: Database, after mark: Int64) throws {
        let cardColumns = try target.columns(in: "card").map(\.name).filter { $0 != "id" && $0 != "learner_deck" }
        let identity = ["question", "reading", "direction"]
        var cardMap: [Int64: Int64] = [:]
        let changed = try Int64.fetchAll(source, sql: """
            SELECT id FROM changed_card UNION SELECT card FROM review WHERE id > ?
            """, arguments: [mark])
        for id in changed {
            guard let row = try Row.fetchOne(source, sql: """
                SELECT d.learner, d.deck, d.learn_forgotten, c.* FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE c.id = ?
                """, arguments: [id]) else { continue }
            let deck = try learnerDeck(learner: row["learner"], deck: row["deck"], forgotten: row["learn_forgotten"], in: target)
            let existing = try Int64.fetchOne(target, sql: """
                SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?
                """, arguments: [deck] + StatementArguments(identity.map { row[$0] as DatabaseValue }))
            let values = cardColumns.map { row[$0] as DatabaseValue }
            if let existing {
                let assignments = cardColumns.filter { !identity.contains($0) }.map { "\"\($0)\" = ?" }.joined(separator: ", ")
                let updated = cardColumns.filter { !identity.contains($0) }.map { row[$0] as DatabaseValue }
                try target.execute(sql: "UPDATE card SET \(assignments) WHERE id = ?", arguments: StatementArguments(updated + [existing.databaseValue]))
                cardMap[id] = existing
            } else {
                let names = (["learner_deck"] + cardColumns).map { "\"\($0)\"" }.joined(separator: ", ")
                let marks = Array(repeating: "?", count: cardColumns.count + 1).joined(separator: ", ")
                try target.execute(sql: "INSERT INTO card (\(names)) VALUES (\(marks))", arguments: StatementArguments([deck.databaseValue] + values))
                cardMap[id] = target.lastInsertedRowID
            }
        }
        let reviews = try Row.fetchAll(source, sql: "SELECT card, time, rating, state, duration FROM review WHERE id > ? ORDER BY id", arguments: [mark])
        for review in reviews {
            guard let card = cardMap[review["card"]] else { continue }
            try target.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, ?, ?, ?)",
                               arguments: [card, review["time"], review["rating"], review["state"], review["duration"]])
        }
        let sessions = try Row.fetchAll(source, sql: """
            SELECT d.learner, d.deck, d.learn_forgotten, s.snapshot FROM session s JOIN learner_deck d ON d.id = s.learner_deck
            WHERE s.learner_deck IN (SELECT learner_deck FROM changed_session)
            """)
        for session in sessions {
            let deck = try learnerDeck(learner: session["learner"], deck: session["deck"], forgotten: session["learn_forgotten"], in: target)
            try target.execute(sql: "INSERT OR REPLACE INTO session (learner_deck, snapshot) VALUES (?, ?)", arguments: [deck, session["snapshot"]])
        }
    }

    /// learnerDeck: the file's row for a learner and deck, created when missing.
    private static func learnerDeck(learner: String, deck: String, forgotten: Int, in db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?", arguments: [learner, deck]) {
            return id
        }
        try db.execute(sql: "INSERT INTO learner_deck (learner, deck, learn_forgotten) VALUES (?, ?, ?)", arguments: [learner, deck, forgotten])
        return db.lastInsertedRowID
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
            let mark = try memory.read { db in try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM review") } ?? 0
            let pending = try PendingSave(url: url, memory: memory, reviewMark: mark)
            return LearnerDatabase(writer: memory, url: nil, problem: PersistenceError(.busy, path: path,
                "\(path) is busy (another program is writing to it); Kuchi keeps trying and saves this session's answers once it is free."),
                pendingSave: pending)
        } catch {
            return inMemory(problem: PersistenceError(.busy, path: path,
                "\(path) is busy (another program is writing to it) and could not be read; this session goes on in memory and is not saved."))
        }
    }
}
