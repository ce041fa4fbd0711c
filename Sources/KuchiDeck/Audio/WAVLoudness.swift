import Foundation

/// WAVLoudness: scales a 16-bit PCM WAV so its loudest sample sits at a fixed peak below full
/// scale — every word as loud as the next, and none clipped (issue 37: 19 of 60 WAVs clipped).
///
/// Open JTalk is run with headroom (`SpeechEngine.volume`), so it never clips inside; this then
/// brings each file to the same peak. A file that is not 16-bit PCM is left as it is.
package enum WAVLoudness {
    /// peak: the loudest sample after normalising (−1 dBFS).
    package static let peak = 29_204.0

    /// normalized: `data` (a WAV file) with its samples scaled to `peak`; nil when it is not a
    /// 16-bit PCM WAV or is silent.
    package static func normalized(_ data: Data) -> Data? {
        var bytes = [UInt8](data)
        guard bytes.count > 44, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        var offset = 12
        var bitsPerSample = 0
        var format = 0
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let body = offset + 8
            if id == "fmt ", body + 16 <= bytes.count {
                format = Int(bytes[body]) | Int(bytes[body + 1]) << 8
                bitsPerSample = Int(bytes[body + 14]) | Int(bytes[body + 15]) << 8
            } else if id == "data" {
                guard format == 1, bitsPerSample == 16 else { return nil }
                let end = min(bytes.count, body + size) & ~1
                var loudest = 0
                for index in stride(from: body, to: end, by: 2) {
                    loudest = max(loudest, abs(Int(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))))
                }
                guard loudest > 0 else { return nil }
                let gain = peak / Double(loudest)
                for index in stride(from: body, to: end, by: 2) {
                    let sample = Double(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))
                    let scaled = UInt16(bitPattern: Int16(max(-32_767, min(32_767, (sample * gain).rounded()))))
                    bytes[index] = UInt8(scaled & 0xFF)
                    bytes[index + 1] = UInt8(scaled >> 8)
                }
                return Data(bytes)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }

    /// peakSample: the loudest sample's magnitude, for the tests; nil when not 16-bit PCM.
    package static func peakSample(_ data: Data) -> Int? {
        var bytes = [UInt8](data)
        guard let range = dataRange(&bytes) else { return nil }
        var loudest = 0
        for index in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            loudest = max(loudest, abs(Int(Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8))))
        }
        return loudest
    }

    /// dataRange: where the samples of a WAV file lie.
    private static func dataRange(_ bytes: inout [UInt8]) -> Range<Int>? {
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if bytes[offset..<offset + 4].elementsEqual("data".utf8) { return (offset + 8)..<(min(bytes.count, offset + 8 + size) & ~1) }
            offset += 8 + size + (size & 1)
        }
        return nil
    }
}
