import Foundation
import KuchiBase

/// WAVIntegrity: whether a WAV file is whole — what the audio cache keeps and plays.
///
/// A disk that fills while Open JTalk writes, or a machine that stops mid-write, leaves a WAV
/// whose header promises more than the file holds; played, it stops short, and kept in the cache
/// it would be played so for good. A whole file is a RIFF/WAVE whose RIFF size is the file's
/// length and whose `fmt ` and `data` chunks both lie inside it.
package enum WAVIntegrity {
    /// isWhole: `data` is a complete WAV file.
    package static func isWhole(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count > 44, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8),
              Int(word(bytes, at: 4)) + 8 == bytes.count else { return false }
        var (offset, format, samples) = (12, false, false)
        while offset + 8 <= bytes.count {
            let size = Int(word(bytes, at: offset + 4))
            let end = offset + 8 + size
            guard end <= bytes.count else { return false }
            if bytes[offset..<offset + 4].elementsEqual("fmt ".utf8) { format = size >= 16 }
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) { samples = true }
            offset = end + (size & 1)
        }
        return format && samples
    }

    /// isWholeFile: the file at `url` is a complete WAV (a missing or unreadable one is not).
    package static func isWholeFile(_ url: URL) -> Bool {
        guard let data = try? BoundedFile.contents(of: url, limit: maximumBytes) else { return false }
        return isWhole(data)
    }

    /// maximumBytes: a word's WAV is a few hundred KiB; anything past this is not one of ours.
    package static let maximumBytes = 64 << 20

    /// word: the little-endian 32-bit value at `offset`.
    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
