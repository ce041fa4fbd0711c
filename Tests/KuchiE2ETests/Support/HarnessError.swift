import Foundation

/// HarnessError is every failure the end-to-end harness reports.
///
/// Each case prints as a self-contained message (Swift Testing shows `description` for a
/// thrown error), so a failing test says what it waited for and what the terminal showed.
enum HarnessError: Error, CustomStringConvertible, Sendable {
    /// tmux could not be found; `detail` says where we looked and whether CI demands it.
    case tmuxNotFound(detail: String)
    /// A helper process exited with a non-zero status.
    case commandFailed(arguments: [String], status: Int32, standardError: String)
    /// A helper process did not finish in time and was terminated.
    case commandTimedOut(arguments: [String], timeout: Duration)
    /// A helper process could not be started at all.
    case launchFailed(arguments: [String], reason: String)
    /// tmux printed something the harness could not parse.
    case unexpectedOutput(arguments: [String], output: String)
    /// A `waitFor` condition did not hold before its deadline.
    case timedOut(description: String, timeout: Duration, screen: [String])
    /// The command in the pane ended while a screen condition was still false.
    case exitedWhileWaiting(description: String, termination: TmuxSession.Termination, screen: [String])
    /// The render log did not reach the awaited state before its deadline.
    case renderLogTimedOut(timeout: Duration, linesSinceMark: [String])
    /// An executable (normally `kuchi`) was not found in any of the searched places.
    /// The caller passed an argument the harness cannot use.
    case invalidArgument(String)

    var description: String {
        switch self {
        case .tmuxNotFound(let detail):
            return "tmux not found: \(detail)"
        case .commandFailed(let arguments, let status, let standardError):
            return "`\(arguments.joined(separator: " "))` exited with status \(status): "
                + standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        case .commandTimedOut(let arguments, let timeout):
            return "`\(arguments.joined(separator: " "))` did not finish within \(timeout)"
        case .launchFailed(let arguments, let reason):
            return "could not launch `\(arguments.joined(separator: " "))`: \(reason)"
        case .unexpectedOutput(let arguments, let output):
            return "unexpected output from `\(arguments.joined(separator: " "))`: \(output)"
        case .timedOut(let description, let timeout, let screen):
            return "timed out after \(timeout) waiting for \(description); last screen:\n"
                + Self.framed(screen)
        case .exitedWhileWaiting(let description, let termination, let screen):
            return "the command \(termination) while waiting for \(description); final screen:\n"
                + Self.framed(screen)
        case .renderLogTimedOut(let timeout, let lines):
            return "timed out after \(timeout) waiting for the render log to settle; lines since mark:\n"
                + (lines.isEmpty ? "(none)" : lines.joined(separator: "\n"))
        case .invalidArgument(let message):
            return message
        }
    }

    /// Frames screen lines between rulers so trailing blanks and the pane edge are visible.
    static func framed(_ screen: [String]) -> String {
        let ruler = "+" + String(repeating: "-", count: 40)
        return ([ruler] + screen.map { "|" + $0 } + [ruler]).joined(separator: "\n")
    }
}
