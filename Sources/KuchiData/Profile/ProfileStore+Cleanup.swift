import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ProfileStore cleanup: what the store does to files it cannot use — and the narrow rule for
/// the only files it ever deletes on its own.
extension ProfileStore {
    /// isProfileFileName: `<uuid>.json` as `fileURL(for:)` writes it (lowercase UUID).
    package static func isProfileFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".json") else { return false }
        let stem = String(name.dropLast(".json".count))
        return stem.count == 36 && UUID(uuidString: stem) != nil && stem == stem.lowercased()
    }

    /// removeAbandonedTemporaryFiles: a save killed between writing its temporary file and the
    /// rename leaves `.<uuid>.json.tmp-<pid>-<nonce>` behind (the profile itself is intact).
    /// Kuchi deletes only what it created: a name of exactly that shape, for a profile file
    /// name, whose process is gone, and only a regular file (checked with `lstat`: never a
    /// folder, never a symlink). `unlink` cannot remove a folder even if one appears meanwhile.
    package func removeAbandonedTemporaryFiles(_ names: [String]) {
        for name in names {
            guard let temporary = AtomicFile.TemporaryName(name), Self.isProfileFileName(temporary.target),
                  kill(temporary.pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = profilesDirectory.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path)
        }
    }

    /// moveAside: renames an unusable file to `<name>.broken-<timestamp>` so it is kept for the
    /// learner but never read or overwritten again. (A symlink is renamed, its target untouched.)
    package func moveAside(_ url: URL, kind: PersistenceError.Kind, reason: String) -> PersistenceError {
        guard !readOnly else {
            return PersistenceError(kind, path: url.path, "The profile \(url.lastPathComponent) could not be used because \(reason); it was left "
                + "as it is (a sync or starting kuchi keeps it as \(url.lastPathComponent).broken-<time>).")
        }
        let stamp = Self.stampFormatter.string(from: Date())
        var target = url.appendingPathExtension("broken-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) || isSymlink(target) {
            attempt += 1
            target = url.appendingPathExtension("broken-\(stamp)-\(attempt)")
        }
        if rename(url.path, target.path) == 0 {
            return PersistenceError(kind, path: url.path,
                                    "The profile \(url.lastPathComponent) could not be used because \(reason); it was kept as \(target.path).")
        }
        return PersistenceError(kind, path: url.path,
                                "The profile \(url.lastPathComponent) could not be used because \(reason); it was left in place.")
    }

    /// isSymlink: whether `url` itself is a symlink (a dangling one counts, unlike `fileExists`).
    private func isSymlink(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// stampFormatter: the UTC time stamp in a moved-aside file's name.
    private static var stampFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }
}
