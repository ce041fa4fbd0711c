import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// DeckCache: each deck file's validated entries, kept in a compact binary file under the data
/// folder (`<data>/deck-cache/`), so a start reads them back instead of decoding and validating
/// the JSON again (7.7 ms for the bundled deck, most of a 10k-word deck's 100 ms).
///
/// An entry is used only while the deck file's identity — device, inode, size, modification and
/// status-change times to the nanosecond (`DeckFileIdentity`) — is the one it was made from, so
/// an edited, replaced or touched deck is read and validated again. A cache file that is
/// missing, truncated, damaged (its checksum) or of another version is ignored and rewritten;
/// nothing about the cache is ever fatal or shown. `kuchi check-deck` never uses it.
public struct DeckCache: Sendable {
    /// directory: where the cache files are.
    public let directory: URL
    /// clock: the time, to tell a file changed a moment ago (tests move it).
    package let clock: @Sendable () -> Date

    /// init: the cache of the data folder `dataDirectory` (`--data-dir`, else the XDG one).
    public init(dataDirectory: URL, clock: @escaping @Sendable () -> Date = Date.init) {
        directory = dataDirectory.appendingPathComponent("deck-cache", isDirectory: true)
        self.clock = clock
    }

    /// fileURL: the cache file of the deck at `path` (one per absolute path, named by its hash).
    package func fileURL(forDeckAt path: String) -> URL {
        let name = String(DeckCacheFormat.hash(Array(path.utf8)), radix: 16)
        return directory.appendingPathComponent("\(name).deck")
    }

    /// deck: the cached deck for the file at `path` with `identity`, or nil when there is none
    /// that can be trusted.
    package func deck(at path: String, identity: DeckFileIdentity) -> Deck? {
        held(forDeckAt: path).flatMap { deck(in: $0, path: path, identity: identity) }
    }

    /// wordTable: the cached word table of the deck file at `path` (`DeckWordTable`), nil when
    /// there is none that can be trusted (the file changed, was never cached, or is damaged).
    /// Only the cache file's start is read — its header and the table — not the whole deck.
    package func wordTable(at path: String) -> DeckWordTable? {
        guard let identity = DeckFileIdentity(path: path), let file = held(forDeckAt: path) else { return nil }
        return wordTable(in: file, path: path, identity: identity)?.table
    }

    /// held: the cache file of the deck at `path`, held open (`DeckCacheFile`); nil when there is none.
    package func held(forDeckAt path: String) -> DeckCacheFile? {
        DeckCacheFile(path: fileURL(forDeckAt: path).path)
    }

    /// deck(in:): the deck in the held cache file, made from the file at `path` with `identity`.
    /// The word table between the header and the deck is not read (a 100k-word deck's is 6 MB).
    package func deck(in file: DeckCacheFile, path: String, identity: DeckFileIdentity) -> Deck? {
        guard let size = file.size else { return nil }
        let start = file.read(at: 0, count: 64 * 1024, into: [])
        guard let table = start.withUnsafeBytes(DeckCacheFormat.tableRange), table.lowerBound <= start.count,
              table.upperBound <= size else { return nil }
        let bytes = file.read(at: table.upperBound, count: size - table.upperBound, into: Array(start[..<table.lowerBound]))
        return DeckCacheFormat.decode(omittingTable: bytes, path: path, identity: identity)
    }

    /// wordTable(in:): the table in the held cache file and where it ends (the payload follows).
    package func wordTable(in file: DeckCacheFile, path: String, identity: DeckFileIdentity) -> (table: DeckWordTable, end: Int)? {
        var bytes = file.read(at: 0, count: 64 * 1024, into: [])
        guard let end = bytes.withUnsafeBytes(DeckCacheFormat.tableRange)?.upperBound, end <= Deck.maximumBytes * 2 else { return nil }
        if end > bytes.count { bytes = file.read(at: bytes.count, count: end - bytes.count, into: bytes) }
        return bytes.withUnsafeBytes { DeckCacheFormat.wordTable($0, path: path, identity: identity) }.map { ($0, end) }
    }

    /// entries: the attribution and the words at `indices` (ascending) of the deck in the held
    /// cache file whose table ends at `tableEnd` (`DeckCacheFormat.entries`: unchecked, a
    /// stand-in's). The payload is read from its start as far as the words need: 64 KiB, else all.
    package func entries(in file: DeckCacheFile, tableEnd: Int, indices: [Int]) -> (attribution: String?, challenges: [Challenge])? {
        let head = file.read(at: tableEnd, count: 16, into: [])
        guard head.count == 16 else { return nil }
        let length = head.withUnsafeBytes { Int(Int64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: Int64.self))) }
        guard length > 0, length <= Deck.maximumBytes * 2 else { return nil }
        for count in Set([min(length, 64 * 1024), length]).sorted() {
            let payload = file.read(at: tableEnd + 16, count: count, into: [])
            if let found = payload.withUnsafeBytes({ DeckCacheFormat.entries($0, at: indices) }) { return found }
            if payload.count < count { return nil }
        }
        return nil
    }

    /// store: keeps `deck`, read from the file at `path` with `identity`, for the next start.
    /// Failures are ignored (a read-only data folder just means no cache). A file changed less
    /// than a second ago is not cached: a further edit within the file system's timestamp
    /// granularity could leave every field of its identity the same.
    package func store(_ deck: Deck, at path: String, identity: DeckFileIdentity) {
        guard clock().timeIntervalSince1970 - identity.latestChange > 1 else { return }
        let bytes = DeckCacheFormat.encode(deck, path: path, identity: identity)
        let target = fileURL(forDeckAt: path)
        guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])) != nil else { return }
        // Written beside the target and renamed over it, so a reader never sees half a file; no
        // fsync: a cache lost in a crash is rebuilt.
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            var written = 0
            while written < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let result = write(fd, base + written, buffer.count - written)
                if result < 0, errno == EINTR { continue }
                if result <= 0 { return false }
                written += result
            }
            return true
        }
        close(fd)
        if !complete || rename(temporary.path, target.path) != 0 { unlink(temporary.path) }
    }
}

/// DeckCacheFile: a deck's cache file held open from its word table's read to its deck's, so
/// the deck decoded is the version whose table a start showed, even if the file is replaced
/// meanwhile (another start caching an edited deck renames a new file over it; this one stays
/// readable through the descriptor). Closed when the last holder lets go.
package final class DeckCacheFile: Sendable {
    private let descriptor: Int32

    /// init: the regular file at `path` opened for reading; nil when there is none.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        guard let size, size <= Deck.maximumBytes * 2 else { return nil }
    }

    deinit { close(descriptor) }

    /// size: the file's size; nil when it is not a regular file.
    var size: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// read: `bytes` with up to `count` more bytes from `offset` after them (fewer at the
    /// file's end or an error).
    func read(at offset: Int, count: Int, into bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return pread(descriptor, base + start + filled, count - filled, off_t(offset + filled))
            }
            if result < 0, errno == EINTR { continue }
            if result <= 0 { break }
            filled += result
        }
        bytes.removeLast(count - filled)
        return bytes
    }
}

/// DeckFileIdentity: what tells one version of a deck file from another without reading it.
/// The status-change time cannot be set by `touch` or a program restoring a modification time,
/// so an edit that keeps the size and the modification time is still noticed.
package struct DeckFileIdentity: Equatable, Sendable {
    /// device, inode, size, and the modification and status-change times (seconds, nanoseconds).
    package let fields: [Int64]

    /// init: the identity of the regular file at `path` (through symlinks), nil when there is none.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        fields = [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), Int64(modified.tv_sec), Int64(modified.tv_nsec),
                  Int64(changed.tv_sec), Int64(changed.tv_nsec)]
    }

    /// fieldCount: how many fields an identity has (as the cache file stores them).
    package static let fieldCount = 7

    /// init(fields:): an identity read back from a cache file.
    package init(fields: [Int64]) {
        self.fields = fields
    }

    /// latestChange: the later of the modification and status-change times, in seconds.
    package var latestChange: Double {
        max(Double(fields[3]) + Double(fields[4]) / 1e9, Double(fields[5]) + Double(fields[6]) / 1e9)
    }
}
