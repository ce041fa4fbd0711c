import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// BoundedFile: reads a small file whole, refusing anything that is not a regular file of at
/// most `limit` bytes — judged by what the path points to, not by the path itself.
///
/// The checks run on the opened descriptor (`fstat` after `open`, which follows a symlink), so
/// a symlink to a 100 MB file is refused by the target's size without a byte being read, and a
/// file swapped between a check and the read cannot slip past. The open is non-blocking, so a
/// FIFO with no writer is refused at once instead of waited on.
package enum BoundedFile {
    /// Failure: why a file was not read.
    package enum Failure: Error, Equatable {
        /// missing: nothing at the path (or a symlink to nothing).
        case missing
        /// folder: the path is a folder.
        case folder
        /// notRegular: a FIFO, socket or device.
        case notRegular
        /// tooLarge: the target's size in bytes, over the limit.
        case tooLarge(Int)
        /// unreadable: open or read failed with this errno.
        case unreadable(Int32)
    }

    /// contents: the bytes of the regular file at `url`, or why it was refused.
    package static func contents(of url: URL, limit: Int) throws(Failure) -> Data {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing : .unreadable(code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notRegular
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(size) }
        return try readAll(fd, limit: limit)
    }

    /// readAll: reads to the end, but never more than `limit` bytes (the file may grow after
    /// `fstat`; a file that does is refused as too large, not read without bound).
    private static func readAll(_ fd: Int32, limit: Int) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { throw .tooLarge(data.count) }
        }
    }

    /// systemRead: the C library's read(2).
    private static func systemRead(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, bytes, count)
        #else
        Darwin.read(fd, bytes, count)
        #endif
    }
}
