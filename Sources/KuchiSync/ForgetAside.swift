import Foundation
import GRDB
import KuchiBase
import KuchiData

/// ForgetAside: what a forget received from another machine removed, kept for 30 days under the
/// data folder (`forgotten/`) so one command brings it back (`kuchi forget --restore NAME`).
///
/// A forget from the folder is obeyed when it looks genuine (`SyncForgetVerdict`), but a
/// genuine-looking one can still be a mistake or a forgery; before, it left no copy anywhere.
/// The learner's rows are copied into a file of their own (the database `VACUUM INTO` a side
/// file, every other learner removed from it) with the profile beside it; restoring copies the
/// rows back with their cards and decks found again by identity (row ids may have been reused
/// since), and remembers the forget as restored so the next sync does not obey it again.
public enum ForgetAside {
    /// keptDays: how long a copy is kept.
    public static let keptDays = 30

    /// Kept: one copy set aside.
    public struct Kept: Sendable {
        /// profile: the learner as their profile file was.
        public let profile: Profile
        /// forgetTime: the forget's time (ms); setAside: when the copy was made.
        public let forgetTime: Int64
        public let setAside: Date
        package let database: URL
        package let sidecar: URL
    }

    /// Sidecar: the profile and the forget, beside the rows.
    private struct Sidecar: Codable {
        var profile: Profile
        var forgetTime: Int64
        var setAside: Double
    }

    /// folder: where copies are kept.
    package static func folder(_ dataDirectory: URL) -> URL { dataDirectory.appendingPathComponent("forgotten", isDirectory: true) }

    /// keep: copies `profile`'s rows out of `database` before a received forget is obeyed.
    package static func keep(_ profile: Profile, database: LearnerDatabase, dataDirectory: URL, forgetTime: Int64, now: Date) throws {
        let place = folder(dataDirectory)
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let base = "\(profile.id.uuidString.lowercased())-\(Milliseconds.from(now))"
        let copy = place.appendingPathComponent(base + ".sqlite")
        try? FileManager.default.removeItem(at: copy)
        try database.copyLearner(profile.id, to: copy)
        let sidecar = Sidecar(profile: profile, forgetTime: forgetTime, setAside: now.timeIntervalSince1970)
        try JSONEncoder().encode(sidecar).write(to: place.appendingPathComponent(base + ".json"), options: .atomic)
        prune(dataDirectory, now: now)
    }

    /// kept: the copies of the last `keptDays` days, newest first (older ones are removed).
    public static func kept(_ dataDirectory: URL, now: Date) -> [Kept] {
        prune(dataDirectory, now: now)
        return all(dataDirectory).sorted { $0.setAside > $1.setAside }
    }

    /// all: every copy with a readable sidecar.
    private static func all(_ dataDirectory: URL) -> [Kept] {
        let place = folder(dataDirectory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: place.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap { name in
            let sidecar = place.appendingPathComponent(name)
            let database = place.appendingPathComponent(String(name.dropLast(5)) + ".sqlite")
            guard let data = try? BoundedFile.contents(of: sidecar, limit: 1_048_576),
                  let read = try? JSONDecoder().decode(Sidecar.self, from: data),
                  FileManager.default.fileExists(atPath: database.path) else { return nil }
            return Kept(profile: read.profile, forgetTime: read.forgetTime, setAside: Date(timeIntervalSince1970: read.setAside),
                        database: database, sidecar: sidecar)
        }
    }

    /// prune: removes copies older than `keptDays`.
    private static func prune(_ dataDirectory: URL, now: Date) {
        for kept in all(dataDirectory) where now.timeIntervalSince(kept.setAside) > Double(keptDays) * 86_400 {
            remove(kept)
        }
    }

    /// remove: deletes a copy.
    package static func remove(_ kept: Kept) {
        try? FileManager.default.removeItem(at: kept.database)
        try? FileManager.default.removeItem(at: kept.sidecar)
    }
}
