import Foundation
import KuchiCore
#if canImport(Glibc)
import Glibc
#endif

/// ExportDestination: where `kuchi export -o PATH` and `kuchi say --out PATH` write, judged by
/// what is at PATH now — every output path of the command line follows this one rule.
///
/// A regular file (or none) is replaced whole and atomically, so a reader never sees half a
/// CSV and a failed export leaves the old file. Anything else that exists is not Kuchi's to
/// replace: a FIFO, `/dev/stdout`, `/dev/null`, a process substitution (`-o >(wc -l)`, a
/// `/dev/fd/N` link to a pipe) is opened and written into, as a shell's `>` would; replacing it
/// would turn a device node into a plain file (as root, `/dev/null` itself). A symlink is
/// followed, so the file it names is replaced and the link kept. A folder is refused.
enum ExportDestination: Equatable {
    /// standardOutput: `-o -`, or no `-o`.
    case standardOutput
    /// replace: a regular file (the symlink's target when the path was one), or a new file.
    case replace(String)
    /// stream: an existing FIFO, device, socket or terminal, written into.
    case stream(String)
    /// descriptor: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the open
    /// descriptor itself, as a shell treats them — reopening it would start a file that stdout
    /// appends to (`>> log`) at offset 0, and replacing it would drop what was there.
    case descriptor(Int32)

    /// Failure: why PATH cannot be written (a message for stderr, exit status 1).
    struct Failure: Error, Equatable {
        let message: String
    }

    /// choose: the destination for `-o path` (nil: standard output); `option` is how the
    /// command spells its flag, for the message about an empty path.
    static func choose(_ path: String?, option: String = "-o") throws(Failure) -> ExportDestination {
        guard let path, path != "-" else { return .standardOutput }
        guard !path.isEmpty else { throw Failure(message: "\(option) needs a file name; an empty path is not one.") }
        if let descriptor = descriptorPath(path) {
            guard fcntl(descriptor, F_GETFD) != -1 else { throw Failure(message: "could not write \(path): it is closed.") }
            return descriptor == STDOUT_FILENO ? .standardOutput : .descriptor(descriptor)
        }
        var target = stat()
        if stat(path, &target) != 0 {
            // Nothing there (or a dangling symlink): a new file, created whole. A dangling link
            // is written through, so the file it names appears.
            let code = errno
            guard code == ENOENT else { throw Failure(message: "could not write \(path): \(StandardStreams.describe(code)).") }
            return .replace(linkTarget(path) ?? path)
        }
        switch target.st_mode & S_IFMT {
        case S_IFDIR: throw Failure(message: "could not write \(path): it is a folder; name a file inside it.")
        case S_IFREG: return .replace(resolved(path))
        default: return .stream(path)
        }
    }

    /// write: sends the whole CSV; a failure is a message (a reader leaving a pipe or FIFO ends
    /// Kuchi by SIGPIPE, as on standard output).
    func write(_ text: String) throws(Failure) {
        try send(Data(text.utf8)) { descriptor in Self.bytes(text, for: descriptor) }
    }

    /// write: sends binary `data` (a WAV) as it is. A terminal is refused with a sentence: its
    /// bytes would act on the learner's terminal, and escaped they would no longer be the file.
    func write(binary data: Data, what: String) throws(Failure) {
        try send(data) { descriptor throws(Failure) in
            guard isatty(descriptor) != 1 else {
                throw Failure(message: "not writing \(what) to a terminal; send it to a file or a pipe (--out FILE, or --out - | a player).")
            }
            return [UInt8](data)
        }
    }

    /// send: `whole` replaces a file; `streamed` gives the bytes for an open descriptor.
    private func send(_ whole: Data, streamed: (Int32) throws(Failure) -> [UInt8]) throws(Failure) {
        switch self {
        case .standardOutput:
            let bytes = try streamed(STDOUT_FILENO)
            StandardOutput.writeRaw(bytes)
        case .replace(let path):
            do {
                try whole.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw Failure(message: "could not write \(path): \(Self.reason(error)).")
            }
        case .stream(let path):
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw Failure(message: "could not open \(path): \(StandardStreams.describe(errno)).") }
            defer { close(descriptor) }
            let code = StandardStreams.write(try streamed(descriptor), to: descriptor)
            if code == EPIPE { StandardStreams.dieByBrokenPipe() }
            if code != 0 { throw Failure(message: "could not write \(path): \(StandardStreams.describe(code)).") }
        case .descriptor(let descriptor):
            let code = StandardStreams.write(try streamed(descriptor), to: descriptor)
            if code == EPIPE { StandardStreams.dieByBrokenPipe() }
            if code != 0 { throw Failure(message: "could not write to descriptor \(descriptor): \(StandardStreams.describe(code)).") }
        }
    }

    /// bytes: the CSV as it is for a file or a pipe; on a terminal, with controls escaped (a
    /// word or deck name holding an escape sequence must not act on the learner's terminal).
    private static func bytes(_ text: String, for descriptor: Int32) -> [UInt8] {
        Array((isatty(descriptor) == 1 ? text.escapingControlCharacters(keepingNewlines: true) : text).utf8)
    }

    /// descriptorPath: the descriptor a `/dev/std…`, `/dev/fd/N` or `/proc/self/fd/N` path names.
    private static func descriptorPath(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// resolved: the path with every symlink followed, so the atomic rename replaces the file
    /// the link names, not the link.
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// linkTarget: where a dangling symlink points (relative to its folder), nil for a non-link.
    private static func linkTarget(_ path: String) -> String? {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        if destination.hasPrefix("/") { return destination }
        return (URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(destination)).path
    }

    /// reason: an error's cause in a few words (the POSIX one when there is one).
    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain { return StandardStreams.describe(Int32(posix.code)) }
        return error.localizedDescription
    }
}
