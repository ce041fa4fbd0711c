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
/// 150 MiB line or of 16 million empty lines costs what a file of short records costs. Skipping
/// only searches for the newline (memchr) and seeks over the holes of a sparse file (SEEK_DATA),
/// so a 2 GiB line of zeros costs a seek; it stops when `enough` says so (the read budget, the
/// app quitting) and can go on from inside the line at the next sync (`init(insideLine:)`).
/// Every whole line consumed is counted (`offset`) and hashed (`hash`, FNV-1a, continued across
/// syncs), so the next sync can start where this one stopped without reading the same bytes
/// again, and can tell that those bytes changed. A skipped line is not hashed: the hash is a
/// function of the file's content, whatever the buffer held when the skipping began.
package final class SyncLineReader {
    /// Line: what `next` found.
    package enum Line {
        /// text: one whole line, without its newline.
        case text(Data)
        /// overlong: a line longer than the bound, skipped; the bytes skipped this time.
        case overlong(Int64)
        /// partial: the file ends inside a line (still being copied, or a last line without its
        /// newline); that tail is not consumed unless `acceptTail` is called.
        case partial(Data)
        /// unfinished: skipping an overlong line stopped inside it (`enough`, or `limit`);
        /// `offset` is where it stopped and `insideLine` is true.
        case unfinished
    }

    private let fd: Int32
    private let maximumLine: Int
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    /// insideLine: the reader is inside a line too long to keep, skipping to its end.
    package private(set) var insideLine: Bool
    /// skipped: bytes of the current overlong line passed over so far (this reader).
    private var skipped: Int64 = 0
    /// searched: where the newline search resumes (bytes before it hold none).
    private var searched = 0
    /// offset: the file position just after the last line consumed (inside an overlong line
    /// being skipped: how far the skipping got).
    package private(set) var offset: Int64
    /// hash: FNV-1a of every whole line consumed from the file's start.
    package private(set) var hash: UInt64
    /// bytesRead: bytes read from the file.
    package private(set) var bytesRead: Int64 = 0
    /// seeked: bytes of holes passed by seeking, never read (the read budget does not count them).
    package private(set) var seeked: Int64 = 0

    /// readSize: bytes asked of the file at a time.
    package static let readSize = 256 * 1024

    /// init: reads `fd` from `offset` (already positioned there), the hash so far being `hash`;
    /// `insideLine` when the last sync stopped inside an overlong line (it is skipped on).
    package init(fd: Int32, offset: Int64, hash: UInt64, maximumLine: Int, insideLine: Bool = false) {
        self.fd = fd
        self.offset = offset
        self.hash = hash
        self.maximumLine = maximumLine
        self.insideLine = insideLine
        buffer = [UInt8](repeating: 0, count: Self.readSize)
    }

    /// seekData: lseek's SEEK_DATA (Glibc's header keeps it behind _GNU_SOURCE).
    #if canImport(Glibc)
    private static let seekData: Int32 = 3
    #else
    private static let seekData: Int32 = 4
    #endif

    /// fnvBasis: FNV-1a's starting state (a file read from its start).
    package static let fnvBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// next: the next line, nil at the end of the file. Skipping never passes `limit` (a file
    /// offset) and stops once `enough` is true; a whole line is always read whole.
    package func next(limit: Int64 = .max, enough: () -> Bool = { false }) throws(BoundedFile.Failure) -> Line? {
        while true {
            if let newline = newlineIndex(from: max(start, searched)) {
                let length = newline - start
                if insideLine {
                    guard Int64(newline + 1 - start) <= limit - offset else { return stopInside(limit: limit) }
                    consume(newline + 1, hashing: false)
                    insideLine = false
                    defer { skipped = 0 }
                    return .overlong(skipped + Int64(length) + 1)
                }
                consume(newline + 1, hashing: true)
                return .text(Data(buffer[(newline - length)..<newline]))
            }
            searched = end
            if end - start > maximumLine || (end - start >= Self.readSize && Int64(end - start) + holeAhead() > Int64(maximumLine)) {
                insideLine = true
            }
            if insideLine {
                // Too long to keep: what is buffered is dropped, and the rest is only searched.
                guard Int64(end - start) < limit - offset else { return stopInside(limit: limit) }
                skipped += Int64(end - start)
                consume(end, hashing: false)
                if enough() { return .unfinished }
                try seekOverHole()
            }
            if start > 0 {
                // The unread tail moves to the front (memmove: nothing to move when all was read).
                let (from, count) = (start, end - start)
                if count > 0 {
                    buffer.withUnsafeMutableBytes { raw in
                        guard let base = raw.baseAddress else { return }
                        memmove(base, base + from, count)
                    }
                }
                end = count
                searched -= from
                start = 0
            }
            if buffer.count - end < Self.readSize { buffer.append(contentsOf: [UInt8](repeating: 0, count: Self.readSize)) }
            let count = try fill()
            if count == 0 {
                if insideLine {
                    insideLine = false
                    defer { skipped = 0 }
                    return .overlong(skipped)
                }
                return end > start ? .partial(Data(buffer[start..<end])) : nil
            }
        }
    }

    /// stopInside: skipping stops at `limit`, inside the line.
    private func stopInside(limit: Int64) -> Line {
        let upTo = start + Int(max(0, min(Int64(end - start), limit - offset)))
        skipped += Int64(upTo - start)
        consume(upTo, hashing: false)
        return .unfinished
    }

    /// holeAhead: how many bytes of hole (zeros, no newline) follow what was read — so a line
    /// running into a hole that makes it overlong is known at once, not after 8 MiB of zeros.
    /// The file position is left as it was.
    private func holeAhead() -> Int64 {
        let position = lseek(fd, 0, SEEK_CUR)
        guard position >= 0 else { return 0 }
        defer { lseek(fd, position, SEEK_SET) }
        let data = lseek(fd, position, Self.seekData)
        if data >= 0 { return Int64(data - position) }
        guard errno == ENXIO else { return 0 }
        let size = lseek(fd, 0, SEEK_END)
        return size > position ? Int64(size - position) : 0
    }

    /// seekOverHole: with the buffer empty inside an overlong line, moves past a hole of a sparse
    /// file (zeros, so no newline) without reading it.
    private func seekOverHole() throws(BoundedFile.Failure) {
        let data = lseek(fd, off_t(offset), Self.seekData)
        if data >= 0 {
            if Int64(data) > offset {
                skipped += Int64(data) - offset
                seeked += Int64(data) - offset
                offset = Int64(data)
            }
            return
        }
        // ENXIO: only a hole is left up to the end of the file; elsewhere (no SEEK_DATA) read on.
        guard errno == ENXIO else { return }
        let size = lseek(fd, 0, SEEK_END)
        guard size >= 0 else { throw .unreadable(errno) }
        if Int64(size) > offset {
            skipped += Int64(size) - offset
            seeked += Int64(size) - offset
            offset = Int64(size)
        }
    }

    /// prefixHolds: whether `fd`'s first `offset` bytes still read as they did when `hash` was
    /// taken (lines, skipped lines, where a skip stopped) — a file rewritten in place and grown
    /// does not; returns the answer and the bytes read to tell. Leaves `fd` positioned anywhere.
    package static func prefixHolds(fd: Int32, offset: Int64, hash: UInt64, insideLine: Bool, maximumLine: Int) throws(BoundedFile.Failure) -> (holds: Bool, bytes: Int64) {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw .unreadable(errno) }
        let reader = SyncLineReader(fd: fd, offset: 0, hash: fnvBasis, maximumLine: maximumLine)
        reading: while reader.offset < offset {
            switch try reader.next(limit: offset) {
            case nil, .unfinished: break reading
            case .partial:
                reader.acceptTail()
                break reading
            case .text, .overlong: continue
            }
        }
        return (reader.offset == offset && reader.hash == hash && reader.insideLine == insideLine, reader.bytesRead)
    }

    /// acceptTail: consumes the tail `next` returned as `.partial` (it was a whole last line).
    package func acceptTail() {
        consume(end, hashing: true)
    }

    /// newlineIndex: the first newline in `buffer[from..<end]` (memchr: this runs over every byte).
    private func newlineIndex(from: Int) -> Int? {
        guard from < end else { return nil }
        return buffer.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base + from, 0x0A, end - from) else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    /// consume: marks `buffer[start..<upTo]` read: counted, and hashed when `hashing` (a whole
    /// line; an overlong one is not, so the hash does not depend on where skipping began).
    private func consume(_ upTo: Int, hashing: Bool) {
        if hashing {
            let (from, state) = (start, hash)
            hash = buffer.withUnsafeBufferPointer { bytes in
                var state = state
                for index in from..<upTo {
                    state ^= UInt64(bytes[index])
                    state &*= 0x0000_0100_0000_01B3
                }
                return state
            }
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
            bytesRead += Int64(count)
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
