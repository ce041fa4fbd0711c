import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// DirectoryLock: an advisory `flock` on one lock file, held while a read-modify-write runs.
///
/// Two Kuchi windows on one learner each read the profile, change a field and write it back;
/// without the lock their steps could interleave and one window's change would be lost (or a
/// deleted profile written back). Only Kuchi takes this lock, so advisory is enough. It is a
/// separate file because the profile files themselves are replaced by rename on every save, and
/// a lock on a file that is renamed away protects nothing.
package enum DirectoryLock {
    /// withLock: runs `body` holding an exclusive lock on `lockFile`, waiting up to `timeout`
    /// for another holder (a save takes milliseconds; a holder stuck longer is reported, not
    /// waited on forever). Errors name `target`, the file the caller is about to change; `busy`
    /// replaces the sentence for a holder that outlasts the timeout.
    package static func withLock<T>(_ lockFile: URL, target: URL, timeout: Duration, busy: String? = nil,
                            _ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        let fd = open(lockFile.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AtomicFile.failure(target, errno) }
        defer { close(fd) }  // closing the descriptor releases the lock
        let deadline = ContinuousClock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw AtomicFile.failure(target, code) }
            guard ContinuousClock.now < deadline else {
                throw PersistenceError(.unwritable, path: target.path,
                                       busy ?? "Could not save \(target.path): another Kuchi window is holding the profiles lock. Your previous saved data is unchanged.")
            }
            usleep(2_000)
        }
        return try body()
    }
}
