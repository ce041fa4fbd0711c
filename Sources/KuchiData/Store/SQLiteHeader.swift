#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLiteHeader: the fields of an SQLite file's 100-byte header that say whose file it is and
/// how it is journaled, read with plain file I/O — no SQLite connection, so nothing is locked,
/// created, recovered or checkpointed by looking. It only decides whether the one-connection open
/// (`LearnerDatabase.quickOpen`) is worth trying; that open judges the file again on its
/// connection, since a `-wal` file may hold a newer page 1 than the main file.
package struct SQLiteHeader: Equatable {
    /// magic: the first 16 bytes of every SQLite 3 file ("SQLite format 3" and a NUL).
    package static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// userVersion: `PRAGMA user_version` (big-endian at offset 60): Kuchi's schema version.
    package let userVersion: Int32
    /// applicationID: `PRAGMA application_id` (big-endian at offset 68).
    package let applicationID: Int32
    /// isWAL: the file is in WAL mode (file format read and write versions, bytes 18 and 19, are 2).
    package let isWAL: Bool

    /// init: the header of `bytes` (at least 100 of them starting with the magic), else nil.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= 100, Array(bytes[0..<16]) == Self.magic else { return nil }
        func bigEndian(_ offset: Int) -> Int32 {
            Int32(bitPattern: bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        userVersion = bigEndian(60)
        applicationID = bigEndian(68)
        isWAL = bytes[18] == 2 && bytes[19] == 2
    }

    /// init: the header of the file at `path`; nil when it cannot be read or is not SQLite.
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 100, 0) }
        guard count == 100 else { return nil }
        self.init(bytes: bytes)
    }

    /// promisesUsableKuchiFile: whether the header is that of a Kuchi file this Kuchi can open
    /// as it is — Kuchi's application_id (not 0: a file from before the id takes the full
    /// inspection, which looks at its tables), a schema no newer than this Kuchi's, WAL mode
    /// (so the connection's open changes no journal mode).
    package var promisesUsableKuchiFile: Bool {
        applicationID == LearnerSchema.applicationID && (1...Int32(LearnerSchema.version)).contains(userVersion) && isWAL
    }
}
