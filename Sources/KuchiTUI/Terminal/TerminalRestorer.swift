#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TerminalRestorer: makes every exit path leave the terminal usable.
///
/// Signals that end a program by default (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2,
/// SIGALRM) only set a flag: their handlers run without SA_RESTART, so the blocking read
/// returns and the input loop exits the normal way (save, `endwin`), then Kuchi dies by the same
/// signal. Crashes (SIGSEGV, SIGABRT, SIGSYS, a Swift trap's SIGILL/SIGTRAP…) can't run that
/// code, so their handler does only async-signal-safe work: restore the saved termios and stdin
/// flags, write the escape sequences that leave the alternate screen and show the cursor, then
/// die by the same signal. SIGPIPE and SIGXFSZ are ignored for the whole run (`ProcessGuards`):
/// the write that caused them fails instead, and the caller reports it.
///
/// Ctrl-Z, a resize and a resume only set flags too, for `NcursesTerminal` to act on between
/// reads (ncurses' own handlers restart the read, so a resize while stopped or a SIGTERM
/// pending on `fg` would wait for the next key).
enum TerminalRestorer {
    private nonisolated(unsafe) static var pending: sig_atomic_t = 0
    private nonisolated(unsafe) static var suspendRequested: sig_atomic_t = 0
    private nonisolated(unsafe) static var resized: sig_atomic_t = 0
    private nonisolated(unsafe) static var continued: sig_atomic_t = 0
    private nonisolated(unsafe) static var savedTermios = termios()
    private nonisolated(unsafe) static var hasSavedTermios = false
    /// savedInputFlags: stdin's file status flags at start (-1 until read), put back at exit.
    private nonisolated(unsafe) static var savedInputFlags: Int32 = -1
    private nonisolated(unsafe) static var resetBytes: UnsafeMutableBufferPointer<UInt8>?
    private nonisolated(unsafe) static var suspendIgnored = false
    /// wakePipe: the self-pipe `wake` writes a byte to; the input loop polls its read end with
    /// the terminal, so a wake can never land between a look at a flag and the wait (a signal
    /// could). Made on first use, kept open for the whole run (a late job's write is harmless);
    /// both ends non-blocking, closed on exec.
    static let wakePipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }()

    static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS, SIGXCPU]
    /// jobSignals: suspend, resize and resume, which the input loop handles itself.
    static let jobSignals: [Int32] = [SIGTSTP, SIGWINCH, SIGCONT]

    /// saveTerminalState: remembers the terminal's settings before curses changes them, and
    /// makes stdin blocking. A program that ran before (or shares the terminal) may have left
    /// O_NONBLOCK on it; then every read fails at once and Kuchi would take the terminal for
    /// gone. The flag belongs to the terminal's open file, shared with the shell, so
    /// `restoreInputFlags` puts it back as it was.
    static func saveTerminalState() {
        hasSavedTermios = tcgetattr(STDIN_FILENO, &savedTermios) == 0
        savedInputFlags = fcntl(STDIN_FILENO, F_GETFL)
        makeInputBlocking()
        suspendIgnored = isIgnored(SIGTSTP)
        // Attributes off, mouse reporting off, cursor visible, alternate screen left.
        setResetBytes(Array("\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l\r\n".utf8))
    }

    /// clearScreenOnCrash: on a terminal without an alternate screen, a crash must also clear
    /// what Kuchi drew (`clear` from terminfo, padding removed), as the normal exit does.
    static func clearScreenOnCrash(_ clear: [UInt8]) {
        guard let bytes = resetBytes else { return }
        setResetBytes(Array(bytes) + clear)
    }

    /// makeInputBlocking: clears O_NONBLOCK on stdin (again after a suspend, or when another
    /// program on the same terminal set it meanwhile); returns whether it was set.
    @discardableResult
    static func makeInputBlocking() -> Bool {
        let flags = fcntl(STDIN_FILENO, F_GETFL)
        guard flags >= 0 && flags & O_NONBLOCK != 0 else { return false }
        return fcntl(STDIN_FILENO, F_SETFL, flags & ~O_NONBLOCK) == 0
    }

    /// restoreInputFlags: stdin's flags as they were before Kuchi started.
    static func restoreInputFlags() {
        guard savedInputFlags >= 0 else { return }
        _ = fcntl(STDIN_FILENO, F_SETFL, savedInputFlags)
    }

    /// install: the signal handlers (after curses has set up its own SIGWINCH/SIGTSTP ones,
    /// which these replace). A SIGTSTP ignored by whoever started Kuchi stays ignored.
    static func install() {
        for signal in quitSignals { setHandler(signal, quitHandler) }
        for signal in crashSignals { setHandler(signal, crashHandler) }
        if !suspendIgnored { setHandler(SIGTSTP, flagHandler) }
        setHandler(SIGWINCH, flagHandler)
        setHandler(SIGCONT, flagHandler)
        _ = wakePipe
        resized = 1  // a resize during start-up, before this handler, is caught on the first read
    }

    /// uninstall: default handlers back, so a signal after the terminal is restored acts normally.
    static func uninstall() {
        for signal in quitSignals + crashSignals + jobSignals where !(signal == SIGTSTP && suspendIgnored) {
            Glibc.signal(signal, SIG_DFL)
        }
    }

    /// pendingSignal: the quit signal received, if any (it stays set: the app is ending).
    static func pendingSignal() -> Int32? {
        let value = pending
        guard value != 0 else { return nil }
        return Int32(value)
    }

    /// takeSuspendRequest: whether Ctrl-Z (SIGTSTP) arrived since the last call.
    static func takeSuspendRequest() -> Bool { take(&suspendRequested) }

    /// takeResize: whether the window may have changed size (SIGWINCH) since the last call.
    static func takeResize() -> Bool { take(&resized) }

    /// wake: background work has a result for the input loop (a job posted): the loop's wait
    /// ends so it handles it now, not at the next key. Any thread may call it; a full pipe
    /// already holds a wake.
    @Sendable static func wake() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// takeWake: whether `wake` was called since the last call (the pipe is emptied).
    static func takeWake() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var woken = false
        while read(wakePipe.read, &buffer, buffer.count) > 0 { woken = true }
        return woken
    }

    /// takeContinued: whether Kuchi was stopped and resumed (SIGCONT) since the last call.
    static func takeContinued() -> Bool { take(&continued) }

    /// suspendNow: stops the process the way Ctrl-Z would have, once the caller has left curses
    /// mode; returns after `fg`. The handler is off meanwhile so the signal really stops Kuchi.
    static func suspendNow() {
        restoreInputFlags()
        Glibc.signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        setHandler(SIGTSTP, flagHandler)
        makeInputBlocking()
    }

    /// dieBySignal: after a clean shutdown, end the process by the same signal so the parent
    /// (a shell, a test) sees how it ended.
    static func dieBySignal(_ signal: Int32) -> Never {
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
        exit(128 + signal)
    }

    /// take: reads and clears a flag. A signal landing between the two steps sets it again
    /// after the clear at worst, so it is seen on the next look, never lost.
    private static func take(_ flag: inout sig_atomic_t) -> Bool {
        guard flag != 0 else { return false }
        flag = 0
        return true
    }

    /// isIgnored: whether `signal` is set to SIG_IGN (inherited from whoever started Kuchi).
    private static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0, let handler = current.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// setResetBytes: replaces the bytes the crash handler writes; called only before the
    /// handlers are installed, so the handler never sees a freed buffer.
    private static func setResetBytes(_ sequence: [UInt8]) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: sequence.count)
        _ = buffer.initialize(from: sequence)
        let old = resetBytes
        resetBytes = buffer
        old?.deallocate()
    }

    /// setHandler: installs `handler` without SA_RESTART, so a blocking read returns EINTR.
    private static func setHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    /// quitHandler: records the quit signal for the input loop.
    private static let quitHandler: @convention(c) (Int32) -> Void = { signal in
        TerminalRestorer.pending = sig_atomic_t(signal)
    }

    /// flagHandler: records a suspend, resize or resume for the input loop.
    private static let flagHandler: @convention(c) (Int32) -> Void = { signal in
        switch signal {
        case SIGTSTP: TerminalRestorer.suspendRequested = 1
        case SIGWINCH: TerminalRestorer.resized = 1
        default: TerminalRestorer.continued = 1
        }
    }

    /// crashHandler: async-signal-safe restore, then death by the same signal.
    private static let crashHandler: @convention(c) (Int32) -> Void = { signal in
        if TerminalRestorer.hasSavedTermios {
            tcsetattr(STDIN_FILENO, TCSANOW, &TerminalRestorer.savedTermios)
        }
        if TerminalRestorer.savedInputFlags >= 0 {
            _ = fcntl(STDIN_FILENO, F_SETFL, TerminalRestorer.savedInputFlags)
        }
        if let bytes = TerminalRestorer.resetBytes, let base = bytes.baseAddress {
            _ = write(STDOUT_FILENO, base, bytes.count)
        }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
    }
}
