import Foundation

extension TmuxSession {
    /// Termination is how the command in the pane ended.
    ///
    /// The status comes from a shell, so an `exit(130)` reads as `.signalled(2)`.
    enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// The command called `exit` with this status (0...128).
        case exited(Int32)
        /// The command was killed by this signal number.
        case signalled(Int32)
        /// The pane's process died without reporting (the harness wrapper was killed).
        case vanished

        /// The shell-style status: the exit status, 128 + the signal number, or -1.
        var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            case .vanished: -1
            }
        }

        var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signalled(let signal): "was killed by signal \(signal)"
            case .vanished: "vanished without an exit status"
            }
        }
    }

    /// The format whose expansion `parseTermination` reads (the title last: it may hold "|").
    static let terminationFormat = "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}|#{pane_title}"

    /// The pane title prefix the wrapper sets, followed by the shell-style exit status.
    static let exitTitlePrefix = "kuchi-e2e-exit:"

    /// Reads an expanded `terminationFormat`; nil while the command is running.
    static func parseTermination(_ expanded: String) -> Termination? {
        let fields = expanded.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        if fields[3].hasPrefix(exitTitlePrefix), let status = Int32(fields[3].dropFirst(exitTitlePrefix.count)) {
            return status > 128 ? .signalled(status - 128) : .exited(status)
        }
        guard fields[0] == "1" else { return nil }
        if let signal = Int32(fields[2]) { return .signalled(signal) }
        if let status = Int32(fields[1]) { return .exited(status) }
        return .vanished
    }

    /// The shell that runs the command (`"$@"`) and reports how it ended.
    ///
    /// tmux 3.3a is unreliable when a pane's process exits: it may close the pty before
    /// reading the last output (the final screen is lost) or mark the pane dead without
    /// ever setting `pane_dead_status`. So the pane's process never exits by itself:
    /// - `set -m` runs the command in its own foreground process group, so C-c reaches
    ///   only the command and `pane_current_command` names it;
    /// - afterwards the status goes into the pane title with OSC 2. The pty is a FIFO, so
    ///   once tmux shows that title it has parsed all of the command's output;
    /// - then it waits quietly (no echo) until the server is killed.
    static let wrapperScript = #"""
        set -m
        trap : INT QUIT TERM
        "$@"
        status=$?
        stty -echo 2>/dev/null
        printf '\033]2;kuchi-e2e-exit:%s\033\\' "$status"
        while :; do read -r _ || sleep 1; done
        """#
}
