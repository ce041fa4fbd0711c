import CNcurses

/// InputBytes: the pure byte rules of the ncurses backend (what a byte or a report means, what
/// a terminfo string holds), kept apart from the code that calls ncurses so they can be tested
/// without a terminal.
extension NcursesTerminal {
    /// sgrClick: a left-button press in SGR form (`<0;column;rowM`, 1-based), else nil.
    static func sgrClick(_ bytes: [UInt8]) -> InputEvent? {
        guard bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: "M") else { return nil }
        let fields = String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self).split(separator: ";").map { Int($0) }
        guard fields.count == 3, let button = fields[0], let column = fields[1], let row = fields[2],
              button == 0, column >= 1, row >= 1 else { return nil }
        return .mouseClicked(row: row - 1, column: column - 1)
    }

    /// csiKey: a key sent as `Esc [ …` that the terminal description did not name — common when
    /// TERM says xterm inside tmux or screen (End arrives as `Esc [ 4 ~`, not terminfo's `Esc O F`).
    static func csiKey(_ bytes: [UInt8]) -> InputEvent? {
        let key: Key? = switch String(decoding: bytes, as: UTF8.self) {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H", "1~", "7~": .home
        case "F", "4~", "8~": .end
        case "3~": .delete
        case "5~": .pageUp
        case "6~": .pageDown
        case "Z": .backTab
        default: nil
        }
        return key.map { .keyPressed($0) }
    }

    /// specialKey: the key for a code ncurses decoded from terminfo, nil for one Kuchi ignores.
    static func specialKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case KEY_F0 + 1...KEY_F0 + 24: .function(Int(code - KEY_F0))
        // The keypad's corners and centre, where terminfo names them (xterm: Esc O w, …).
        case KEY_A1: .character("7")
        case KEY_A3: .character("9")
        case KEY_B2: .character("5")
        case KEY_C1: .character("1")
        case KEY_C3: .character("3")
        default: nil
        }
    }

    /// keypadKey: a keypad key ncurses decoded through an extended terminfo name (xterm's
    /// `kc2=\EOr`, `kpZRO=\EOp`, …, given codes above KEY_MAX at run time): its digit or sign.
    static func keypadKey(named name: String?) -> Key? {
        let keys: [String: Character] = [
            "ka1": "7", "ka2": "8", "ka3": "9", "kb1": "4", "kb2": "5", "kb3": "6", "kc1": "1", "kc2": "2", "kc3": "3",
            "kpZRO": "0", "kpDOT": ".", "kpADD": "+", "kpSUB": "-", "kpMUL": "*", "kpDIV": "/", "kpCMA": ",",
        ]
        return name.flatMap { keys[$0] }.map(Key.character)
    }

    /// characterKey: the key for one decoded scalar (controls become named keys or nothing).
    static func characterKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return Unicode.Scalar(value + 96).map { .control(Character($0)) }
        case 0, 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// withoutPadding: a terminfo string without its `$<…>` delays, which only `tputs`
    /// understands; the crash handler writes bytes as they are.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) {
                index = end + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
