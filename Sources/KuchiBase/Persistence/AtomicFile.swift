import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// AtomicFile: writes a file so that a crash, a kill or a full disk leaves the old or the new
/// content, never a mix.
///
/// The data goes to a temporary file in the same directory (rename is atomic only within one
/// file system), is flushed with fsync, then renamed over the target; the directory is synced
/// so the rename itself survives a power cut.
package enum AtomicFile {
    /// write: replaces the file at `url` with `data`, or throws and leaves it untouched.
    package static func write(_ data: Data, to url: URL) throws(PersistenceError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(temporaryName(for: url.lastPathComponent, pid: getpid(), nonce: UInt32.random(in: 0...UInt32.max)))
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(url, errno) }
        var written = 0
        let writeError: Int32? = data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            while written < buffer.count {
                let result = systemWrite(fd, base + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let writeError {
            close(fd)
            unlink(temporary.path)
            throw failure(url, writeError)
        }
        if fsync(fd) != 0 {
            let code = errno
            close(fd)
            unlink(temporary.path)
            throw failure(url, code)
        }
        close(fd)
        if rename(temporary.path, url.path) != 0 {
            let code = errno
            unlink(temporary.path)
            throw failure(url, code)
        }
        let directoryFD = open(directory.path, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// temporaryName: `.<target>.tmp-<pid>-<nonce>`, the only name this type creates besides its
    /// target; `TemporaryName` recognises exactly this shape, so clean-up never touches others.
    package static func temporaryName(for target: String, pid: pid_t, nonce: UInt32) -> String {
        ".\(target).tmp-\(pid)-\(nonce)"
    }

    /// TemporaryName: a file name parsed as one of this type's temporary files.
    package struct TemporaryName: Equatable {
        /// target: the file the write was replacing.
        package let target: String
        /// pid: the process that was writing it.
        package let pid: pid_t

        /// init: nil unless `name` is exactly `.<target>.tmp-<pid>-<nonce>` with decimal pid
        /// and nonce in range (no signs, no spaces, no extra parts).
        package init?(_ name: String) {
            guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
            let target = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
            let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
            guard !target.isEmpty, numbers.count == 2,
                  numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let pid = pid_t(numbers[0]), pid > 0, UInt32(numbers[1]) != nil
            else { return nil }
            self.target = target
            self.pid = pid
        }
    }

    /// systemWrite: the C library's write(2), named apart from this type's `write`.
    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, bytes, count)
        #else
        Darwin.write(fd, bytes, count)
        #endif
    }

    /// failure: an error sentence for `errno`, naming the file and what to do.
    package static func failure(_ url: URL, _ code: Int32) -> PersistenceError {
        let reason: String = switch code {
        case ENOSPC, EDQUOT: "the disk is full"
        case EACCES, EPERM, EROFS: "the folder is not writable"
        case ENOENT, ENOTDIR: "its folder does not exist"
        case EISDIR: "a folder is in the way"
        default: String(cString: strerror(code)).lowercased()
        }
        return PersistenceError(.unwritable, path: url.path,
                                "Could not save \(url.path): \(reason). Your previous saved data is unchanged.")
    }
}
