import Foundation

/// DeckWordTable: what counting a learner's cards needs of a deck — its title and each word's
/// question and reading bytes, category, level and whether it is written with kanji — kept in
/// the deck cache beside the whole deck and read back without decoding (issue 39).
///
/// `kuchi due` ran 101M instructions at 10k words and 1M reviews, 63M of them reading the
/// deck back as `String`s, building its card keys and hashing each card row with Swift's
/// seeded hasher. Here a word is found from a row's bytes by a hash table stored in the file
/// (FNV-1a: the same on every run, so it can be stored), and nothing is made per word.
///
/// Layout (little-endian): the title, the word count, the category names, one 16-byte record
/// per word (key offset, question length, reading length as UInt32; category as UInt16; level
/// as Int8, -1 for none; flags), the slot count and the slots (UInt32: word + 1, 0 empty), the
/// words' bytes (question then reading), then the fingerprints of every word and of the words
/// with kanji (`memberHash` summed; and how many have kanji). `init(bytes:)` checks every offset, so bytes that
/// passed the cache's checksum but do not fit give nil, never a wrong answer or a crash.
package struct DeckWordTable: Sendable {
    /// title: the deck's title (the bundled deck's is renamed as `Deck.bundled` renames it).
    package var title: String
    /// count: how many words.
    package let count: Int
    /// categories: the category names, an entry without one named "Uncategorised".
    package let categories: [String]
    /// allWords, kanjiWords: the fingerprints (sums of `memberHash`, wrapping) of every word and
    /// of the words written with kanji, with their counts, made when the cache is written:
    /// `kuchi due` compares them with a deck opening's record without hashing 10k words.
    package let allWords: (sum: UInt64, count: Int)
    package let kanjiWords: (sum: UInt64, count: Int)
    private let bytes: [UInt8]
    private let recordsStart: Int
    private let slotsStart: Int
    private let slotMask: Int
    private let keysStart: Int

    /// recordSize: one word's record.
    private static let recordSize = 16
    /// fingerprintsSize: the two fingerprints and the kanji words' count after the words' bytes.
    private static let fingerprintsSize = 24
    /// kanjiFlag: the word as written contains kanji (it may be asked for its reading).
    private static let kanjiFlag: UInt8 = 1

    /// encode: the table of `deck`, nil when it cannot hold it (two words with the same
    /// question and reading byte for byte, more than 65 535 categories, a level outside
    /// Int8): such a deck is counted the full way.
    package static func encode(_ deck: Deck) -> [UInt8]? {
        var categories = CategoryNumbers()
        var records: [UInt8] = []
        var keys: [UInt8] = []
        records.reserveCapacity(deck.challenges.count * recordSize)
        var allSum: UInt64 = 0, kanjiSum: UInt64 = 0, kanjiCount = 0
        for challenge in deck.challenges {
            let category = categories.number(of: challenge).number
            let level = challenge.level ?? -1
            guard category <= Int(UInt16.max), level >= -1, level <= Int(Int8.max), keys.count <= Int(UInt32.max) else { return nil }
            let question = Array(challenge.question.utf8), reading = Array((challenge.reading ?? "").utf8)
            append(UInt32(keys.count), to: &records)
            append(UInt32(question.count), to: &records)
            append(UInt32(reading.count), to: &records)
            records.append(UInt8(truncatingIfNeeded: category))
            records.append(UInt8(truncatingIfNeeded: category >> 8))
            records.append(UInt8(bitPattern: Int8(level)))
            let kanji = Script.containsKanji(challenge.question)
            records.append(kanji ? kanjiFlag : 0)
            let member = question.withUnsafeBufferPointer { q in reading.withUnsafeBufferPointer { memberHash(question: q, reading: $0) } }
            allSum = allSum &+ member
            if kanji {
                kanjiSum = kanjiSum &+ member
                kanjiCount += 1
            }
            keys.append(contentsOf: question)
            keys.append(contentsOf: reading)
        }
        var slotCount = 16
        while slotCount < deck.challenges.count * 2 { slotCount *= 2 }
        var slots = [UInt32](repeating: 0, count: slotCount)
        for word in deck.challenges.indices {
            let start = Int(read32(records, word * recordSize)), questionLength = Int(read32(records, word * recordSize + 4))
            let readingLength = Int(read32(records, word * recordSize + 8))
            let question = keys[start..<start + questionLength], reading = keys[start + questionLength..<start + questionLength + readingLength]
            var slot = Int(truncatingIfNeeded: hash(question: question, reading: reading)) & (slotCount - 1)
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                let otherStart = Int(read32(records, other * recordSize)), otherQuestion = Int(read32(records, other * recordSize + 4))
                let otherReading = Int(read32(records, other * recordSize + 8))
                if keys[otherStart..<otherStart + otherQuestion].elementsEqual(question),
                   keys[otherStart + otherQuestion..<otherStart + otherQuestion + otherReading].elementsEqual(reading) { return nil }
                slot = (slot + 1) & (slotCount - 1)
            }
            slots[slot] = UInt32(word + 1)
        }
        var table: [UInt8] = []
        appendString(deck.title, to: &table)
        append(UInt64(deck.challenges.count), to: &table)
        append(UInt64(categories.names.count), to: &table)
        for name in categories.names { appendString(name, to: &table) }
        table.append(contentsOf: records)
        append(UInt64(slotCount), to: &table)
        for slot in slots { append(slot, to: &table) }
        append(UInt64(keys.count), to: &table)
        table.append(contentsOf: keys)
        append(allSum, to: &table)
        append(kanjiSum, to: &table)
        append(UInt64(kanjiCount), to: &table)
        return table
    }

    /// init: the table in `bytes` (as `encode` made it), nil when they do not fit together.
    package init?(bytes: [UInt8]) {
        var offset = 0
        func int() -> Int? {
            guard bytes.count - offset >= 8 else { return nil }
            defer { offset += 8 }
            let value = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
            return value <= UInt64(Int32.max) ? Int(value) : nil
        }
        func string() -> String? {
            guard let length = int(), bytes.count - offset >= length else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }
        guard let title = string(), let count = int(), count >= Deck.minimumEntries, let categoryCount = int(),
              categoryCount <= bytes.count - offset else { return nil }
        var categories: [String] = []
        for _ in 0..<categoryCount {
            guard let name = string() else { return nil }
            categories.append(name)
        }
        let recordsStart = offset
        guard count <= (bytes.count - offset) / Self.recordSize else { return nil }
        offset += count * Self.recordSize
        guard let slotCount = int(), slotCount >= count, slotCount > 0, slotCount & (slotCount - 1) == 0,
              slotCount <= (bytes.count - offset) / 4 else { return nil }
        let slotsStart = offset
        offset += slotCount * 4
        guard let keyLength = int(), keyLength == bytes.count - offset - Self.fingerprintsSize else { return nil }
        let keysStart = offset
        offset += keyLength
        func word64() -> UInt64 {
            defer { offset += 8 }
            return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        }
        let allSum = word64(), kanjiSum = word64()
        guard let kanjiCount = int(), kanjiCount <= count else { return nil }
        // Every record's bytes within the words' bytes and every slot a word or empty, read in
        // place (10k records and 32k slots at each `kuchi due`).
        let fits = bytes.withUnsafeBytes { all -> Bool in
            func load(_ offset: Int) -> Int { Int(UInt32(littleEndian: all.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
            for word in 0..<count {
                let record = recordsStart + word * Self.recordSize
                let start = load(record), length = load(record + 4) + load(record + 8)
                let category = Int(all[record + 12]) | Int(all[record + 13]) << 8
                guard start <= keyLength, length <= keyLength - start, category < categoryCount else { return false }
            }
            for slot in 0..<slotCount where load(slotsStart + slot * 4) > count { return false }
            return true
        }
        guard fits else { return nil }
        self.title = title
        self.count = count
        self.categories = categories
        self.bytes = bytes
        self.recordsStart = recordsStart
        self.slotsStart = slotsStart
        slotMask = slotCount - 1
        self.keysStart = keysStart
        allWords = (allSum, count)
        kanjiWords = (kanjiSum, kanjiCount)
    }

    /// category: the index in `categories` of word `word`'s category.
    package func category(_ word: Int) -> Int {
        let record = recordsStart + word * Self.recordSize
        return Int(bytes[record + 12]) | Int(bytes[record + 13]) << 8
    }

    /// level: word `word`'s JLPT level, nil when it names none.
    package func level(_ word: Int) -> Int? {
        let level = Int8(bitPattern: bytes[recordsStart + word * Self.recordSize + 14])
        return level < 0 ? nil : Int(level)
    }

    /// hasKanji: word `word` is written with kanji.
    package func hasKanji(_ word: Int) -> Bool {
        bytes[recordsStart + word * Self.recordSize + 15] & Self.kanjiFlag != 0
    }

    /// question, reading: word `word`'s fields as `String`s (for the comparisons by canonical
    /// equivalence a byte miss needs; never made per word otherwise).
    package func question(_ word: Int) -> String {
        let (start, question, _) = fields(word)
        return String(decoding: bytes[start..<start + question], as: UTF8.self)
    }

    package func reading(_ word: Int) -> String {
        let (start, question, reading) = fields(word)
        return String(decoding: bytes[start + question..<start + question + reading], as: UTF8.self)
    }

    /// withBytes: word `word`'s question and reading as the UTF-8 bytes stored (what
    /// `question(_:)` and `reading(_:)` decode), without making `String`s of them.
    package func withBytes<Result>(of word: Int,
                                   _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let (start, question, reading) = fields(word)
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[start..<start + question]),
                 UnsafeBufferPointer(rebasing: all[start + question..<start + question + reading]))
        }
    }

    /// word: the word whose question and reading are these bytes exactly, if any.
    package func word(question: UnsafeRawBufferPointer, reading: UnsafeRawBufferPointer) -> Int? {
        bytes.withUnsafeBytes { all -> Int? in
            guard let base = all.baseAddress else { return nil }
            var slot = Int(truncatingIfNeeded: Self.hash(question: question, reading: reading)) & slotMask
            // At most one round of the slots, even over a table whose every slot is taken.
            for _ in 0...slotMask {
                let entry = Int(UInt32(littleEndian: all.loadUnaligned(fromByteOffset: slotsStart + slot * 4, as: UInt32.self)))
                guard entry != 0 else { return nil }
                let record = recordsStart + (entry - 1) * Self.recordSize
                let start = keysStart + Int(UInt32(littleEndian: all.loadUnaligned(fromByteOffset: record, as: UInt32.self)))
                let questionLength = Int(UInt32(littleEndian: all.loadUnaligned(fromByteOffset: record + 4, as: UInt32.self)))
                let readingLength = Int(UInt32(littleEndian: all.loadUnaligned(fromByteOffset: record + 8, as: UInt32.self)))
                if questionLength == question.count, readingLength == reading.count,
                   Self.same(base + start, question), Self.same(base + start + questionLength, reading) {
                    return entry - 1
                }
                slot = (slot + 1) & slotMask
            }
            return nil
        }
    }

    /// word(question:reading:) for `String`s, byte for byte.
    package func word(question: String, reading: String) -> Int? {
        var question = question, reading = reading
        return question.withUTF8 { q in reading.withUTF8 { r in word(question: UnsafeRawBufferPointer(q), reading: UnsafeRawBufferPointer(r)) } }
    }

    private func fields(_ word: Int) -> (start: Int, question: Int, reading: Int) {
        let record = recordsStart + word * Self.recordSize
        return (keysStart + Int(Self.read32(bytes, record)), Int(Self.read32(bytes, record + 4)), Int(Self.read32(bytes, record + 8)))
    }

    private static func same(_ stored: UnsafeRawPointer, _ wanted: UnsafeRawBufferPointer) -> Bool {
        guard let other = wanted.baseAddress else { return true }
        return memcmp(stored, other, wanted.count) == 0
    }

    /// hash: FNV-1a (64 bits) of the question, a byte no UTF-8 text has, and the reading.
    private static func hash<Bytes: Sequence<UInt8>>(question: Bytes, reading: Bytes) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in question { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = (value ^ 0xFF) &* 0x100_0000_01b3
        for byte in reading { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return value
    }

    /// memberHash: a word's share of a set's fingerprint — the table's FNV-1a of its question and
    /// reading, then SplitMix64's finaliser, so that sums of neighbouring words do not cancel.
    package static func memberHash(question: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value = hash(question: question, reading: reading)
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 31)
    }

    private static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func appendString(_ value: String, to bytes: inout [UInt8]) {
        append(UInt64(value.utf8.count), to: &bytes)
        bytes.append(contentsOf: value.utf8)
    }
}
