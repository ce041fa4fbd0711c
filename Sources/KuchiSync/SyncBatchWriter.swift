import Foundation
import KuchiBase
import KuchiData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncBatchWriter: a new batch written record by record, then made visible at once.
///
/// Lines go through a small buffer to a hidden `.<name>.tmp-<pid>-<nonce>` beside the target
/// (created exclusively, never through a symlink), which is fsynced and renamed when the end
/// line is written — so memory holds one record, not the batch, and a reader sees the whole
/// file or none. Every record is checked with the readers' own validation before it is
/// written: this machine never sends what a reader would refuse.
package final class SyncBatchWriter {
    /// Failure: why the batch could not be written, as words to put in a sentence.
    package struct Failure: Error, CustomStringConvertible {
        package let reason: String
        /// description: the reason, for messages that print the error.
        package var description: String { reason }
    }

    /// url: the batch's final name.
    package let url: URL
    private let temporary: URL
    private var fd: Int32
    private var buffer = Data()
    /// count: records written.
    package private(set) var count = 0
    /// refused: records left out because a reader would refuse them.
    package private(set) var refused = 0

    /// init: starts the batch of `machine` for `learner` in `folder`, creating the folders.
    package init(_ folder: SyncFolder, learner: UUID, machine: String, now: Date, batchID: String) throws(Failure) {
        let directory = folder.machineFolder(learner, machine)
        for level in [folder.root, folder.learnerFolder(learner), directory] {
            if mkdir(level.path, 0o755) != 0 && errno != EEXIST { throw Self.failure(errno) }
            guard SyncFolder.isRealFolder(level) else {
                throw Failure(reason: "\(SyncFolder.shown(level)) is a symbolic link or not a folder, and Kuchi writes only into real folders there")
            }
        }
        let name = SyncFolder.batchName(now: now, batchID: batchID)
        url = directory.appendingPathComponent(name)
        temporary = directory.appendingPathComponent(AtomicFile.temporaryName(for: name, pid: getpid(), nonce: UInt32.random(in: 0...UInt32.max)))
        fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.failure(errno) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let header = SyncFolder.Header(format: "kuchi-sync", version: SyncFolder.formatVersion, learner: learner.uuidString.lowercased(),
                                       machine: machine, written: Milliseconds.from(now))
        guard let line = try? encoder.encode(header) else { throw Failure(reason: "the header could not be encoded") }
        try append(line)
    }

    deinit {
        if fd >= 0 {
            close(fd)
            unlink(temporary.path)
        }
    }

    /// add: writes `record`, or leaves it out (returns false) when a reader would refuse it.
    @discardableResult
    package func add(_ record: SyncRecord) throws(Failure) -> Bool {
        guard let line = SyncRecordCoding.sendable(record), line.count < SyncFolder.maximumLineBytes else {
            refused += 1
            return false
        }
        try append(line)
        count += 1
        return true
    }

    /// finish: the end line, fsync, rename; returns the batch's URL and size.
    package func finish() throws(Failure) -> (url: URL, size: Int64) {
        try append(Data(#"{"end":\#(count)}"#.utf8))
        try drain()
        guard fsync(fd) == 0 else { throw Self.failure(errno) }
        close(fd)
        fd = -1
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw Self.failure(code)
        }
        let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
        return (url, SyncFolder.linkInfo(url).map { Int64($0.st_size) } ?? 0)
    }

    /// append: one line into the buffer, written out when the buffer is full.
    private func append(_ line: Data) throws(Failure) {
        buffer.append(line)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 256 * 1024 { try drain() }
    }

    /// drain: writes the buffer to the file.
    private func drain() throws(Failure) {
        var written = 0
        let code: Int32? = buffer.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            while written < raw.count {
                let result = Self.systemWrite(fd, base + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        if let code { throw Self.failure(code) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// failure: an errno as the words of a sentence.
    package static func failure(_ code: Int32) -> Failure {
        switch code {
        case ENOSPC, EDQUOT: Failure(reason: "the disk is full")
        case EACCES, EPERM, EROFS: Failure(reason: "the folder is not writable")
        case ENOENT, ENOTDIR: Failure(reason: "the folder does not exist")
        case ELOOP: Failure(reason: "a symbolic link is in the way")
        default: Failure(reason: String(cString: strerror(code)).lowercased())
        }
    }

    /// systemWrite: the C library's write(2).
    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, bytes, count)
        #else
        Darwin.write(fd, bytes, count)
        #endif
    }
}
