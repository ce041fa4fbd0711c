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
        StandardOutput.write(message, to: STDERR_FILENO)
    }
}

/// StandardOutput: command output (`check-deck`, `decks`, help) with the same escaping and the
/// same tolerance of a closed or full stdout as `StandardError`.
enum StandardOutput {
    /// write: `message` and a newline on stdout.
    static func write(_ message: String) {
        write(message, to: STDOUT_FILENO)
    }

    /// write(_:to:): the whole text, retrying short writes and EINTR, giving up on any error.
    static func write(_ message: String, to descriptor: Int32) {
        let bytes = Array((message.escapingControlCharacters(keepingNewlines: true) + "\n").utf8)
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
                return
            }
        }
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
