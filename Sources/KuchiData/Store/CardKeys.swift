import Foundation
import KuchiDeck

/// CardKey: a card's identity within a learner's deck — the word as written, its reading and
/// the direction it is asked in.
public struct CardKey: Hashable, Sendable {
    public var question: String
    public var reading: String
    public var direction: StudyDirection

    /// init: a key; a word without a reading has "".
    public init(question: String, reading: String, direction: StudyDirection) {
        self.question = question
        self.reading = reading
        self.direction = direction
    }
}

/// CardKeys: the cards a selection asks, for counting them and for telling a card row of the
/// database in or out, straight from the row's bytes.
///
/// Rows are written from the deck's own strings, so a selected row matches a key byte for byte:
/// each key is kept as its encoded bytes (question, reading, direction, length-prefixed) in one
/// buffer, found through a table of their hashes, and a row is matched without making a
/// `String` of it (Welcome counts every row of a 10k-word deck at each start). Only a row that
/// matches no key byte for byte — another Unicode form of the same word written by an older deck
/// file, or a word outside the selection — is compared as `String`s (canonical equivalence, as
/// the queue compares them) against a set built on the first such row, so the figures are those
/// of `Set<CardKey>` for every deck Kuchi accepts (its validator refuses two words whose
/// questions are canonically equal, the one case where counting keys by bytes could differ).
public struct CardKeys: Sendable {
    /// keys: every card, once.
    public let keys: [CardKey]
    /// origins: where each of `keys` was in the list given to `init`.
    package let origins: [Int]
    /// directions: the directions of the keys, one bit each (`code(of:)`): asked of every row
    /// scanned, where a `Set`'s hashing of the enum was a tenth of `kuchi due`'s instructions.
    package let directions: UInt8
    /// bytes: every key's encoding, one after another; `ends[i]` is where key i's ends.
    private let bytes: [UInt8]
    private let ends: [Int]
    /// firstByHash: the first key of each encoding hash; `next` chains keys of equal hashes.
    private let firstByHash: [Int: Int]
    private let next: [Int]

    /// init: the cards given (a key repeated byte for byte is counted once).
    public init(_ keys: [CardKey]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var firstByHash: [Int: Int] = [:]
        var next: [Int] = []
        var unique: [CardKey] = []
        var origins: [Int] = []
        bytes.reserveCapacity(keys.count * 32)
        ends.reserveCapacity(keys.count)
        firstByHash.reserveCapacity(keys.count)
        unique.reserveCapacity(keys.count)
        var scratch: [UInt8] = []
        var seen: UInt8 = 0
        for (origin, key) in keys.enumerated() {
            scratch.removeAll(keepingCapacity: true)
            Self.encode(question: key.question, reading: key.reading, direction: key.direction, into: &scratch)
            let hash = Self.hash(scratch)
            if Self.find(scratch, hash: hash, bytes: bytes, ends: ends, firstByHash: firstByHash, next: next) != nil { continue }
            next.append(firstByHash[hash] ?? -1)
            firstByHash[hash] = unique.count
            bytes.append(contentsOf: scratch)
            ends.append(bytes.count)
            unique.append(key)
            origins.append(origin)
            seen |= Self.bit(of: key.direction)
        }
        self.keys = unique
        self.origins = origins
        directions = seen
        self.bytes = bytes
        self.ends = ends
        self.firstByHash = firstByHash
        self.next = next
    }

    /// count: how many cards.
    public var count: Int { keys.count }

    /// slot: the key whose encoding is `encoded` (byte for byte), if any.
    private func slot(_ encoded: [UInt8]) -> Int? {
        Self.find(encoded, hash: Self.hash(encoded), bytes: bytes, ends: ends, firstByHash: firstByHash, next: next)
    }

    /// Index: finds keys by `String`s — byte for byte first, then (only for a miss) by
    /// canonical equivalence through a dictionary built on the first miss; `LearnerDatabase.cards`
    /// finds each word's row with it.
    package struct Index {
        package let keys: CardKeys
        private var scratch: [UInt8] = []
        private var canonical: [CardKey: Int]?

        /// init: an index of `keys`.
        package init(_ keys: CardKeys) {
            self.keys = keys
        }

        /// position: where `key` was in the list the keys were made from, nil when it is not
        /// among them.
        package mutating func position(of key: CardKey) -> Int? {
            scratch.removeAll(keepingCapacity: true)
            CardKeys.encode(question: key.question, reading: key.reading, direction: key.direction, into: &scratch)
            if let found = keys.slot(scratch) { return keys.origins[found] }
            return canonicalPosition(of: key)
        }

        /// bytePosition: `position` byte for byte only (nil where only canonical equivalence
        /// would find the key): which rows a deck's words match exactly (`CardTally`).
        package mutating func bytePosition(of key: CardKey) -> Int? {
            scratch.removeAll(keepingCapacity: true)
            CardKeys.encode(question: key.question, reading: key.reading, direction: key.direction, into: &scratch)
            return keys.slot(scratch).map { keys.origins[$0] }
        }

        /// canonicalPosition: `position`'s comparison as `String`s (canonical equivalence).
        package mutating func canonicalPosition(of key: CardKey) -> Int? {
            guard !keys.keys.isEmpty else { return nil }
            if canonical == nil {
                // The first key wins among canonically equal ones, as a byte-for-byte match would.
                canonical = Dictionary(keys.keys.indices.map { (keys.keys[$0], keys.origins[$0]) }, uniquingKeysWith: { first, _ in first })
            }
            return canonical?[key]
        }
    }

    /// Matcher: answers "is this row one of the keys?" from the row's bytes during one scan,
    /// reusing its buffer; a row that misses byte for byte goes to the `Index`'s comparison.
    package struct Matcher {
        private var index: Index
        private var scratch: [UInt8] = []

        /// init: a matcher of `keys`.
        package init(_ keys: CardKeys) {
            index = Index(keys)
        }

        /// contains: whether the card given by its UTF-8 question, reading and direction is one
        /// of the keys.
        package mutating func contains(question: UnsafeRawBufferPointer, reading: UnsafeRawBufferPointer, direction: StudyDirection) -> Bool {
            // A direction no key has needs no comparison at all (rows of other directions).
            guard index.keys.directions & CardKeys.bit(of: direction) != 0 else { return false }
            scratch.removeAll(keepingCapacity: true)
            CardKeys.appendField(question, to: &scratch)
            CardKeys.appendField(reading, to: &scratch)
            scratch.append(CardKeys.code(of: direction))
            if index.keys.slot(scratch) != nil { return true }
            let key = CardKey(question: String(decoding: question, as: UTF8.self), reading: String(decoding: reading, as: UTF8.self),
                              direction: direction)
            return index.canonicalPosition(of: key) != nil
        }
    }

    /// encode: a key's bytes: the question and the reading, each after its length, then the
    /// direction's code (no separator a word could contain).
    private static func encode(question: String, reading: String, direction: StudyDirection, into buffer: inout [UInt8]) {
        var question = question
        var reading = reading
        question.withUTF8 { appendField(UnsafeRawBufferPointer($0), to: &buffer) }
        reading.withUTF8 { appendField(UnsafeRawBufferPointer($0), to: &buffer) }
        buffer.append(code(of: direction))
    }

    /// appendField: a field's length (4 bytes, little-endian) and its bytes.
    package static func appendField(_ field: UnsafeRawBufferPointer, to buffer: inout [UInt8]) {
        let length = UInt32(truncatingIfNeeded: field.count)
        // Four appends, not a loop over an array literal (an allocation per field, per row).
        buffer.append(UInt8(truncatingIfNeeded: length))
        buffer.append(UInt8(truncatingIfNeeded: length >> 8))
        buffer.append(UInt8(truncatingIfNeeded: length >> 16))
        buffer.append(UInt8(truncatingIfNeeded: length >> 24))
        buffer.append(contentsOf: field)
    }

    /// code: a direction as one byte (its place among the cases).
    package static func code(of direction: StudyDirection) -> UInt8 {
        switch direction {
        case .japaneseToEnglish: 0
        case .englishToJapanese: 1
        case .reading: 2
        case .listening: 3
        }
    }

    /// bit: a direction's bit in `directions`.
    package static func bit(of direction: StudyDirection) -> UInt8 {
        1 << code(of: direction)
    }

    /// hash: the encoding's hash (Swift's per-process seeded hasher: the table is never stored).
    private static func hash(_ encoded: [UInt8]) -> Int {
        var hasher = Hasher()
        encoded.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    /// find: the key whose encoding is `encoded`, if any.
    private static func find(_ encoded: [UInt8], hash: Int, bytes: [UInt8], ends: [Int], firstByHash: [Int: Int], next: [Int]) -> Int? {
        var candidate = firstByHash[hash] ?? -1
        while candidate >= 0 {
            let start = candidate == 0 ? 0 : ends[candidate - 1]
            if ends[candidate] - start == encoded.count {
                let same = bytes.withUnsafeBytes { all in
                    encoded.withUnsafeBytes { wanted in
                        guard let base = all.baseAddress, let other = wanted.baseAddress else { return wanted.isEmpty }
                        return memcmp(base + start, other, wanted.count) == 0
                    }
                }
                if same { return candidate }
            }
            candidate = next[candidate]
        }
        return nil
    }
}
