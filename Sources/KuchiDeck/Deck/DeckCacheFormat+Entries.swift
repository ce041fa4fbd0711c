/// DeckCacheFormat+Entries: a few words of a cached deck read alone, the words before them
/// stepped over by their lengths without being made — the stand-in quiz a start puts up before
/// Start needs three words, not a 100k-word deck (issue 39).
extension DeckCacheFormat {
    /// entries: the attribution and the words at `indices` (ascending) of the payload whose
    /// first bytes are `bytes` (as many as were read: nil when they do not reach the last one).
    /// The payload's checksum covers the whole of it and is not checked here; the words are a
    /// stand-in's, never studied — the whole read (`decode`) checks it before any word is asked.
    package static func entries(_ bytes: UnsafeRawBufferPointer, at indices: [Int]) -> (attribution: String?, challenges: [Challenge])? {
        var reader = Reader(bytes: bytes)
        guard reader.skipString(), let attribution = reader.optional(), let count = reader.int(),
              indices.allSatisfy({ $0 >= 0 && $0 < count }), indices == indices.sorted() else { return nil }
        var challenges: [Challenge] = []
        var position = 0
        for index in indices {
            while position < index {
                guard reader.skipEntry() else { return nil }
                position += 1
            }
            guard let challenge = reader.entry() else { return nil }
            challenges.append(challenge)
            position += 1
        }
        return (attribution, challenges)
    }
}

extension DeckCacheFormat.Reader {
    /// skipEntry: steps over one word as `entry` reads it, making nothing.
    mutating func skipEntry() -> Bool {
        skipString() && skipOptional() && skipStrings() && skipString() && skipString() && skipOptional() && skipStrings()
            && skipOptional() && int() != nil && skipStrings() && skipStrings() && skipStrings() && skipStrings()
    }

    mutating func skipString() -> Bool {
        guard let count = int() else { return false }
        return take(count) != nil
    }

    mutating func skipOptional() -> Bool {
        guard let count = int() else { return false }
        return count == -1 || take(count) != nil
    }

    mutating func skipStrings() -> Bool {
        guard let count = int(), count >= 0, count <= bytes.count - offset else { return false }
        for _ in 0..<count where !skipString() { return false }
        return true
    }
}
