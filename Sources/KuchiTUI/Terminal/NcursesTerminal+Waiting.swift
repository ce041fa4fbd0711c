import CNcurses
import Foundation

/// NcursesTerminal+Waiting: where the input loop sleeps — in `poll` on the terminal and the
/// wake pipe, never in an ncurses read, so a job's result or a signal ends the wait at once.
extension NcursesTerminal {
    /// Readiness: why `waitForInput` returned.
    enum Readiness {
        case input, timedOut
        /// other: a wake, a signal (EINTR): the loop looks at its flags again.
        case other
    }

    /// waitForInput: blocks until the terminal has input, a job wakes the loop (the wake pipe),
    /// a signal arrives (the handlers are installed without SA_RESTART) or `deadline` (ms on the
    /// monotonic clock) passes. No timer runs otherwise: idle, the process sleeps.
    func waitForInput(until deadline: Int64?) -> Readiness {
        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: TerminalRestorer.wakePipe.read, events: Int16(POLLIN), revents: 0)]
        let timeout = deadline.map { Int32(clamping: max(0, $0 - Self.milliseconds())) } ?? -1
        let count = poll(&fds, nfds_t(fds.count), timeout)
        if count == 0 { return .timedOut }
        if count > 0, fds[0].revents != 0 { return .input }
        return .other
    }

    /// milliseconds: the monotonic clock, in ms (a wall clock set back must not stretch a wait).
    static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
