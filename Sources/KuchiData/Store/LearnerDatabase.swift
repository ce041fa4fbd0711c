import Foundation
import GRDB
import KuchiBase

/// LearnerDatabase: the SQLite file that remembers every learner's cards, reviews, Learn progress
/// and session in progress (`kuchi.sqlite` in Kuchi's data folder).
///
/// Opening never fails: a file Kuchi cannot use is refused (newer Kuchi), moved aside (damaged)
/// or worked around (unwritable disk), and the session goes on with an in-memory database and a
/// one-sentence `problem` the UI shows. Every change is a small transaction of its own, so two
/// processes sharing the file (two Kuchi windows) both keep their answers and never undo each
/// other; WAL keeps a reader from blocking the writer, and a kill -9 loses at most the
/// transaction being written (SQLite rolls it back on the next open).
public final class LearnerDatabase: Sendable {
    /// fileName: the database file in the data folder.
    public static let fileName = "kuchi.sqlite"

    /// writer: the one connection of this process (a queue serialises its use).
    package let writer: DatabaseQueue
    /// url: the file, or nil when the database lives in memory.
    public let url: URL?
    /// problem: why the database is not the usual file (nil when all is well), one sentence.
    public let problem: PersistenceError?
    /// reviewIDs: where new reviews' global ids come from (`reseed` it for `KUCHI_SEED` runs).
    public let reviewIDs = ReviewIDSource()

    /// pendingSave: when the file was busy at start-up, what saves this session into it once
    /// it is free (`finish` at quit); nil otherwise.
    public let pendingSave: PendingSave?

    /// init: wraps an opened, migrated connection.
    package init(writer: DatabaseQueue, url: URL?, problem: PersistenceError?, pendingSave: PendingSave? = nil) {
        self.writer = writer
        self.url = url
        self.problem = problem
        self.pendingSave = pendingSave
    }

    /// defaultDirectory: `$XDG_DATA_HOME/kuchi`, else `~/.local/share/kuchi`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("kuchi")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/kuchi")
    }

    /// inMemory: a fresh, migrated database that lasts as long as this value (tests, and the
    /// fallback when the file cannot be used).
    public static func inMemory(problem: PersistenceError? = nil) -> LearnerDatabase {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try LearnerSchema.migrator.migrate(queue)
            return LearnerDatabase(writer: queue, url: nil, problem: problem)
        } catch {
            // Only a machine out of memory fails to open and migrate an empty in-memory database.
            fatalError("SQLite could not start an in-memory database: \(error)")
        }
    }

    /// open: the database in `directory`, created and migrated as needed; never throws.
    ///
    /// - Kuchi's own usable file is opened with one connection (`quickOpen`); anything else is
    ///   first looked at read-only (`inspect`), then probed for another program's lock.
    /// - A file from a newer Kuchi, or another program's SQLite file (an Anki collection copied
    ///   here), is left byte for byte untouched (it is only read, read-only).
    /// - A damaged file (not SQLite, failing `quick_check` or migration) is renamed
    ///   `kuchi.sqlite.broken-<time>` with its `-wal`/`-shm`, and a fresh file started.
    /// - A folder or disk Kuchi cannot write to gives an in-memory database.
    public static func open(directory: URL, now: Date = Date()) -> LearnerDatabase {
        let url = directory.appendingPathComponent(fileName)
        let path = url.path
        var movedAside: String?
        if FileManager.default.fileExists(atPath: path) {
            // The common start: one connection judges, probes, migrates and claims.
            switch quickOpen(url) {
            case .opened(let database): return database
            case .busy: return busy(url)
            case .fullPath: break
            }
            switch inspect(path) {
            case .usable:
                break
            case .newer(let version):
                return inMemory(problem: PersistenceError(.newerVersion, path: path,
                    "\(path) was written by a newer Kuchi (schema \(version), this one knows \(LearnerSchema.version)); it was left untouched and this session is not saved."))
            case .foreign:
                return inMemory(problem: PersistenceError(.foreign, path: path,
                    "\(path) is not a Kuchi learner database (another program's SQLite file?); it was left untouched and this session is not saved."))
            case .damaged:
                // Every row that still reads goes into the fresh file; the rest stays in the
                // file set aside.
                if let source = try? FileConnections.open(path, configuration: fileConfiguration(readonly: true)),
                   let salvage = salvage(url, from: source, now: now) {
                    try? source.close()
                    movedAside = salvage.keptAs
                    break
                }
                guard let target = moveAside(url, now: now) else {
                    return inMemory(problem: PersistenceError(.corrupt, path: path,
                        "\(path) is damaged and could not be moved aside; this session is not saved."))
                }
                movedAside = target
            case .unreadable:
                return inMemory(problem: PersistenceError(.unreadable, path: path,
                    "Could not open \(path) (its permissions, a full disk or a file-size limit); it is left as it is, and this session is not saved."))
            }
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return inMemory(problem: PersistenceError(.unwritable, path: directory.path,
                "Could not create \(directory.path); this session goes on in memory and is not saved."))
        }
        if FileManager.default.fileExists(atPath: path), isBusy(path) { return busy(url) }
        for attempt in 0..<2 {
            var queue: DatabaseQueue?
            do {
                let opened = try FileConnections.open(path, configuration: fileConfiguration(readonly: false))
                queue = opened
                try LearnerSchema.migrator.migrate(opened)
                try LearnerSchema.claim(opened)
                let problem = movedAside.map {
                    PersistenceError(.corrupt, path: path, "\(path) was damaged; it was kept as \($0) and a fresh one started.")
                }
                return LearnerDatabase(writer: opened, url: url, problem: problem)
            } catch {
                // A file whose migration fails for a reason other than the disk (a table of
                // another shape, say) is damaged: set aside once, then a fresh file is tried.
                try? queue?.close()
                if isBusyError(error) { return busy(url) }
                guard attempt == 0, !isDiskProblem(error), movedAside == nil, let target = moveAside(url, now: now) else { break }
                movedAside = target
            }
        }
        return inMemory(problem: PersistenceError(.unwritable, path: path,
            "Could not write \(path) (disk full or read-only?); this session goes on in memory and is not saved."))
    }

    /// isDiskProblem: a failure of the disk or its permissions (full, read-only, I/O), as
    /// opposed to a file whose content is wrong.
    package static func isDiskProblem(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return true }
        let disk: [ResultCode] = [.SQLITE_FULL, .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_IOERR, .SQLITE_PERM,
                                     .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_NOMEM, .SQLITE_AUTH]
        return disk.contains(error.resultCode.primaryResultCode)
    }

    /// fileConfiguration: WAL (readers never block the writer), a busy timeout so two windows
    /// wait for each other instead of failing, and NORMAL sync: in WAL mode a commit survives a
    /// killed process; only a power cut may lose the last commits, never the file's integrity.
    /// A page cache of up to 32 MiB (SQLite's default is 2 MiB): a sync walks every card and
    /// review, and re-reading pages from the file was a fifth of a first sync's time.
    package static func fileConfiguration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        if !readonly {
            configuration.journalMode = .wal
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                try db.execute(sql: "PRAGMA cache_size = -32768")
            }
        }
        return configuration
    }

    /// moveAside: renames the file (and its `-wal`/`-shm`) to `….broken-<UTC time>`; returns the
    /// new name, or nil when it could not be renamed.
    package static func moveAside(_ url: URL, now: Date) -> String? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stamp = formatter.string(from: now)
        var target = url.path + ".broken-\(stamp)"
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = url.path + ".broken-\(stamp)-\(attempt)"
        }
        do {
            try FileManager.default.moveItem(atPath: url.path, toPath: target)
        } catch {
            return nil
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try? FileManager.default.moveItem(atPath: url.path + suffix, toPath: target + suffix)
        }
        return (target as NSString).lastPathComponent
    }
}
