/// EscapeSequenceReader: what follows an Esc (or an 8-bit C1 introducer) that ncurses did not
/// recognise from terminfo, read whole and turned into a key, a click, or nothing.
///
/// Terminals disagree with their terminfo entries (inside tmux or screen, or with TERM=xterm
/// there): the numeric keypad in application mode sends `Esc O p`…`Esc O y`, `Esc O M` for
/// Enter; a key may arrive as `Esc [ 4 ~`. Read byte by byte, any of these would become Esc
/// (back, or quit) followed by letters typed into a field. So every sequence the terminal may
/// send — CSI, SS3, and the OSC/DCS/SOS/PM/APC strings, 7-bit or 8-bit, however long — is
/// consumed to its end: a known one becomes its key, an unknown one is ignored, and none is
/// ever read as Esc or leaves text behind. Only a lone Esc (nothing waiting after it) is Esc.
///
/// Pure: bytes come from `next` (nil when none is waiting, `decodedKey` when ncurses decoded a
/// key of its own next — it stays waiting) and at most one byte that is not part of the
/// sequence is handed back through `unget`, so it is tested without a terminal.
@MainActor
struct EscapeSequenceReader {
    /// Outcome: a plain Esc key, an event, or a sequence read and ignored.
    enum Outcome: Equatable {
        case escape
        case event(InputEvent)
        case ignored
    }

    /// maximumLength: bytes consumed for one sequence at most (a paste of garbage must end).
    static let maximumLength = 65_536
    /// keptLength: bytes of a CSI kept for decoding; a longer one is consumed and ignored.
    static let keptLength = 32

    /// decodedKey: what `next` returns when the next input is a key ncurses decoded from
    /// terminfo (an arrow, a click): after an Esc that is Alt plus that key, not an Esc.
    static let decodedKey: Int32 = -2

    let next: () -> Int32?
    let unget: (Int32) -> Void

    /// afterEscape: reads what follows an Esc byte.
    func afterEscape() -> Outcome {
        guard let byte = next() else { return .escape }
        return dispatch(byte)
    }

    /// nextByte: the next byte of a sequence; nil at the end of what is waiting, or before a
    /// key ncurses decoded (which ends the sequence and is read on its own).
    private func nextByte() -> Int32? {
        guard let byte = next(), byte != Self.decodedKey else { return nil }
        return byte
    }

    /// dispatch: the sequence `byte` (just read after an Esc) introduces.
    private func dispatch(_ byte: Int32) -> Outcome {
        switch byte {
        case Self.decodedKey: return .ignored
        case 0x5B: return csi()                      // "["
        case 0x4F: return ss3()                      // "O"
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return controlString()  // "]" "P" "X" "^" "_"
        case 0x1B:
            // Esc Esc [ …: an Alt-modified key (or a mouse report) — the inner sequence decides;
            // a second lone Esc is a second Esc key.
            guard let inner = next() else {
                unget(byte)
                return .escape
            }
            switch inner {
            case Self.decodedKey: return .ignored
            case 0x5B: return csi()
            case 0x4F: return ss3()
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return controlString()
            default:
                unget(inner)
                return .escape
            }
        default:
            // Alt plus a key (Esc x): Esc, then the key, as before.
            unget(byte)
            return .escape
        }
    }

    /// c1: reads the sequence an 8-bit C1 introducer starts (CSI 0x9B, SS3 0x8F, or a string:
    /// DCS 0x90, SOS 0x98, OSC 0x9D, PM 0x9E, APC 0x9F); nil for any other value.
    func c1(_ value: UInt32) -> Outcome? {
        switch value {
        case 0x9B: return csi()
        case 0x8F: return ss3()
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: return controlString()
        default: return nil
        }
    }

    /// csi: parameters and intermediates (0x20–0x3F) up to the final byte (0x40–0x7E). A byte
    /// outside that range ends it (handed back: it starts something else); an X10 mouse report
    /// (`CSI M` and three raw bytes) has its three bytes consumed.
    private func csi() -> Outcome {
        var bytes: [UInt8] = []
        var consumed = 0
        while consumed < Self.maximumLength, let byte = nextByte() {
            consumed += 1
            guard (0x20...0x7E).contains(byte) else {
                unget(byte)
                return .ignored
            }
            if bytes.count < Self.keptLength { bytes.append(UInt8(byte)) }
            guard byte >= 0x40 else { continue }
            if bytes == [UInt8(ascii: "M")] {
                for _ in 0..<3 { _ = nextByte() }
                return .ignored
            }
            guard consumed <= Self.keptLength else { return .ignored }
            return (NcursesTerminal.sgrClick(bytes) ?? NcursesTerminal.csiKey(bytes)).map(Outcome.event) ?? .ignored
        }
        return .ignored
    }

    /// ss3: one final byte, possibly after parameters (`Esc O 1 ; 5 P`): the keypad's digits,
    /// Enter and operators, arrows, Home/End and F1–F4.
    private func ss3() -> Outcome {
        var consumed = 0
        while consumed < Self.keptLength, let byte = nextByte() {
            consumed += 1
            if (0x30...0x3F).contains(byte) { continue }  // parameters
            guard (0x40...0x7E).contains(byte) else {
                unget(byte)
                return .ignored
            }
            return Self.ss3Key(UInt8(byte)).map { .event(.keyPressed($0)) } ?? .ignored
        }
        return .ignored
    }

    /// ss3Key: the key an SS3 final byte names, nil for one Kuchi has no use for.
    static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "p")...UInt8(ascii: "y"): .character(Character(Unicode.Scalar(final - UInt8(ascii: "p") + UInt8(ascii: "0"))))
        case UInt8(ascii: "M"): .enter
        case UInt8(ascii: "k"): .character("+")
        case UInt8(ascii: "m"): .character("-")
        case UInt8(ascii: "j"): .character("*")
        case UInt8(ascii: "o"): .character("/")
        case UInt8(ascii: "n"): .character(".")
        case UInt8(ascii: "l"): .character(",")
        case UInt8(ascii: "X"): .character("=")
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(final - UInt8(ascii: "P")) + 1)
        default: nil
        }
    }

    /// controlString: an OSC, DCS, SOS, PM or APC string, consumed to its terminator (BEL, ST
    /// as `Esc \` or 0x9C), or to the end of what is waiting.
    private func controlString() -> Outcome {
        var consumed = 0
        while consumed < Self.maximumLength, let byte = nextByte() {
            consumed += 1
            if byte == 0x07 || byte == 0x9C { return .ignored }
            if byte == 0x1B {
                // Esc \ (ST) ends it; Esc and anything else ends it and starts that sequence,
                // which is read too — but a string cut short is never taken for an Esc key.
                guard let following = nextByte(), following != 0x5C else { return .ignored }
                let outcome = dispatch(following)
                return outcome == .escape ? .ignored : outcome
            }
        }
        return .ignored
    }
}
