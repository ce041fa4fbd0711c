import Foundation
import KuchiMemory

/// ReviewID: a review's globally unique id (`uid`): 32 lowercase hex digits (128 bits).
///
/// Every machine that holds a review knows it by this id, so a sync recognises reviews it has
/// already seen, and the review's fuzz derives from it (`fuzzSeed`): every machine that replays
/// the review draws the same interval, with no random state to carry between machines.
public enum ReviewID {
    /// isValid: exactly 32 lowercase hex digits.
    public static func isValid(_ uid: String) -> Bool {
        uid.utf8.count == 32 && uid.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// fuzzSeed: the SplitMix64 seed a review's fuzz is drawn from — its first 64 bits.
    ///
    /// The oracle script does the same (`int(uid[:16], 16)`), so py-fsrs replays the same days.
    public static func fuzzSeed(_ uid: String) -> UInt64 {
        UInt64(uid.prefix(16), radix: 16) ?? StableHash.value(uid)
    }

    /// blob: the id as the 16 bytes the database stores (half the size of its text, in the
    /// row and in its unique index); a malformed id gives its stable hash's bytes.
    public static func blob(_ uid: String) -> Data {
        let text = isValid(uid) ? uid : StableHash.hex128(Data(uid.utf8))
        var bytes = Data(capacity: 16)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// text: stored bytes as the id's 32 hex digits.
    public static func text(_ blob: Data) -> String {
        // Byte by byte into one buffer: a sync writes this for every review it sends.
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: blob.count * 2) { buffer in
            var index = 0
            for byte in blob {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }

    /// make: an id from two 64-bit words.
    package static func make(_ high: UInt64, _ low: UInt64) -> String {
        hex(high) + hex(low)
    }

    /// hex: 16 lowercase, zero-padded hex digits.
    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// ReviewIDSource: where new review ids (and machine and batch ids) come from — the system's
/// random generator, or SplitMix64 from a seed so `KUCHI_SEED` makes a run reproducible.
///
/// A class behind a lock: the database is shared by the app's actors and keeps one source.
public final class ReviewIDSource: @unchecked Sendable {
    private let lock = NSLock()
    private var seeded: SeededGenerator?

    /// init: a source drawing from `seed` (nil: the system generator).
    public init(seed: UInt64? = nil) {
        seeded = seed.map { SeededGenerator(seed: $0 ^ Self.streamKey) }
    }

    /// streamKey: keeps these ids apart from the quiz's draws made from the same `KUCHI_SEED`.
    private static let streamKey: UInt64 = 0x5EED_0F_5EED_1D5

    /// reseed: draws from `seed` from now on (nil: the system generator).
    public func reseed(_ seed: UInt64?) {
        lock.withLock { seeded = seed.map { SeededGenerator(seed: $0 ^ Self.streamKey) } }
    }

    /// next: a fresh 128-bit id as 32 hex digits.
    public func next() -> String {
        lock.withLock {
            if var generator = seeded {
                let id = ReviewID.make(generator.next(), generator.next())
                seeded = generator
                return id
            }
            var system = SystemRandomNumberGenerator()
            return ReviewID.make(system.next(), system.next())
        }
    }
}

/// StableHash: FNV-1a over UTF-8, the same on every machine and run (Swift's `Hasher` is
/// seeded per process) — for ids derived from content: migrated reviews and deck contents.
package enum StableHash {
    /// value: the 64-bit FNV-1a hash of `text`, started from `basis`.
    package static func value(_ text: String, basis: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        value(Data(text.utf8), basis: basis)
    }

    /// value: the 64-bit FNV-1a hash of `bytes`, started from `basis`.
    package static func value(_ bytes: Data, basis: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = basis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// hex128: two differently started hashes as 32 hex digits (a review id's shape).
    package static func hex128(_ bytes: Data) -> String {
        ReviewID.make(value(bytes), value(bytes, basis: 0x6C62_272E_07BB_0142))
    }
}
