/// UTF8Decoder: turns input bytes into characters, dropping invalid sequences.
///
/// ncurses' own `get_wch` stalls after an invalid byte (it keeps buffering later input in the
/// hope of completing the sequence), so a stray byte would swallow what is typed next. Reading
/// bytes with `wgetch` and decoding here keeps the next keystroke whatever came before it.
struct UTF8Decoder {
    private var pending: [UInt8] = []
    private var expected = 0

    /// feed: one byte; returns a scalar when it completes one. An invalid byte resets the
    /// sequence (and starts a new one if it is itself a lead byte).
    mutating func feed(_ byte: UInt8) -> Unicode.Scalar? {
        if expected > 0 {
            if byte & 0xC0 == 0x80 {
                pending.append(byte)
                guard pending.count == expected else { return nil }
                defer { reset() }
                return decode(pending)
            }
            reset()
        }
        switch byte {
        case 0x00...0x7F: return Unicode.Scalar(byte)
        case 0xC2...0xDF: start(byte, length: 2)
        case 0xE0...0xEF: start(byte, length: 3)
        case 0xF0...0xF4: start(byte, length: 4)
        default: break  // continuation byte without a lead, or a byte UTF-8 never uses
        }
        return nil
    }

    /// isMidSequence: part of a character has arrived and the rest has not.
    var isMidSequence: Bool { expected > 0 }

    private mutating func start(_ byte: UInt8, length: Int) {
        pending = [byte]
        expected = length
    }

    private mutating func reset() {
        pending = []
        expected = 0
    }

    /// decode: rejects overlong forms and surrogates through String's own validation.
    private func decode(_ bytes: [UInt8]) -> Unicode.Scalar? {
        guard let string = String(validating: bytes, as: UTF8.self), string.unicodeScalars.count == 1 else { return nil }
        return string.unicodeScalars.first
    }
}
