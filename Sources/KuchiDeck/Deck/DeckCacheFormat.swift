import Foundation

/// DeckCacheFormat: the cache file's bytes — a header (magic and version, the deck file's path
/// and identity), the word table (`DeckWordTable`, its length and checksum first) and the
/// payload (its length and checksum, then length-prefixed UTF-8 strings), read back with no
/// parsing beyond lengths (far cheaper than JSON and its decoder). Version 3 added the table.
///
/// Every read is bounds-checked and the checksum covers the payload, so a damaged file decodes
/// to nil, never to a wrong deck or a crash.
package enum DeckCacheFormat {
    /// magic: the file type and format version; a new layout changes the last byte.
    package static let magic: [UInt8] = Array("KUCHIDC4".utf8)

    /// encode: the cache file of `deck`, read from `path` with `identity`.
    package static func encode(_ deck: Deck, path: String, identity: DeckFileIdentity) -> [UInt8] {
        var payload = Writer()
        payload.string(deck.title)
        payload.optional(deck.attribution)
        payload.int(deck.challenges.count)
        for challenge in deck.challenges {
            payload.string(challenge.question)
            payload.optional(challenge.reading)
            payload.strings(challenge.readings)
            payload.string(challenge.pronunciation)
            payload.string(challenge.answer)
            payload.optional(challenge.category)
            payload.strings(challenge.also)
            payload.optional(challenge.pos?.rawValue)
            payload.int(challenge.level ?? -1)
            payload.strings(challenge.confusable)
            payload.strings(challenge.contrast)
            payload.strings(challenge.homographs)
            payload.strings(challenge.written)
        }
        var file = Writer()
        file.bytes.append(contentsOf: magic)
        file.string(path)
        for field in identity.fields { file.int(Int(field)) }
        // The word table first: `kuchi due` reads the file only up to its end.
        let table = DeckWordTable.encode(deck) ?? []
        file.int(table.count)
        file.int(Int(bitPattern: UInt(table.withUnsafeBytes(checksum))))
        file.bytes.append(contentsOf: table)
        file.int(payload.bytes.count)
        file.int(Int(bitPattern: UInt(payload.bytes.withUnsafeBytes(checksum))))
        file.bytes.append(contentsOf: payload.bytes)
        return file.bytes
    }

    /// decode: the deck in `data` when it was made from the file at `path` with `identity` and
    /// is whole; nil otherwise.
    package static func decode(_ data: Data, path: String, identity: DeckFileIdentity) -> Deck? {
        data.withUnsafeBytes { buffer in decode(Reader(bytes: buffer), path: path, identity: identity, tableOmitted: false) }
    }

    /// decode(omittingTable:): the same from the file's bytes with the word table's left out
    /// (`tableRange`): the app's start reads the deck, never the table.
    package static func decode(omittingTable bytes: [UInt8], path: String, identity: DeckFileIdentity) -> Deck? {
        bytes.withUnsafeBytes { buffer in decode(Reader(bytes: buffer), path: path, identity: identity, tableOmitted: true) }
    }

    /// wordTable: the word table (`DeckWordTable`) in `bytes` — the cache file, or only its
    /// start up to the table's end (`tableRange`) — when it was made from the file at `path` with `identity` and its
    /// checksum holds; nil otherwise, and for a deck that has none (the full path counts it).
    package static func wordTable(_ bytes: UnsafeRawBufferPointer, path: String, identity: DeckFileIdentity) -> DeckWordTable? {
        guard var reader = header(Reader(bytes: bytes), path: path, identity: identity), let length = reader.int(), length > 0,
              let sum = reader.int(), let table = reader.take(length),
              UInt64(UInt(bitPattern: sum)) == checksum(table) else { return nil }
        return DeckWordTable(bytes: Array(table))
    }

    /// tableRange: where the word table lies in the file, from a start of the file long enough
    /// to hold the header; nil when it does not read as one.
    package static func tableRange(_ bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var reader = Reader(bytes: bytes)
        guard let kind = reader.take(magic.count), kind.elementsEqual(magic), let pathLength = reader.int(),
              reader.take(pathLength) != nil, reader.take(8 * DeckFileIdentity.fieldCount) != nil, let length = reader.int(), length >= 0,
              reader.take(8) != nil, !reader.offset.addingReportingOverflow(length).overflow else { return nil }
        return reader.offset..<reader.offset + length
    }

    /// header: the reader after the header once it names `path` and `identity`.
    private static func header(_ start: Reader, path: String, identity: DeckFileIdentity) -> Reader? {
        var reader = start
        guard let kind = reader.take(magic.count), kind.elementsEqual(magic), reader.string() == path else { return nil }
        var fields: [Int64] = []
        for _ in identity.fields {
            guard let field = reader.int() else { return nil }
            fields.append(Int64(field))
        }
        return DeckFileIdentity(fields: fields) == identity ? reader : nil
    }

    /// payload: the reader at the payload's start once the header matches `path` and
    /// `identity` and the payload's checksum holds (the word table is stepped over); nil otherwise.
    private static func payload(_ start: Reader, path: String, identity: DeckFileIdentity, tableOmitted: Bool) -> Reader? {
        guard var reader = header(start, path: path, identity: identity), let tableLength = reader.int(), reader.take(8) != nil,
              tableOmitted || reader.take(tableLength) != nil, let length = reader.int(), let sum = reader.int(),
              length == reader.bytes.count - reader.offset,
              UInt64(UInt(bitPattern: sum)) == checksum(UnsafeRawBufferPointer(rebasing: reader.bytes[reader.offset...]))
        else { return nil }
        return reader
    }

    private static func decode(_ start: Reader, path: String, identity: DeckFileIdentity, tableOmitted: Bool) -> Deck? {
        guard var reader = payload(start, path: path, identity: identity, tableOmitted: tableOmitted) else { return nil }
        let length = reader.bytes.count - reader.offset
        guard let title = reader.string(), let attribution = reader.optional(), let count = reader.int(),
              count >= 0, count <= length else { return nil }
        var challenges: [Challenge] = []
        challenges.reserveCapacity(count)
        for _ in 0..<count {
            guard let challenge = reader.entry() else { return nil }
            challenges.append(challenge)
        }
        guard reader.offset == reader.bytes.count, challenges.count >= Deck.minimumEntries else { return nil }
        return Deck(title: title, attribution: attribution, challenges: challenges)
    }

    /// hash: FNV-1a (64 bits) of `bytes`; names the cache file after the deck's path.
    package static func hash<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return value
    }

    /// checksum: the payload's checksum, FNV-1a over 8-byte words (eight times fewer steps than
    /// bytes: a 100k-word deck's payload is ~10 MB) with the remaining bytes one by one.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        var offset = 0
        while offset + 8 <= bytes.count {
            value = (value ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
            value ^= value >> 32
            offset += 8
        }
        while offset < bytes.count {
            value = (value ^ UInt64(bytes[offset])) &* 0x100_0000_01b3
            offset += 1
        }
        return value
    }

    /// Writer: appends little-endian integers and length-prefixed strings.
    private struct Writer {
        var bytes: [UInt8] = []

        mutating func int(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ value: String) {
            int(value.utf8.count)
            bytes.append(contentsOf: value.utf8)
        }

        mutating func optional(_ value: String?) {
            guard let value else { return int(-1) }
            string(value)
        }

        mutating func strings(_ values: [String]) {
            int(values.count)
            for value in values { string(value) }
        }
    }

    /// Reader: reads what `Writer` wrote, nil at the first value that does not fit. Strings are
    /// made with `String(decoding:)`, the standard library's fast path (the generic
    /// `String(validating:)` looked up type metadata at every call, a third of a 10k deck's
    /// read); the checksum has already vouched for the bytes, which `Writer` took from strings.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func int() -> Int? {
            guard 8 <= bytes.count - offset else { return nil }
            defer { offset += 8 }
            return Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
        }

        mutating func string() -> String? {
            guard let count = int(), let slice = take(count) else { return nil }
            return String(decoding: slice.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }

        mutating func optional() -> String?? {
            guard let count = int() else { return nil }
            if count == -1 { return .some(nil) }
            guard let slice = take(count) else { return nil }
            return .some(String(decoding: slice.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
        }

        /// entry: one word as `encode` wrote it.
        mutating func entry() -> Challenge? {
            guard let question = string(), let reading = optional(), let readings = strings(),
                  let pronunciation = string(), let answer = string(), let category = optional(),
                  let also = strings(), let pos = optional(), let level = int(), let confusable = strings(),
                  let contrast = strings(), let homographs = strings(), let written = strings()
            else { return nil }
            let partOfSpeech = pos.map(PartOfSpeech.init(rawValue:))
            if case .some(.none) = partOfSpeech { return nil }
            return Challenge(question: question, reading: reading, pronunciation: pronunciation, answer: answer,
                             category: category, also: also, pos: partOfSpeech ?? nil, level: level < 0 ? nil : level,
                             confusable: confusable, readings: readings, contrast: contrast, homographs: homographs,
                             written: written)
        }

        mutating func strings() -> [String]? {
            guard let count = int(), count >= 0, count <= bytes.count - offset else { return nil }
            var values: [String] = []
            values.reserveCapacity(count)
            for _ in 0..<count {
                guard let value = string() else { return nil }
                values.append(value)
            }
            return values
        }
    }
}
