import Foundation
import Testing

/// The numeric keypad and malformed input in real terminals (tmux, with Kuchi told it runs in
/// tmux, screen or xterm): keypad keys are their digits and Enter, and no escape sequence —
/// unknown, overlong, 8-bit, or a string — acts as Esc or leaves text in a field.
@Suite(.requiresTmux)
struct KeypadE2ETests {
    @Test(arguments: ["tmux-256color", "screen", "screen-256color", "xterm-256color"])
    func keypadKeysAreDigitsAndEnter(term: String) throws {
        let app = try KuchiApp(["--questions", "3"], environment: ["TERM": term])
        let session = app.session
        try app.register(name: "さくら")
        try session.sendKeys("KPEnter")
        let first = try app.waitForChallenge("the first challenge after KPEnter") { $0.answered == 0 }
        let digit = try first.rightDigit()
        try session.sendKeys("KP\(digit)")
        try session.waitFor("KP\(digit) to answer") { screen in screen.contains { $0.contains("Answered 1/") } }
        #expect(try session.termination() == nil, "still running under TERM=\(term)")
    }

    @Test(arguments: ["tmux-256color", "screen", "xterm-256color"])
    func malformedSequencesNeverTypeTextNorQuit(term: String) throws {
        let app = try KuchiApp(environment: ["TERM": term])
        let session = app.session
        try app.waitForRegister()
        try session.type("abc")
        try session.waitForText("✓ 3 characters")
        let garbage: [[UInt8]] = [
            Array(("\u{1B}[" + String(repeating: "1;", count: 40) + "5~").utf8),  // a CSI of 84 bytes
            Array("\u{1B}\u{1B}[<0;1;1M".utf8),                                       // Esc Esc [ … M
            [0x9B] + Array("<0;1;1M".utf8),                                          // 8-bit CSI
            [0xC2, 0x9B] + Array("<0;1;1M".utf8),                                    // C1 CSI in UTF-8
            Array("\u{1B}]0;title\u{07}".utf8), Array("\u{1B}]52;c;aGk=\u{1B}\\".utf8),  // OSC strings
            Array("\u{1B}P1$r0m\u{1B}\\".utf8),                                        // a DCS string
            Array("\u{1B}Oz".utf8), Array("\u{1B}O~".utf8),                             // unknown SS3
        ]
        for bytes in garbage { try session.sendBytes(bytes) }
        try session.type("d")
        let screen = try session.waitForText("✓ 4 characters")
        #expect(screen.contains { $0.contains("│ abcd ") }, "nothing but what was typed: \(screen)")
        #expect(try session.termination() == nil, "no sequence was taken for Esc (which quits Register)")
    }
}
