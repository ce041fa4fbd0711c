import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// FakeTime: `faketime` keeps a semaphore and a shared-memory file in /dev/shm named by its own
/// pid; one killed (a pane closed under it) leaves them behind, and a later faketime that gets
/// the same pid fails at once with `sem_open: File exists`. Before each launch through faketime,
/// the files of pids that are no longer running are removed (a running faketime's are kept).
enum FakeTime {
    /// prefixes: the names faketime gives its files, followed by its pid.
    static let prefixes = ["faketime_shm_", "sem.faketime_sem_"]

    /// clearStale: removes the files of faketime processes that have ended.
    static func clearStale(in folder: String = "/dev/shm") {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }), let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink("\(folder)/\(name)") }
        }
    }

    /// prepare: clears stale files when `launcher` runs kuchi through faketime.
    static func prepare(_ launcher: [String]) {
        if launcher.contains("faketime") { clearStale() }
    }
}
