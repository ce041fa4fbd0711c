import CNcurses
import Foundation

/// NcursesTerminal: the only code that talks to ncurses. Panes never see it: they draw into
/// `Screen` grids, and this copies a grid into the pane's own ncurses window.
@MainActor
final class NcursesTerminal: TerminalBackend {
    private var windows: [ObjectIdentifier: UnsafeMutablePointer<WINDOW>] = [:]
    private var pairs: [ColorPairKey: Int16] = [:]
    private(set) var colors: Bool
    private var isOpen = true
    /// suspended: between `endwin` for Ctrl-Z and the redraw after `fg`.
    private var suspended = false
    /// hasAlternateScreen: terminfo has smcup/rmcup; without them (TERM=linux, vt100) what
    /// Kuchi drew stays on the shell's screen unless it is cleared on exit.
    private let hasAlternateScreen: Bool
    private var decoder = UTF8Decoder()
    /// idleMilliseconds: how long a waiting read blocks before `.idle` (-1: until input).
    var idleMilliseconds: Int32 = -1
    /// shown: what each pane's window holds now, to copy only the cells that change.
    private var shown: [ObjectIdentifier: Screen] = [:]
    private let screenPointer: OpaquePointer

    /// StartError: why the terminal could not be used, in one sentence.
    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    /// init: enters curses mode (alternate screen, no echo, cbreak, keypad, short ESCDELAY),
    /// with stdin made blocking and the size limited by `TerminalSizeLimit`.
    init(noColor: Bool) throws(StartError) {
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            throw StartError(description: "a full-screen terminal is needed, but TERM is \(term.isEmpty ? "not set" : "\"dumb\""); run it in a terminal emulator such as xterm, or set TERM (e.g. TERM=xterm-256color).")
        }
        // ncurses reads ESCDELAY when it starts; a short delay makes Esc answer at once.
        setenv("ESCDELAY", "25", 1)
        TerminalRestorer.saveTerminalState()
        TerminalSizeLimit.publish()
        guard let screen = newterm(nil, kuchi_stdout(), kuchi_stdin()) else {
            TerminalRestorer.restoreInputFlags()
            throw StartError(description: "the terminal type \"\(term)\" is unknown here; set TERM to a known type (e.g. TERM=xterm-256color).")
        }
        screenPointer = screen
        set_term(screen)
        if tigetstr("cup").map({ Int(bitPattern: $0) == -1 || Int(bitPattern: $0) == 0 }) ?? true {
            endwin()
            delscreen(screen)
            TerminalRestorer.restoreInputFlags()
            throw StartError(description: "the terminal \"\(term)\" cannot move the cursor; use a full-screen terminal.")
        }
        hasAlternateScreen = Self.capability("smcup") != nil
        if !hasAlternateScreen, let clear = Self.capability("clear") {
            TerminalRestorer.clearScreenOnCrash(Self.withoutPadding(clear))
        }
        kuchi_set_escdelay(25)
        cbreak()
        noecho()
        nonl()
        intrflush(kuchi_stdscr(), false)
        keypad(kuchi_stdscr(), true)
        leaveok(kuchi_stdscr(), false)
        colors = !noColor && has_colors()
        if colors {
            start_color()
            use_default_colors()
        }
        mousemask(mmask_t(kuchi_button1_clicked() | kuchi_button1_pressed()), nil)
        mouseinterval(0)
        curs_set(0)
        TerminalRestorer.install()
    }

    var size: TerminalSize {
        TerminalSize(rows: Int(getmaxy(kuchi_stdscr())), columns: Int(getmaxx(kuchi_stdscr())))
    }

    func beginLayout(_ hosts: [PaneHost], repaint: Bool) {
        shown = [:]
        if repaint { clearok(kuchi_curscr(), true) }
        for window in windows.values { delwin(window) }
        windows = [:]
        // Clearing stdscr once per layout also leaves it untouched afterwards, so the implicit
        // refresh inside wget_wch never paints a blank stdscr over the panes.
        werase(kuchi_stdscr())
        wnoutrefresh(kuchi_stdscr())
        for host in hosts where !host.frame.isEmpty {
            if let window = newwin(Int32(host.frame.rows), Int32(host.frame.columns), Int32(host.frame.row), Int32(host.frame.column)) {
                leaveok(window, false)
                windows[ObjectIdentifier(host)] = window
            }
        }
    }

    func show(_ host: PaneHost) {
        let key = ObjectIdentifier(host)
        guard let window = windows[key] else { return }
        let screen = host.content
        // The window keeps what it was last given, so only cells that differ are copied (a
        // hint toggle changes one line of its pane); ncurses then sends only what differs on
        // the terminal.
        let previous = shown[key].flatMap { $0.rows == screen.rows && $0.columns == screen.columns ? $0 : nil }
        var character = cchar_t()
        var wide = [wchar_t](repeating: 0, count: 8)
        for row in 0..<screen.rows {
            for column in 0..<screen.columns {
                let cell = screen[row, column]
                guard cell.width > 0, previous?[row, column] != cell else { continue }
                let (attributes, pair) = curses(cell.style)
                if cell.width == 1, let byte = CursesCells.ascii(cell.grapheme) {
                    // Most cells: one ASCII character, copied without building its pieces
                    // (two arrays a cell, half of a first screen's drawing).
                    wide[0] = wchar_t(byte)
                    wide[1] = 0
                    setcchar(&character, wide, attr_t(attributes), pair, nil)
                    mvwadd_wch(window, Int32(row), Int32(column), &character)
                    continue
                }
                for piece in CursesCells.pieces(of: cell.grapheme, width: cell.width) {
                    var count = 0
                    for scalar in piece.scalars where count < wide.count - 1 {
                        wide[count] = wchar_t(bitPattern: scalar.value)
                        count += 1
                    }
                    wide[count] = 0
                    setcchar(&character, wide, attr_t(attributes), pair, nil)
                    mvwadd_wch(window, Int32(row), Int32(column + piece.offset), &character)
                }
            }
        }
        shown[key] = screen
        wnoutrefresh(window)
    }

    func restage(_ host: PaneHost) {
        guard let window = windows[ObjectIdentifier(host)] else { return }
        touchwin(window)
        wnoutrefresh(window)
    }

    func finishFrame(cursor: (row: Int, column: Int)?) {
        if let cursor {
            curs_set(1)
            wmove(kuchi_stdscr(), Int32(cursor.row), Int32(cursor.column))
            // stdscr's own content is blank; moving its cursor and staging it only moves the
            // physical cursor because nothing on it has changed since beginLayout.
            wnoutrefresh(kuchi_stdscr())
        } else {
            curs_set(0)
        }
        doupdate()
    }

    func nextEvent(wait: Bool) -> InputEvent? {
        // Reads never block in ncurses: a waiting read blocks in `waitForInput` (poll on the
        // terminal and the wake pipe), until input, a job's wake, a signal or `idleMilliseconds`
        // (Welcome's counts move with the clock); not waiting returns at once.
        nodelay(kuchi_stdscr(), true)
        let deadline = idleMilliseconds >= 0 ? Self.milliseconds() + Int64(idleMilliseconds) : nil
        var failures = 0
        var inputReady = false
        while true {
            if let signal = TerminalRestorer.pendingSignal() {
                return .interrupted(signal: signal)
            }
            if TerminalRestorer.takeSuspendRequest() {
                failures = 0
                if let event = suspend() { return event }
                continue
            }
            if TerminalRestorer.takeWake() { return .backgroundFinished }
            let resized = TerminalRestorer.takeResize()
            let continued = TerminalRestorer.takeContinued()
            if resized || continued {
                failures = 0
                if let event = followWindowSize(repaint: continued) { return event }
            }
            let code = wgetch(kuchi_stdscr())
            if code == ERR {
                if let signal = TerminalRestorer.pendingSignal() { return .interrupted(signal: signal) }
                guard wait else { return nil }
                // The terminal said it had input and none came: a terminal that is gone (input
                // closed without a SIGHUP) says so forever; stop instead of spinning on it.
                if inputReady {
                    failures += 1
                    if failures > 64 { return .interrupted(signal: SIGHUP) }
                }
                switch waitForInput(until: deadline) {
                case .timedOut: return .idle
                case .input: inputReady = true
                case .other: inputReady = false
                }
                continue
            }
            inputReady = false
            failures = 0
            if code > 0xFF {
                if code == KEY_RESIZE { return .terminalResized(size) }
                if code == KEY_MOUSE { if let click = mouseClick() { return click } else { continue } }
                if let key = Self.specialKey(code) ?? Self.keypadKey(named: keyname(code).map { String(cString: $0) }) {
                    return .keyPressed(key)
                }
                continue
            }
            if code == 27, let sequence = controlSequence(wait: wait) {
                if let event = sequence { return event }
                continue
            }
            // An 8-bit C1 introducer (a raw 0x9B CSI, or U+009B from a UTF-8 terminal) starts a
            // sequence as Esc [ does; its parameters must not become typed text.
            let c1 = !decoder.isMidSequence && (0x80...0x9F).contains(code) ? UInt32(code) : nil
            guard let scalar = c1.map({ Unicode.Scalar($0) }) ?? decoder.feed(UInt8(code)) else { continue }
            if (0x80...0x9F).contains(scalar.value) {
                if let sequence = controlSequence(wait: wait, introducer: scalar.value), let event = sequence { return event }
                continue
            }
            if let key = Self.characterKey(scalar.value) { return .keyPressed(key) }
        }
    }

    /// suspend: Ctrl-Z. Leaves curses mode (the shell gets its screen, modes and cursor back),
    /// stops, and on `fg` returns what the app must do: end, if a quit signal arrived while
    /// stopped (without waiting for a key); lay out again, if the window was resized meanwhile
    /// (no SIGWINCH reaches a stopped job); otherwise nil, after repainting the same screen.
    private func suspend() -> InputEvent? {
        suspended = true
        endwin()
        TerminalRestorer.suspendNow()
        _ = TerminalRestorer.takeContinued()
        if let signal = TerminalRestorer.pendingSignal() { return .interrupted(signal: signal) }
        suspended = false
        if let event = followWindowSize(repaint: true) { return event }
        return nil
    }

    /// followWindowSize: adopts the window's size (clamped by `TerminalSizeLimit`) after a
    /// SIGWINCH or a resume. A new size becomes `.terminalResized` (`resizeterm` also marks the
    /// whole screen for repainting); the same size after a resume is repainted in place, since
    /// the shell or a stop message may have written over it.
    private func followWindowSize(repaint: Bool) -> InputEvent? {
        let current = size
        if let window = TerminalSizeLimit.publish(), window.rows != current.rows || window.columns != current.columns {
            resizeterm(Int32(window.rows), Int32(window.columns))
            return .terminalResized(size)
        }
        if repaint {
            clearok(kuchi_curscr(), true)
            doupdate()
        }
        return nil
    }

    /// controlSequence: after an Esc (`introducer` nil) or an 8-bit C1 introducer, the rest of
    /// a sequence ncurses did not recognise, read whole by `EscapeSequenceReader`: a key, a
    /// click, or nothing (`.some(nil)`). Returns nil for a plain Esc. The first byte must already
    /// be waiting (ncurses waited ESCDELAY for it); later ones may trail by up to 50 ms.
    private func controlSequence(wait: Bool, introducer: UInt32? = nil) -> InputEvent?? {
        let window = kuchi_stdscr()
        nodelay(window, true)
        defer {
            wtimeout(window, -1)
            nodelay(window, true)
        }
        var reads = 0
        let reader = EscapeSequenceReader(
            next: {
                if reads == 1 { wtimeout(window, 50) }
                reads += 1
                let code = wgetch(window)
                if code == ERR { return nil }
                guard code <= 0xFF else {
                    ungetch(code)  // a key ncurses decoded: it is read on its own
                    return EscapeSequenceReader.decodedKey
                }
                return code
            },
            unget: { ungetch($0) })
        let outcome = introducer.map { reader.c1($0) ?? .ignored } ?? reader.afterEscape()
        switch outcome {
        case .escape: return nil
        case .ignored: return .some(nil)
        case .event(let event): return .some(event)
        }
    }

    /// close: leaves curses mode; safe to call more than once.
    func close() {
        guard isOpen else { return }
        isOpen = false
        for window in windows.values { delwin(window) }
        windows = [:]
        if !suspended {
            mousemask(0, nil)
            if !hasAlternateScreen {
                // Blank the screen before leaving, so the shell's prompt starts on a clean
                // screen instead of over the app's last frame.
                werase(kuchi_stdscr())
                clearok(kuchi_curscr(), true)
                wnoutrefresh(kuchi_stdscr())
                doupdate()
            }
            curs_set(1)
            endwin()
        }
        delscreen(screenPointer)
        TerminalRestorer.uninstall()
        TerminalRestorer.restoreInputFlags()
    }

    /// capability: a terminfo string capability's bytes, or nil when the terminal lacks it.
    private static func capability(_ name: String) -> [UInt8]? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return Array(String(cString: value).utf8)
    }

    private func mouseClick() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let mask = UInt(event.bstate)
        guard mask & UInt(kuchi_button1_clicked() | kuchi_button1_pressed()) != 0 else { return nil }
        return .mouseClicked(row: Int(event.y), column: Int(event.x))
    }

    private struct ColorPairKey: Hashable {
        let foreground: Color
        let background: Color
    }

    /// curses: attributes and colour pair for a style; pairs are allocated on first use.
    private func curses(_ style: Style) -> (UInt32, Int16) {
        var attributes = kuchi_a_normal()
        if style.bold { attributes |= kuchi_a_bold() }
        if style.dim { attributes |= kuchi_a_dim() }
        if style.reverse { attributes |= kuchi_a_reverse() }
        if style.underline { attributes |= kuchi_a_underline() }
        guard colors, style.foreground != .default || style.background != .default else { return (attributes, 0) }
        let key = ColorPairKey(foreground: style.foreground, background: style.background)
        if let pair = pairs[key] { return (attributes, pair) }
        let pair = Int16(pairs.count + 1)
        guard Int32(pair) < kuchi_color_pairs() else { return (attributes, 0) }
        init_pair(pair, Self.cursesColor(style.foreground), Self.cursesColor(style.background))
        pairs[key] = pair
        return (attributes, pair)
    }

    private static func cursesColor(_ color: Color) -> Int16 {
        switch color {
        case .default: -1
        case .black: Int16(COLOR_BLACK)
        case .red: Int16(COLOR_RED)
        case .green: Int16(COLOR_GREEN)
        case .yellow: Int16(COLOR_YELLOW)
        case .blue: Int16(COLOR_BLUE)
        case .magenta: Int16(COLOR_MAGENTA)
        case .cyan: Int16(COLOR_CYAN)
        case .white: Int16(COLOR_WHITE)
        }
    }
}
