#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TerminalSizeLimit: the largest size Kuchi (and ncurses under it) lays out and draws.
///
/// Memory grows with rows × columns: ncurses keeps three full-screen grids and Kuchi one per
/// pane, each tens of bytes a cell, so a 10000×10000 window (tmux allows it) would ask for
/// gigabytes. No screen needs more than this limit (the widest layout uses ~120 columns); a
/// larger window shows Kuchi in its top-left corner, at most 500×1000.
enum TerminalSizeLimit {
    /// rows, columns: the limit (about 16 MB of ncurses grids at most).
    static let rows = 500
    static let columns = 1000

    /// clamped: a window size within the limit (and at least 1×1).
    static func clamped(rows: Int, columns: Int) -> (rows: Int, columns: Int) {
        (min(max(rows, 1), Self.rows), min(max(columns, 1), Self.columns))
    }

    /// windowSize: the terminal's size from the kernel (TIOCGWINSZ on stdout), or nil when it
    /// is unknown (not a terminal, or a terminal that reports 0×0).
    static func windowSize() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// publish: the window's size, clamped, in LINES and COLUMNS, returning it. ncurses (with
    /// its default `use_env(TRUE)`) prefers those variables to the kernel's size whenever it
    /// reads the size itself — at start and when it resumes after `endwin` — so it never builds
    /// grids larger than the limit. Kuchi starts no programs that could inherit them.
    @discardableResult
    static func publish() -> (rows: Int, columns: Int)? {
        guard let window = windowSize() else { return nil }
        let size = clamped(rows: window.rows, columns: window.columns)
        setenv("LINES", String(size.rows), 1)
        setenv("COLUMNS", String(size.columns), 1)
        return size
    }
}
