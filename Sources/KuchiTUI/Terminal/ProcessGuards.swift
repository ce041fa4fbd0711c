#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ProcessGuards: what a hostile start (closed or full stderr, a pipe that closes, a file-size
/// limit) must not turn into a crash, set up before anything else runs.
enum ProcessGuards {
    /// install: ignores SIGPIPE and SIGXFSZ, and gives a closed stdin, stdout or stderr a
    /// /dev/null stand-in.
    ///
    /// Both signals kill by default, in curses mode too, leaving the terminal raw. Ignored, the
    /// write that caused them fails with EPIPE or EFBIG instead: a save then reports its problem
    /// like any other failed save, and a message to a closed pipe is dropped.
    ///
    /// A descriptor left closed (`kuchi 2>&-`) would be reused by the next file Kuchi opens —
    /// a profile, the render log — and messages meant for stderr would be written into it.
    /// A closed stdout gets /dev/null opened read-only, so every write to it still fails (EBADF)
    /// and `StandardOutput` reports the output as lost instead of exiting 0.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDERR_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }
}
