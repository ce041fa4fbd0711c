import Testing
@testable import KuchiTUI

/// EscapeSequenceReaderTests: every sequence a terminal may send after Esc (or as 8-bit C1) is
/// read whole — the keypad's SS3 keys as their digits, unknown and malformed ones as nothing —
/// and only a lone Esc is the Esc key.
@MainActor
@Suite("Escape sequences")
struct EscapeSequenceReaderTests {
    /// read: the outcome for the bytes after an Esc (or after `c1`), and what is left unread.
    func read(_ bytes: [UInt8], c1: UInt32? = nil) -> (EscapeSequenceReader.Outcome, [UInt8]) {
        var queue = bytes.map(Int32.init)
        let reader = EscapeSequenceReader(next: { queue.isEmpty ? nil : queue.removeFirst() },
                                          unget: { queue.insert($0, at: 0) })
        let outcome = c1.map { reader.c1($0) ?? .ignored } ?? reader.afterEscape()
        return (outcome, queue.map { UInt8($0) })
    }

    func key(_ key: Key) -> EscapeSequenceReader.Outcome { .event(.keyPressed(key)) }

    @Test("the keypad in application mode: digits, Enter and operators")
    func keypad() {
        for (index, final) in "pqrstuvwxy".utf8.enumerated() {
            #expect(read([UInt8(ascii: "O"), final]) == (key(.character(Character("\(index)"))), []))
        }
        #expect(read(Array("OM".utf8)) == (key(.enter), []))
        #expect(read(Array("Ok".utf8)) == (key(.character("+")), []))
        #expect(read(Array("Om".utf8)) == (key(.character("-")), []))
        #expect(read(Array("OA".utf8)) == (key(.up), []))
        #expect(read(Array("OP".utf8)) == (key(.function(1)), []))
        #expect(read(Array("O1;5P".utf8)) == (key(.function(1)), []), "with a modifier parameter")
    }

    @Test("an unknown Esc O x is ignored, never Esc and a letter")
    func unknownSS3() {
        #expect(read(Array("Oz".utf8)) == (.ignored, []))
        #expect(read(Array("OZabc".utf8)) == (.ignored, Array("abc".utf8)), "what follows is kept")
    }

    @Test("a lone Esc and Alt plus a key stay what they were")
    func plainEscape() {
        #expect(read([]) == (.escape, []))
        #expect(read(Array("x".utf8)) == (.escape, Array("x".utf8)))
        #expect(read([0x1B]) == (.escape, [0x1B]), "Esc Esc is two Esc keys")
    }

    @Test("Esc before a key ncurses decoded itself (Alt plus an arrow, Esc before a click) is not Esc")
    func escapeBeforeADecodedKey() {
        var queue: [Int32] = [EscapeSequenceReader.decodedKey]
        let reader = EscapeSequenceReader(next: { queue.isEmpty ? nil : queue.removeFirst() }, unget: { queue.insert($0, at: 0) })
        #expect(reader.afterEscape() == .ignored)
        queue = [0x1B, EscapeSequenceReader.decodedKey]
        #expect(reader.afterEscape() == .ignored, "Esc Esc, then ncurses' mouse report")
        #expect(NcursesTerminal.keypadKey(named: "kc2") == .character("2"))
        #expect(NcursesTerminal.keypadKey(named: "kpZRO") == .character("0"))
        #expect(NcursesTerminal.keypadKey(named: "kf1") == nil)
    }

    @Test("a CSI longer than 32 bytes is consumed whole and ignored")
    func longCSI() {
        let long = Array(("[" + String(repeating: "1;", count: 40) + "5~abc").utf8)
        #expect(read(long) == (.ignored, Array("abc".utf8)))
        let huge = Array(("[" + String(repeating: "9", count: 100_000)).utf8)
        #expect(read(huge).0 == .ignored)
    }

    @Test("Esc Esc [ … M, an 8-bit CSI and a UTF-8 C1 CSI never act as Esc nor leave text")
    func doubleEscapeAndC1() {
        #expect(read(Array("\u{1B}[<0;1;1M".utf8)) == (.event(.mouseClicked(row: 0, column: 0)), []))
        #expect(read(Array("\u{1B}[<5;1;1Mq".utf8)) == (.ignored, Array("q".utf8)))
        #expect(read(Array("<0;1;1M".utf8), c1: 0x9B) == (.event(.mouseClicked(row: 0, column: 0)), []))
        #expect(read(Array("4~".utf8), c1: 0x9B) == (key(.end), []))
        #expect(read(Array("q".utf8), c1: 0x8F) == (key(.character("1")), []))
    }

    @Test("OSC, DCS, APC strings are consumed to their terminator", arguments: ["]0;title\u{07}", "]52;c;aGk=\u{1B}\\", "P1$r0m\u{1B}\\", "_Gi=1;OK\u{1B}\\"])
    func controlStrings(string: String) {
        #expect(read(Array((string + "ab").utf8)) == (.ignored, Array("ab".utf8)))
    }

    @Test("an OSC cut short by another sequence: that sequence is read, no Esc")
    func cutString() {
        #expect(read(Array("]0;title\u{1B}[A".utf8)) == (key(.up), []))
        #expect(read(Array("]0;unterminated".utf8)) == (.ignored, []))
        #expect(read(Array("]0;t".utf8), c1: nil).0 != .escape)
        #expect(read(Array("0;t\u{9C}z".utf8), c1: 0x9D) == (.ignored, Array("z".utf8)))
    }
}
