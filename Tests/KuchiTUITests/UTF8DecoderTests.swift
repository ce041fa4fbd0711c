import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory

@Suite("UTF-8 input decoding")
struct UTF8DecoderTests {
    private func decode(_ bytes: [UInt8]) -> String {
        var decoder = UTF8Decoder()
        var text = ""
        for byte in bytes {
            if let scalar = decoder.feed(byte) { text.unicodeScalars.append(scalar) }
        }
        return text
    }

    @Test("ASCII and Japanese decode as typed")
    func valid() {
        #expect(decode(Array("abc".utf8)) == "abc")
        #expect(decode(Array("さくら".utf8)) == "さくら")
        #expect(decode(Array("😀é".utf8)) == "😀é")
    }

    @Test("an invalid byte is dropped and never swallows what follows")
    func invalidBytes() {
        #expect(decode([0xFF] + Array("cさ".utf8)) == "cさ")
        #expect(decode([0xE3, 0x81] + Array("c".utf8)) == "c", "a truncated sequence is dropped")
        #expect(decode([0xC3, 0x28]) == "(", "a bad continuation restarts at that byte")
        #expect(decode([0x80, 0xBF] + Array("x".utf8)) == "x", "stray continuation bytes")
        #expect(decode([0xC0, 0xAF, 0x41]) == "A", "overlong encodings are refused")
        #expect(decode([0xED, 0xA0, 0x80, 0x41]) == "A", "surrogates are refused")
    }

    @Test("a random byte storm never loses the valid text after it")
    func storm() {
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<200 {
            let noise = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) }
            // Compare scalars: noise can decode to a prepending mark that joins ね in one grapheme.
            #expect(Array(decode(noise + Array("ねこ".utf8)).unicodeScalars.suffix(2)) == Array("ねこ".unicodeScalars))
        }
    }
}
