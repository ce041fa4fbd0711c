import Foundation
import GRDB
import KuchiBase
import KuchiDeck
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file as the last whole-file check left it: a start re-checks the card tables, and a quit
/// the whole file, only when something wrote to it since. A learner who opens Kuchi, looks at
/// Welcome and leaves pays for no check; the start after a session with answers pays nothing
/// either, since that session's quit checked what it wrote.
///
/// The stamp is the file's identity (device, inode, size, modification and status-change times
/// to the nanosecond: `DeckFileIdentity`), written beside it as `.kuchi.sqlite.checked` once a
/// whole-file check found it sound and the connection was closed with nothing left in a `-wal`.
/// Any write afterwards — a Kuchi answer, a sync, `cp` over it, a restore, a crash's `-wal` —
/// changes the identity (the status-change time cannot be set back), so the next start checks
/// again. What the stamp cannot see is damage that changes no metadata (a failing disk); that is
/// found by the next whole-file check after a write, and a damaged page read meanwhile is an
/// error SQLite reports, never a wrong answer.
package enum CheckStamp {
    /// header: the stamp file's first line; another line is not a stamp.
    static let header = "kuchi whole-file check 1"

    /// stampPath: where the stamp of the database at `databasePath` is kept.
    package static func stampPath(for databasePath: String) -> String {
        let url = URL(fileURLWithPath: databasePath)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).checked").path
    }

    /// unchanged: whether the file at `databasePath` is the one the last whole-file check found
    /// sound: its identity is the stamp's, and no `-wal` beside it holds anything.
    package static func unchanged(_ databasePath: String) -> Bool {
        guard LearnerDatabase.isAbsentOrEmpty(databasePath + "-wal"),
              let stamped = recorded(databasePath), let now = DeckFileIdentity(path: databasePath) else { return false }
        return stamped == now
    }

    /// recorded: the identity in the stamp, nil when there is none that reads.
    static func recorded(_ databasePath: String) -> DeckFileIdentity? {
        guard let data = FileManager.default.contents(atPath: stampPath(for: databasePath)), data.count < 1024,
              let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n")
        guard lines.count == 2, lines[0] == header else { return nil }
        let fields = lines[1].split(separator: " ").compactMap { Int64($0) }
        guard fields.count == DeckFileIdentity.fieldCount else { return nil }
        return DeckFileIdentity(fields: fields)
    }

    /// record: stamps the file as it is now, once its connection is closed; when a `-wal` with
    /// content is left (another connection still open) no stamp is kept.
    package static func record(_ databasePath: String) {
        guard LearnerDatabase.isAbsentOrEmpty(databasePath + "-wal"), let identity = DeckFileIdentity(path: databasePath) else {
            remove(databasePath)
            return
        }
        let target = stampPath(for: databasePath)
        let temporary = target + ".\(getpid())"
        let text = header + "\n" + identity.fields.map(String.init).joined(separator: " ") + "\n"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]),
              fileClockHasPassed(identity, probe: temporary), rename(temporary, target) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            remove(databasePath)
            return
        }
    }

    /// fileClockHasPassed: waits (a tick of the kernel's coarse clock, a few milliseconds at
    /// most) until a file touched now gets a later status-change time than the database's last
    /// change: a write after the stamp then always changes the identity, even one of the same
    /// size within the same tick. The clock asked is the file system's own (the `probe` file's
    /// times, set again each try), not the process's, which `faketime` moves. False when it does
    /// not get there within 50 ms (then no stamp is kept).
    static func fileClockHasPassed(_ identity: DeckFileIdentity, probe: String) -> Bool {
        let modified = (identity.fields[3], identity.fields[4]), statusChanged = (identity.fields[5], identity.fields[6])
        let changed = modified > statusChanged ? modified : statusChanged
        for _ in 0..<250 {
            guard let now = DeckFileIdentity(path: probe) else { return false }
            if (now.fields[5], now.fields[6]) > changed { return true }
            usleep(200)
            guard utimensat(AT_FDCWD, probe, nil, 0) == 0 else { return false }
        }
        return false
    }

    /// remove: forgets the stamp (nothing when there is none).
    package static func remove(_ databasePath: String) {
        unlink(stampPath(for: databasePath))
    }
}

extension LearnerDatabase {
    /// finishAtQuit: the quit's look at the file, then its connection closed. The whole file,
    /// review log included, is checked (`checkWholeFile`) unless nothing wrote to it since the
    /// last check found it sound (`CheckStamp`); a sound file is stamped once closed, when no
    /// other connection committed during the check. Returns what to tell the learner (the
    /// damage found and what was kept), nil when all is well. The database is not used after.
    public func finishAtQuit(now: Date = Date()) -> PersistenceError? {
        guard let url else { return nil }
        let path = url.path
        if CheckStamp.unchanged(path) {
            try? writer.close()
            return nil
        }
        CheckStamp.remove(path)
        let before = try? writer.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        if let damage = checkWholeFile(now: now) {
            try? writer.close()
            return damage
        }
        // Another window's commit during the check would be stamped unchecked: then no stamp.
        let after = try? writer.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
        do {
            try writer.close()
        } catch {
            return nil
        }
        if let before, before == after { CheckStamp.record(path) }
        return nil
    }
}
