import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The common start — Kuchi's own file, usable, not busy — on one read-write connection: the
/// judgement `inspect` makes, the busy probe, the migration and the claim, where the full path of
/// `open` takes three connections (each parsing the schema and mapping the WAL index again).
/// Anything unusual goes the full path unchanged, so what is refused stays byte for byte as it was.
extension LearnerDatabase {
    /// QuickOpen: what the one-connection open came to.
    package enum QuickOpen {
        /// opened: the file, judged usable, migrated and claimed, on its one connection.
        case opened(LearnerDatabase)
        /// busy: usable, but another program holds the write lock (`busy(url)` takes over).
        case busy
        /// fullPath: not tried or not conclusive; `open`'s full path decides, as it always did.
        case fullPath
    }

    /// probeTimeout: how long the busy probe waits for another window's short transaction.
    package static let probeTimeout: TimeInterval = 1
    /// busyTimeout: how long a connection of the app waits for the write lock (its configuration's).
    package static let busyTimeout: TimeInterval = 5

    /// quickOpen: the one-connection open, tried only when the file's header promises a usable
    /// Kuchi file in WAL mode (`SQLiteHeader.promisesUsableKuchiFile`), its `-wal` is absent or
    /// empty and no `-journal` lies beside it. A `-wal` with frames may hold a newer page 1 than
    /// the header (a killed newer Kuchi's migration), which the last read-write connection to
    /// close would checkpoint into the main file; a hot journal would be rolled back by a
    /// read-write connection. Those files take the full path, whose first look is read-only. (An
    /// empty `-wal` is what a read-only command such as `kuchi due` leaves behind.)
    package static func quickOpen(_ url: URL) -> QuickOpen {
        let path = url.path
        guard SQLiteHeader(path: path)?.promisesUsableKuchiFile == true,
              isAbsentOrEmpty(path + "-wal"), access(path + "-journal", F_OK) != 0 else { return .fullPath }
        return quickOpenChecked(url)
    }

    /// isAbsentOrEmpty: whether there is no file at `path`, or an empty one (false when it
    /// cannot be told).
    package static func isAbsentOrEmpty(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT }
        return info.st_size == 0
    }

    /// quickOpenChecked: the one-connection open once the header was looked at. Nothing is
    /// written before the connection's own judgement says `usable` (the header could be stale):
    /// GRDB's `journalMode = .wal` is not used since it writes a transaction at open; the file
    /// is already in WAL mode, and one that is not any more goes the full path.
    package static func quickOpenChecked(_ url: URL) -> QuickOpen {
        let path = url.path
        // A file untouched since the last whole-file check found it sound needs no second look
        // at its tables (10k cards: 5 ms of a start); its schema and version are still judged.
        let checked = CheckStamp.unchanged(path)
        var configuration = fileConfiguration(readonly: false)
        configuration.journalMode = .default
        let queue: DatabaseQueue
        do {
            queue = try FileConnections.open(path, configuration: configuration)
        } catch {
            return .fullPath
        }
        do {
            let (inspection, journal) = try queue.read { db in
                (try judge(db, thorough: !checked), try String.fetchOne(db, sql: "PRAGMA journal_mode"))
            }
            guard inspection == .usable, journal == "wal" else {
                try? queue.close()
                return .fullPath
            }
        } catch {
            try? queue.close()
            return .fullPath
        }
        do {
            try probeWriteLock(queue)
        } catch {
            try? queue.close()
            return isBusyError(error) ? .busy : .fullPath
        }
        do {
            try LearnerSchema.migrator.migrate(queue)
            try LearnerSchema.claim(queue)
        } catch {
            // A failed migration is rolled back; the full path tries it again and sets the file
            // aside or falls back to memory exactly as it decides.
            try? queue.close()
            return .fullPath
        }
        return .opened(LearnerDatabase(writer: queue, url: url, problem: nil))
    }

    /// probeWriteLock: takes and gives back the write lock (`BEGIN IMMEDIATE; ROLLBACK`), waiting
    /// `probeTimeout` for it rather than the connection's `busyTimeout`, which is restored after.
    package static func probeWriteLock(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA busy_timeout = \(Int(probeTimeout * 1000))")
            defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(busyTimeout * 1000))") }
            try db.execute(sql: "BEGIN IMMEDIATE; ROLLBACK")
        }
    }
}
