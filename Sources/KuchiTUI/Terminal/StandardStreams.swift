import KuchiCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// StandardError: Kuchi's messages to stderr, each line with its controls escaped.
///
/// Messages quote file names, profile names and arguments, which may hold escape sequences;
/// written raw they would act on the terminal. A write that fails (stderr closed, full, a pipe
/// whose reader left) is dropped: there is nowhere else to say it, and it must not stop Kuchi.
enum StandardError {
    /// write: `message` and a newline, controls escaped (its own line breaks kept).
    static func write(_ message: String) {
        _ = StandardStreams.write(Array((message.escapingControlCharacters(keepingNewlines: true) + "\n").utf8), to: STDERR_FILENO)
    }
}

/// StandardOutput: command output (`check-deck`, `decks`, `due`, `stats`, exports, help), the
/// one writer of stdout. Unlike stderr, a failed write here is the command's failure: a reader
/// that left (`| head -1`) ends Kuchi quietly by SIGPIPE, as `cat` ends; any other failure
/// (`>/dev/full`, a closed stdout, an I/O error) is remembered, and `finish` turns it into a
/// message and a non-zero exit status, so a script never takes missing output for success.
enum StandardOutput {
    /// failure: the errno of the first failed write, 0 while every write succeeded. Written only
    /// on the main thread (commands write from there), read by `finish`.
    nonisolated(unsafe) private static var failure: Int32 = 0

    /// write: `message` and a newline on stdout, controls escaped (its own line breaks kept).
    static func write(_ message: String) {
        writeRaw(Array((message.escapingControlCharacters(keepingNewlines: true) + "\n").utf8))
    }

    /// writeRaw: bytes as they are (CSV that Kuchi quoted itself). After one failure nothing more
    /// is tried: the output is already incomplete.
    static func writeRaw(_ bytes: [UInt8]) {
        guard failure == 0 else { return }
        let code = StandardStreams.write(bytes, to: STDOUT_FILENO)
        if code == EPIPE { StandardStreams.dieByBrokenPipe() }
        failure = code
    }

    /// finish: `status` when every write to stdout succeeded; otherwise says why on stderr and
    /// returns 1 (unless the command had already failed with its own status).
    static func finish(_ status: Int32) -> Int32 {
        // ArgumentParser's own commands (`kuchi help`) print through C stdio: flushed here, so
        // their failure is seen too.
        if fflush(nil) != 0 && failure == 0 {
            failure = errno
            if failure == EPIPE { StandardStreams.dieByBrokenPipe() }
        }
        guard failure != 0 else { return status }
        StandardError.write("kuchi: could not write to standard output: \(StandardStreams.describe(failure)).")
        return status == 0 ? 1 : status
    }
}

/// StandardStreams: the write(2) loop both streams share, and what a broken pipe means.
enum StandardStreams {
    /// write: the whole of `bytes`, retrying short writes and EINTR; returns 0, or the errno of
    /// the write that failed.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress, buffer.count)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return 0
    }

    /// dieByBrokenPipe: ends the process by SIGPIPE (status 141 in a shell), as `cat` and `seq`
    /// do when their reader leaves: quiet, and a pipeline with `pipefail` still sees why.
    /// SIGPIPE is ignored for the rest of the run (`ProcessGuards`), so it is restored first.
    static func dieByBrokenPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        raise(SIGPIPE)
        _exit(128 + SIGPIPE)
    }

    /// describe: an errno as the sentence fragment a message quotes ("no space left on device").
    static func describe(_ code: Int32) -> String {
        if code == EBADF { return "it is closed" }
        return String(cString: strerror(code)).lowercased()
    }

    /// systemWrite: the C library's write(2), named apart from this type's `write`.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}
