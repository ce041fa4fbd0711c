import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ImportScratch: the private folder a package's collection is unpacked into
/// (`$TMPDIR/kuchi-import-PID-UUID/collection.sqlite`), removed on every way out.
///
/// A normal end or an error removes it as the import returns. Ctrl-C, SIGTERM, SIGHUP and
/// SIGQUIT run `removeRegistered` from the signal handler `installSignalHandlers` sets, which
/// uses only async-signal-safe calls (unlink, rmdir) on paths prepared beforehand, then dies
/// by the same signal. SIGKILL and power loss cannot be caught: the next import removes
/// folders of this pattern whose process is gone (the PID in the name), and folders of the
/// older `kuchi-import-UUID` pattern once they are an hour old.
public enum ImportScratch {
    /// prefix: the start of every scratch folder's name.
    package static let prefix = "kuchi-import-"
    /// fileNames: what SQLite and the import may leave in a scratch folder.
    package static let fileNames = ["collection.sqlite", "collection.sqlite-journal", "collection.sqlite-wal", "collection.sqlite-shm"]
    /// legacyAge: how old a folder of the pattern without a PID must be to count as stale.
    package static let legacyAge: TimeInterval = 3600

    /// registered: the C paths of the files and then the folder, for the signal handler; set
    /// only while no handler can be reading it being replaced (one import at a time).
    private nonisolated(unsafe) static var registered: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private nonisolated(unsafe) static var registeredCount = 0
    /// registeredFolder: whose paths `registered` holds (a removal forgets only its own).
    private nonisolated(unsafe) static var registeredFolder: String?
    /// registryLock: serialises registering and forgetting (imports run in parallel in the
    /// tests; the signal handler only reads, and never takes it).
    package static let registryLock = NSRecursiveLock()

    /// makeFolder: a new private scratch folder in `temporaryDirectory`, registered for removal.
    package static func makeFolder(in temporaryDirectory: URL) throws -> URL {
        let folder = temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        registryLock.lock()
        register(folder)
        registryLock.unlock()
        return folder
    }

    /// removeFolder: removes `folder` and forgets it.
    package static func removeFolder(_ folder: URL) {
        registryLock.lock()
        if registeredFolder == folder.path { unregister() }
        registryLock.unlock()
        try? FileManager.default.removeItem(at: folder)
    }

    /// register: prepares the paths the signal handler removes.
    private static func register(_ folder: URL) {
        let paths = fileNames.map { folder.appendingPathComponent($0).path } + [folder.path]
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count)
        for (index, path) in paths.enumerated() { list[index] = strdup(path) }
        unregister()
        registeredCount = paths.count
        registered = list
        registeredFolder = folder.path
    }

    /// unregister: forgets the registered paths (the handler then has nothing to do).
    private static func unregister() {
        guard let list = registered else { return }
        let count = registeredCount
        registered = nil
        registeredCount = 0
        registeredFolder = nil
        for index in 0..<count { free(list[index]) }
        list.deallocate()
    }

    /// removeRegistered: unlinks the registered files and removes the folder; async-signal-safe.
    package static func removeRegistered() {
        guard let list = registered else { return }
        let count = registeredCount
        for index in 0..<count {
            guard let path = list[index] else { continue }
            if index == count - 1 { _ = rmdir(path) } else { _ = unlink(path) }
        }
    }

    /// installSignalHandlers: Ctrl-C, SIGTERM, SIGHUP and SIGQUIT remove the scratch folder,
    /// then end the process by the same signal, as it would have ended without the handler.
    public static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { received in
                ImportScratch.removeRegistered()
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }

    /// removeStale: removes scratch folders in `temporaryDirectory` left by imports that were
    /// killed — this pattern only, owned by this user, whose process is gone (or, for the old
    /// pattern without a PID, an hour old). Only the files an import writes are removed; a
    /// folder holding anything else is left alone.
    package static func removeStale(in temporaryDirectory: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let folder = temporaryDirectory.appendingPathComponent(name)
            var info = stat()
            guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
                  isStale(String(name.dropFirst(prefix.count)), modified: TimeInterval(info.st_mtim.tv_sec)) else { continue }
            for file in fileNames { _ = unlink(folder.appendingPathComponent(file).path) }
            _ = rmdir(folder.path)
        }
    }

    /// isStale: whether the folder named `prefix + rest` belongs to no running import.
    package static func isStale(_ rest: String, modified: TimeInterval) -> Bool {
        if UUID(uuidString: rest) != nil { return Date().timeIntervalSince1970 - modified > legacyAge }
        let parts = rest.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UUID(uuidString: String(parts[1])) != nil else { return false }
        if pid == getpid() { return false }
        return kill(pid, 0) == -1 && errno == ESRCH
    }
}
