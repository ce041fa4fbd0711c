import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncLineReader: a batch file read line by line through one buffer, each line bounded.
///
/// Memory is the longest line allowed plus one read's worth, whatever the file holds: a line
/// longer than `maximumLine` is skipped as it streams past (never gathered), so a file of one
/// 150 MiB line or of 16 million empty lines costs what a file of short records costs. Every
/// byte consumed is counted (`offset`) and hashed (`hash`, FNV-1a, continued across syncs), so
/// the next sync can start where this one stopped without reading the same bytes again.
package final class SyncLineReader {
    /// Line: what `next` found.
    package enum Line {
        /// text: one whole line, without its newline.
        case text(Data)
        /// overlong: a line longer than the bound, skipped; its length in bytes.
        case overlong(Int)
        /// partial: the file ends inside a line (still being copied, or a last line without its
        /// newline); that tail is not consumed unless `acceptTail` is called.
        case partial(Data)
    }

    private let fd: Int32
    private let maximumLine: Int
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var skipping = 0
    /// searched: where the newline search resumes (bytes before it hold none).
    private var searched = 0
    /// offset: the file position just after the last line consumed.
    package private(set) var offset: Int64
    /// hash: FNV-1a of every byte consumed from the file's start.
    package private(set) var hash: UInt64

    /// readSize: bytes asked of the file at a time.
    package static let readSize = 256 * 1024

    /// init: reads `fd` from `offset` (already positioned there), the hash so far being `hash`.
    package init(fd: Int32, offset: Int64, hash: UInt64, maximumLine: Int) {
        self.fd = fd
        self.offset = offset
        self.hash = hash
        self.maximumLine = maximumLine
        buffer = [UInt8](repeating: 0, count: Self.readSize)
    }

    /// fnvBasis: FNV-1a's starting state (a file read from its start).
    package static let fnvBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// next: the next line, nil at the end of the file.
    package func next() throws(BoundedFile.Failure) -> Line? {
        while true {
            if let newline = newlineIndex(from: max(start, searched)) {
                let length = newline - start
                consume(newline + 1)
                if skipping > 0 {
                    let total = skipping + length
                    skipping = 0
                    return .overlong(total)
                }
                return .text(Data(buffer[(newline - length)..<newline]))
            }
            searched = end
            if end - start > maximumLine || (skipping > 0 && end > start) {
                // Too long to keep: drop what is buffered and go on skipping to the newline.
                skipping += end - start
                consume(end)
            }
            if start > 0 {
                buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
                end -= start
                searched -= start
                start = 0
            }
            if buffer.count - end < Self.readSize { buffer.append(contentsOf: repeatElement(0, count: Self.readSize)) }
            let count = try fill()
            if count == 0 {
                if skipping > 0 {
                    let total = skipping
                    skipping = 0
                    return .overlong(total)
                }
                return end > start ? .partial(Data(buffer[start..<end])) : nil
            }
        }
    }

    /// acceptTail: consumes the tail `next` returned as `.partial` (it was a whole last line).
    package func acceptTail() {
        consume(end)
    }

    /// newlineIndex: the first newline in `buffer[from..<end]` (memchr: this runs over every byte).
    private func newlineIndex(from: Int) -> Int? {
        guard from < end else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + from, 0x0A, end - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// consume: marks `buffer[start..<upTo]` read: counted and hashed.
    private func consume(_ upTo: Int) {
        let (from, state) = (start, hash)
        hash = buffer.withUnsafeBufferPointer { bytes in
            var state = state
            for index in from..<upTo {
                state ^= UInt64(bytes[index])
                state &*= 0x0000_0100_0000_01B3
            }
            return state
        }
        offset += Int64(upTo - start)
        start = upTo
    }

    /// fill: one read(2) into the free end of the buffer; 0 at the end of the file.
    private func fill() throws(BoundedFile.Failure) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                Self.systemRead(fd, raw.baseAddress.map { $0 + end }, min(Self.readSize, raw.count - end))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno)
            }
            end += count
            return count
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
