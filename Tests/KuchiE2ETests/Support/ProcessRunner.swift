import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ProcessResult is what a finished helper process left behind.
struct ProcessResult: Sendable {
    /// The exit status, or 128 + the signal number if the process was killed.
    let status: Int32
    /// Everything the process wrote to standard output, decoded as UTF-8.
    let standardOutput: String
    /// Everything the process wrote to standard error, decoded as UTF-8.
    let standardError: String
}

/// ProcessRunner runs short helper programs (tmux commands) to completion with a deadline.
///
/// Why not Foundation's `Process`: it passes on the spawning thread's signal mask, and
/// tests run on libdispatch worker threads, which block almost every signal. A tmux
/// server started that way never sees SIGCHLD (panes never die) and ignores SIGTERM.
/// `posix_spawn` lets us give the child an empty mask and default signal handlers.
/// Both pipes are drained with `poll` as the child runs, so large output never blocks it,
/// and a child still running at the deadline is killed and `commandTimedOut` is thrown.
enum ProcessRunner {
    private static let spawnLock = NSLock()

    /// Runs `executable` with `arguments` and returns its output; throws on a deadline miss.
    static func run(
        _ executable: URL,
        _ arguments: [String],
        environment: [String: String]? = nil,
        timeout: Duration = .seconds(10)
    ) throws -> ProcessResult {
        let described = [executable.path] + arguments
        let environment = environment ?? ProcessInfo.processInfo.environment
        // pipe() + FD_CLOEXEC is not atomic (there is no pipe2 on Darwin nor in Swift's
        // Glibc module): hold a lock so no other harness spawn can inherit these pipes.
        spawnLock.lock()
        let launched = Result { () throws -> (pid_t, Int32, Int32) in
            let outputPipe = try makePipe(described)
            let errorPipe: (read: Int32, write: Int32)
            do { errorPipe = try makePipe(described) } catch {
                [outputPipe.read, outputPipe.write].forEach { _ = close($0) }
                throw error
            }
            // The child has its own copies of the write ends; ours must go for EOF to come.
            defer { [outputPipe.write, errorPipe.write].forEach { _ = close($0) } }
            do {
                let pid = try spawn(
                    executable.path, arguments, environment, output: outputPipe.write, error: errorPipe.write)
                return (pid, outputPipe.read, errorPipe.read)
            } catch {
                [outputPipe.read, errorPipe.read].forEach { _ = close($0) }
                throw error
            }
        }
        spawnLock.unlock()
        let (pid, outputRead, errorRead) = try launched.get()
        defer { [outputRead, errorRead].forEach { _ = close($0) } }

        let deadline = ContinuousClock.now + timeout
        let streams = drain([outputRead, errorRead], until: deadline)
        guard let status = reap(pid, until: deadline) else {
            _ = kill(pid, SIGKILL)
            var ignored: Int32 = 0
            _ = waitpid(pid, &ignored, 0)
            throw HarnessError.commandTimedOut(arguments: described, timeout: timeout)
        }
        return ProcessResult(
            status: status,
            standardOutput: String(decoding: streams[0], as: UTF8.self),
            standardError: String(decoding: streams[1], as: UTF8.self))
    }

    /// A pipe whose ends are closed on exec (only the dup2'ed copies reach the child),
    /// so parallel tests never leak each other's pipes into a long-lived tmux server.
    private static func makePipe(_ described: [String]) throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        let created = pipe(&fds)
        for fd in fds where created == 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard created == 0 else {
            throw HarnessError.launchFailed(arguments: described, reason: "pipe: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }

    /// Starts the child with stdin from /dev/null, the given pipes, an empty signal mask
    /// and default handlers for the signals tmux relies on.
    private static func spawn(
        _ path: String, _ arguments: [String], _ environment: [String: String], output: Int32, error: Int32
    ) throws -> pid_t {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)

        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGCHLD, SIGPIPE, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
                       SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGALRM] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw HarnessError.launchFailed(
                arguments: [path] + arguments, reason: String(cString: strerror(result)))
        }
        return pid
    }

    /// Reads every descriptor to end of file, or until the deadline.
    private static func drain(_ descriptors: [Int32], until deadline: ContinuousClock.Instant) -> [Data] {
        var data = descriptors.map { _ in Data() }
        var open = Set(descriptors.indices)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { break }
            var polled = open.sorted().map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let milliseconds = Int32(min(remaining.timeInterval * 1000 + 1, 1000))
            guard poll(&polled, nfds_t(polled.count), milliseconds) >= 0 || errno == EINTR else { break }
            for entry in polled where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    data[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || errno != EINTR {
                    open.remove(index)
                }
            }
        }
        return data
    }

    /// Waits for the child to exit; nil if it is still running at the deadline.
    private static func reap(_ pid: pid_t, until deadline: ContinuousClock.Instant) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result < 0 && errno != EINTR { return -1 }
            if ContinuousClock.now >= deadline { return nil }
            usleep(1_000)
        }
        // WIFEXITED / WTERMSIG are macros Swift cannot import; decode the wait status by hand.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

extension Duration {
    /// The duration in seconds, for `Thread.sleep(forTimeInterval:)` and poll timeouts.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
