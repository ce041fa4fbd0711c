import Foundation
import GRDB
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one judgement of an existing file — Kuchi's and usable, newer, another program's,
/// damaged, unreadable — made read-only before anything touches it, shared by the app's `open`
/// and the read-only commands (`due`, `stats`, `export`), so no command reads what another refuses.
extension LearnerDatabase {
    /// Inspection: what a read-only look at an existing file found.
    package enum Inspection: Equatable {
        case usable
        case newer(Int)
        /// foreign: SQLite, but not Kuchi's (another application_id, or tables but none of Kuchi's).
        case foreign
        case damaged
        case unreadable
    }

    /// openReadOnly: the file for a quick look (`kuchi due`, `stats`, exports), nil when there is
    /// none. Never creates, migrates, moves or writes anything — not even a `-shm` file where the
    /// folder cannot take one (a read-only medium): there the file is opened as immutable.
    public static func openReadOnly(directory: URL) throws(PersistenceError) -> LearnerDatabase? {
        let path = directory.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // The judgement reads through the connection it returns: one open, not two.
        let (inspection, queue) = inspectOpening(path, thorough: false)
        switch inspection {
        case .usable:
            guard let queue else { throw PersistenceError(.unreadable, path: path, "Could not read \(path).") }
            return LearnerDatabase(writer: queue, url: URL(fileURLWithPath: path), problem: nil)
        case .newer(let version):
            throw PersistenceError(.newerVersion, path: path,
                                   "\(path) was written by a newer Kuchi (schema \(version)); this one knows \(LearnerSchema.version).")
        case .foreign:
            throw PersistenceError(.foreign, path: path, "\(path) is not a Kuchi learner database (another program's SQLite file?); it was left untouched.")
        case .damaged:
            throw PersistenceError(.corrupt, path: path, "\(path) is damaged; start kuchi to set it aside and begin a fresh one.")
        case .unreadable:
            throw PersistenceError(.unreadable, path: path, "Could not read \(path) (check its permissions).")
        }
    }

    /// readOnlyQueue: the file opened read-only, with a first read to prove it. Where that
    /// fails because SQLite cannot create the `-shm` index a WAL file needs (a read-only mount,
    /// a folder the user cannot write), the file is opened again as a `file:` URI with
    /// `immutable=1`: read as it is, with no locks and no side files. (Immutable skips a `-wal`
    /// it could not index anyway; the plain open, tried first, reads it whenever it can.)
    package static func readOnlyQueue(_ path: String) throws -> DatabaseQueue {
        do {
            let queue = try FileConnections.open(path, configuration: fileConfiguration(readonly: true))
            _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
            return queue
        } catch {
            let folder = (path as NSString).deletingLastPathComponent
            guard access(folder.isEmpty ? "." : folder, W_OK) != 0 || isDiskProblem(error) else { throw error }
            return try immutableQueue(path)
        }
    }

    /// immutableQueue: the file opened as a `file:` URI with `immutable=1`: read as it is, with
    /// no locks and no side files (`-wal`, `-shm`) created.
    package static func immutableQueue(_ path: String) throws -> DatabaseQueue {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let queue = try FileConnections.open("file:\(escaped)?immutable=1", counting: path,
                                             configuration: fileConfiguration(readonly: true))
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") }
        return queue
    }

    /// inspectLeavingNoFile: `inspect` for a look that must change nothing (`kuchi sync
    /// --status`): a file without a `-wal` is read immutable, so not even a `-shm` or an empty
    /// `-wal` appears beside it; one with a `-wal` is read as usual (its side files exist).
    package static func inspectLeavingNoFile(_ path: String) -> Inspection {
        guard !FileManager.default.fileExists(atPath: path + "-wal") else { return inspect(path) }
        guard FileManager.default.isReadableFile(atPath: path) else { return .unreadable }
        do {
            let queue = try immutableQueue(path)
            defer { try? queue.close() }
            return try queue.read { db in try judge(db, thorough: true) }
        } catch {
            return isDiskProblem(error) ? .unreadable : .damaged
        }
    }

    /// inspect: reads the file read-only (so a refused file is never changed): is it SQLite and
    /// Kuchi's, do its tables other than the review log pass `quick_check` (when `thorough`), and
    /// is its schema one this Kuchi knows?
    package static func inspect(_ path: String, thorough: Bool = true) -> Inspection {
        inspectOpening(path, thorough: thorough).inspection
    }

    /// inspectOpening: `inspect`, also returning the read-only connection it read through when
    /// the file is usable (nil otherwise), for a caller that goes on reading it.
    package static func inspectOpening(_ path: String, thorough: Bool) -> (inspection: Inspection, queue: DatabaseQueue?) {
        guard FileManager.default.isReadableFile(atPath: path) else { return (.unreadable, nil) }
        do {
            let queue = try readOnlyQueue(path)
            let inspection = try queue.read { db in try judge(db, thorough: thorough) }
            return (inspection, inspection == .usable ? queue : nil)
        } catch {
            // A disk that cannot be read or written (full, a file-size limit, I/O) says nothing
            // about the file: it is left where it is, and the session runs in memory.
            return (isDiskProblem(error) ? .unreadable : .damaged, nil)
        }
    }

    /// judge: the judgement of an open file, on whatever connection reads it (the read-only one
    /// of `inspect`, or the app's own in `quickOpen`); only reads.
    package static func judge(_ db: Database, thorough: Bool) throws -> Inspection {
        // Another program's id is refused before anything else; a schema newer than this
        // Kuchi's may have tables it does not know, so it is judged before the tables are.
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id != 0 && id != LearnerSchema.applicationID { return .foreign }
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if version > LearnerSchema.version { return .newer(version) }
        if id == 0, try !hasKuchiTablesOrNone(db) { return .foreign }
        if try LearnerSchema.migrator.hasBeenSuperseded(db) { return .newer(version) }
        if thorough {
            // The small tables the quiz starts from, not the review log: checking 100k
            // reviews would double Kuchi's start-up (the log is checked off the key path,
            // `checkReviewLog`).
            for table in ["sqlite_master", "learner_deck", "card", "session"] {
                let exists = try table == "sqlite_master"
                    || Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = ?)", arguments: [table]) ?? false
                guard exists else { continue }
                if try String.fetchOne(db, sql: "PRAGMA quick_check(\(table))") != "ok" { return .damaged }
            }
        }
        return .usable
    }

    /// hasKuchiTablesOrNone: whether a file without an application_id (written before Kuchi set
    /// one) has Kuchi's own tables — or no tables at all (an empty file is started fresh). An Anki
    /// collection or any other program's database has neither and is never migrated into.
    private static func hasKuchiTablesOrNone(_ db: Database) throws -> Bool {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        return tables.isEmpty || tables.contains(where: LearnerSchema.kuchiTables.contains)
    }
}

extension LearnerDatabase {
    /// openCurrentReadOnly: the quick look of `kuchi due`: the file opened read-only and its
    /// schema checked by one read of the header's `user_version` (with its `application_id`, in
    /// the same statement) — every migration since the first sets the version, so Kuchi's file
    /// at this Kuchi's version is one this Kuchi reads. Nil for anything else (no file, another
    /// version or program, a file that cannot be opened or read): the caller then takes the
    /// full path (`openReadOnly`), which judges the file and says why, so the quick path never
    /// answers where the full one would not.
    public static func openCurrentReadOnly(directory: URL) -> LearnerDatabase? {
        let path = directory.appendingPathComponent(fileName).path
        guard access(path, R_OK) == 0,
              let queue = try? FileConnections.open(path, configuration: fileConfiguration(readonly: true)) else { return nil }
        let header = try? queue.read { db in
            try Row.fetchOne(db, sql: "SELECT user_version, application_id FROM pragma_user_version, pragma_application_id")
        }
        guard let header, header[0] as Int? == LearnerSchema.version, header[1] as Int32? == LearnerSchema.applicationID else {
            try? queue.close()
            return nil
        }
        return LearnerDatabase(writer: queue, url: URL(fileURLWithPath: path), problem: nil)
    }
}
