#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TerminalRestorer: makes every exit path leave the terminal usable.
///
/// SIGINT, SIGTERM and SIGHUP only set a flag (their handlers run without SA_RESTART, so the
/// blocking read returns and the input loop exits the normal way: save, `endwin`). Crashes
/// (SIGSEGV, SIGABRT, a Swift trap's SIGILL/SIGTRAP…) can't run that code, so their handler
/// does only async-signal-safe work: restore the saved termios, write the escape sequences that
/// leave the alternate screen and show the cursor, then die by the same signal.
enum TerminalRestorer {
    private nonisolated(unsafe) static var pending: sig_atomic_t = 0
    private nonisolated(unsafe) static var savedTermios = termios()
    private nonisolated(unsafe) static var hasSavedTermios = false
    private nonisolated(unsafe) static var resetBytes: UnsafeMutableBufferPointer<UInt8>?

    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// saveTerminalState: remembers the terminal's settings before curses changes them.
    static func saveTerminalState() {
        hasSavedTermios = tcgetattr(STDIN_FILENO, &savedTermios) == 0
        // Attributes off, mouse reporting off, cursor visible, alternate screen left.
        let sequence = Array("\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l\r\n".utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: sequence.count)
        _ = buffer.initialize(from: sequence)
        resetBytes = buffer
    }

    /// install: the signal handlers (after curses has set up its own SIGWINCH/SIGTSTP ones).
    static func install() {
        for signal in quitSignals { setHandler(signal, quitHandler) }
        for signal in crashSignals { setHandler(signal, crashHandler) }
    }

    /// uninstall: default handlers back, so a signal after the terminal is restored acts normally.
    static func uninstall() {
        for signal in quitSignals + crashSignals { Glibc.signal(signal, SIG_DFL) }
    }

    /// pendingSignal: the quit signal received, if any (it stays set: the app is ending).
    static func pendingSignal() -> Int32? {
        let value = pending
        guard value != 0 else { return nil }
        return Int32(value)
    }

    /// dieBySignal: after a clean shutdown, end the process by the same signal so the parent
    /// (a shell, a test) sees how it ended.
    static func dieBySignal(_ signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        exit(128 + signal)
    }

    private static func setHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    private static let quitHandler: @convention(c) (Int32) -> Void = { signal in
        TerminalRestorer.pending = sig_atomic_t(signal)
    }

    private static let crashHandler: @convention(c) (Int32) -> Void = { signal in
        if TerminalRestorer.hasSavedTermios {
            tcsetattr(STDIN_FILENO, TCSANOW, &TerminalRestorer.savedTermios)
        }
        if let bytes = TerminalRestorer.resetBytes, let base = bytes.baseAddress {
            _ = write(STDOUT_FILENO, base, bytes.count)
        }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
}
