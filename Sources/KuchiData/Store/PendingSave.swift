import Foundation
import GRDB
import KuchiBase

/// PendingSave: the session of a Kuchi that found its database busy at start-up (another
/// program held the write lock: a backup, an `sqlite3` shell left in a transaction).
///
/// The session runs on an in-memory copy of the file (WAL lets it be read while another holds
/// the write lock), so the learner's real cards are asked. Every change it makes is a
/// `LearnerChange`, and the copy keeps each one as written (its rows named, its review id and
/// stamps fixed); a background thread keeps trying the file, and once it is free replays the
/// list, in order, through the same `apply` — so the file gets exactly what a free file would
/// have got, whatever the change: answers, undos, Learn, settings, suspensions, own answers,
/// weights, Forget me. From then on each new change is written within a second. At quit,
/// `finish` makes a last attempt and says what was saved and what was not.
public final class PendingSave: @unchecked Sendable {
    /// url: the busy file.
    public let url: URL
    /// memory: the in-memory copy the session writes to.
    package let memory: DatabaseQueue
    /// lock: guards the fields below.
    private let lock = NSLock()
    /// attempting: serialises attempts (the background thread and `finish`).
    private let attempting = NSLock()
    /// changes: changes made in memory and not yet in the file, oldest first.
    private var changes: [(change: LearnerChange, now: Date)] = []
    /// saved: how many changes of each kind reached the file.
    private var saved: [LearnerChange.Kind: Int] = [:]
    /// stopped: set at quit, ends the background thread.
    private var stopped = false
    /// reviewIDs: fresh ids for the rare answer whose id the file has taken meanwhile.
    private let reviewIDs = ReviewIDSource()

    /// init: watches `memory` (a copy of `url`) and starts retrying every `interval`.
    package init(url: URL, memory: DatabaseQueue, interval: TimeInterval = 0.5) {
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
    package func append(_ change: LearnerChange, now: Date) {
        lock.withLock { changes.append((change, now)) }
    }

    /// waiting: the kinds of the changes not yet in the file, oldest first.
    public var waiting: [LearnerChange.Kind] {
        lock.withLock { changes.map(\.change.kind) }
    }

    /// finish: stops retrying after a last attempt (waiting up to `timeout` for the file) and
    /// returns the sentence for the learner: what was saved, and what could not be.
    public func finish(timeout: TimeInterval = 3) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var done = attempt()
        while !done && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            done = attempt()
        }
        lock.withLock { stopped = true }
        let (kept, lost) = lock.withLock { (saved, changes.map(\.change.kind)) }
        let savedText = LearnerChange.Kind.describe(kept)
        if done {
            guard let savedText else { return "\(url.path) was busy when Kuchi started; this session changed nothing that needed saving." }
            return "\(url.path) was busy when Kuchi started; this session's changes (\(savedText)) were saved into it once it was free."
        }
        let lostText = LearnerChange.Kind.describe(Dictionary(lost.map { ($0, 1) }, uniquingKeysWith: +)) ?? "changes"
        let partly = savedText.map { "; \($0) had been saved into it" } ?? ""
        return "\(url.path) stayed busy (another program is writing to it); this session's changes (\(lostText)) could not be saved\(partly)."
    }

    /// attempt: replays the changes not yet in the file, in one transaction; true when the
    /// file holds everything.
    @discardableResult
    package func attempt() -> Bool {
        attempting.withLock {
            let list = lock.withLock { changes }
            do {
                var configuration = LearnerDatabase.fileConfiguration(readonly: false)
                configuration.busyMode = .timeout(0.2)
                let file = try FileConnections.open(url.path, configuration: configuration)
                defer { try? file.close() }
                try LearnerSchema.migrator.migrate(file)
                try LearnerSchema.claim(file)
                guard !list.isEmpty else { return true }
                let ids = reviewIDs
                try file.write { db in
                    // Each as it was made: at its own time, its ids and stamps fixed.
                    for (change, now) in list { _ = try LearnerDatabase.apply(change, in: db, now: now, ids: ids) }
                }
                // Changes made while the file was written stay for the next attempt.
                lock.withLock {
                    changes.removeFirst(list.count)
                    for entry in list { saved[entry.change.kind, default: 0] += 1 }
                }
                return true
            } catch {
                return false
            }
        }
    }
}

/// Start-up with another program holding the write lock.
extension LearnerDatabase {
    /// isBusy: whether another connection holds the file's write lock now (waiting up to 1 s
    /// for a short transaction of another Kuchi window to end).
    package static func isBusy(_ path: String) -> Bool {
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
    package static func isBusyError(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode.primaryResultCode)
    }

    /// busy: the session on an in-memory copy of the busy file, saved into it in the background
    /// once it is free (`PendingSave`).
    package static func busy(_ url: URL) -> LearnerDatabase {
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
