import Foundation

/// TmuxSession runs one command in a detached tmux session on its own private server.
///
/// Each session starts a server on a unique `-L` socket with `-f /dev/null`, so tests never
/// see a user's tmux or configuration and can run in parallel. The pane stays after the
/// command exits, so the final screen and the exit status can be read. The server is
/// killed and its socket removed by `kill()` or on deinit.
///
/// tmux 3.3a facts this relies on (checked by HarnessTests):
/// - `set -g window-size manual` before the first detached `new-session` crashes the
///   server, so it is never set; `resize-window` works on a detached session by itself.
/// - `resize-window` changes the window at once, but the pty's SIGWINCH comes a moment later:
///   after `resize`, wait for the app's redraw rather than reading the screen directly.
/// - a pane whose process exits can lose its last output or never get `pane_dead_status`,
///   so the command runs under a wrapper shell that outlives it (see `wrapperScript`).
/// - `remain-on-exit` stays on as a safety net, with an empty `remain-on-exit-format`: the
///   default one adds a "Pane is dead" line that scrolls the final screen up one row.
final class TmuxSession: Sendable {
    /// CursorPosition is a zero-based cell position in the pane.
    struct CursorPosition: Equatable, Sendable, CustomStringConvertible {
        /// The zero-based column, counted in cells (a kana is two columns).
        var column: Int
        /// The zero-based row.
        var row: Int
        var description: String { "(column \(column), row \(row))" }
    }

    /// The private server's socket name (`tmux -L <socketName>`), for manual debugging.
    let socketName: String
    /// The `TERM` the command runs with (`tmux-256color` or `screen-256color`).
    let terminal: String
    /// The pane's id (such as `%0`), the `-t` target for raw commands sent with `run`.
    let pane: String
    /// The tmux executable this session drives.
    let tmuxURL: URL
    private let socketPath: String
    private static let processTag = "\(ProcessInfo.processInfo.processIdentifier)"

    /// Starts `command` in a `columns` × `rows` pane.
    ///
    /// The command gets a clean environment (`env -i`): `PATH` and `HOME` from the test
    /// process, `LANG=C.UTF-8`, `TERM` = `terminal`, then `environment` (which wins).
    /// It runs in `workingDirectory`, or the test process's directory when nil, under a
    /// small wrapper shell (see `wrapperScript`); `command[0]` is looked up in `PATH`.
    init(
        command: [String],
        columns: Int = 80,
        rows: Int = 24,
        environment: [String: String] = [:],
        workingDirectory: URL? = nil
    ) throws {
        guard !command.isEmpty else { throw HarnessError.invalidArgument("TmuxSession needs a command") }
        guard columns > 0, rows > 0 else {
            throw HarnessError.invalidArgument("TmuxSession needs a positive size, got \(columns)x\(rows)")
        }
        tmuxURL = try TmuxEnvironment.requireTmux()
        terminal = TmuxEnvironment.defaultTerminal
        socketName = "kuchi-e2e-\(Self.processTag)-\(UUID().uuidString.prefix(8).lowercased())"

        let inherited = ProcessInfo.processInfo.environment
        var variables = ["LANG": "C.UTF-8", "TERM": terminal]
        variables["PATH"] = inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        variables["HOME"] = inherited["HOME"]
        variables.merge(environment) { _, explicit in explicit }
        let commandLine = ["/usr/bin/env", "-i"]
            + variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + ["/bin/sh", "-c", Self.wrapperScript, "kuchi-e2e"] + command

        // One invocation: the options must be in force before the pane starts.
        var setup: [[String]] = [
            ["start-server"],
            ["set-option", "-g", "remain-on-exit", "on"],
            ["set-option", "-g", "default-terminal", terminal],
        ]
        if (TmuxEnvironment.version ?? 99) >= 3.3 {
            setup.append(["set-option", "-g", "remain-on-exit-format", ""])
        }
        var newSession = ["new-session", "-d", "-P", "-F", "#{pane_id} #{socket_path}",
                          "-x", "\(columns)", "-y", "\(rows)", "-s", "kuchi"]
        if let workingDirectory { newSession += ["-c", workingDirectory.path] }
        setup.append(newSession + commandLine)

        let fields: [String]
        do {
            let output = try Self.execute(tmuxURL, socketName, setup).standardOutput
            fields = output.trimmingCharacters(in: .whitespacesAndNewlines)
                .split(separator: " ", maxSplits: 1).map(String.init)
            guard fields.count == 2, fields[0].hasPrefix("%") else {
                throw HarnessError.unexpectedOutput(arguments: newSession, output: output)
            }
        } catch {
            // start-server may have succeeded: do not leave a server or socket behind.
            _ = try? Self.execute(tmuxURL, socketName, [["kill-server"]], timeout: .seconds(5))
            let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
            try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socketName)")
            throw error
        }
        pane = fields[0]
        socketPath = fields[1]
    }

    deinit {
        kill()
    }

    // MARK: Input

    /// Sends tmux key names, e.g. "Enter", "Escape", "C-c", "Tab", "BTab", "Space", "Up", "F1".
    ///
    /// A string tmux does not know as a key name is typed as text, so prefer `type` for text.
    /// Wait for the program's first screen before sending keys: until it switches the
    /// terminal to raw mode, the tty itself echoes (and may act on) what arrives.
    func sendKeys(_ keys: String...) throws {
        try sendKeys(keys)
    }

    /// Sends tmux key names given as an array.
    func sendKeys(_ keys: [String]) throws {
        try run(["send-keys", "-t", pane, "--"] + keys)
    }

    /// Types `text` literally (`send-keys -l`), including UTF-8 such as "さくら".
    ///
    /// "\n" arrives as C-j (LF), not as the Enter key: send "Enter" with `sendKeys`.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", pane, "-l", "--", text])
    }

    /// Resizes the window (and its only pane) to `columns` × `rows`.
    ///
    /// The app receives SIGWINCH shortly after this returns; wait for its redraw.
    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", pane, "-x", "\(columns)", "-y", "\(rows)"])
    }

    // MARK: Output

    /// The visible screen as plain text, one string per row, trailing blanks trimmed.
    ///
    /// A wide glyph appears once (no padding), so string offsets are not columns.
    func capture() throws -> [String] {
        Self.lines(try run(["capture-pane", "-p", "-t", pane]).standardOutput)
    }

    /// The visible screen with SGR escape sequences kept (`capture-pane -e`), for colours.
    func captureWithAttributes() throws -> [String] {
        Self.lines(try run(["capture-pane", "-p", "-e", "-t", pane]).standardOutput)
    }

    /// The cursor's cell position in the pane.
    func cursorPosition() throws -> CursorPosition {
        let numbers = try numbers(of: "#{cursor_x} #{cursor_y}")
        return CursorPosition(column: numbers[0], row: numbers[1])
    }

    /// Whether the application currently shows the cursor (`#{cursor_flag}`).
    func isCursorVisible() throws -> Bool {
        try display("#{cursor_flag}") == "1"
    }

    /// The pane's current size in cells.
    func paneSize() throws -> (columns: Int, rows: Int) {
        let numbers = try numbers(of: "#{pane_width} #{pane_height}")
        return (numbers[0], numbers[1])
    }

    /// The name of the pane's foreground process (`#{pane_current_command}`), e.g. "sleep".
    func currentCommand() throws -> String {
        try display("#{pane_current_command}")
    }

    /// How the command ended, or nil while it is still running.
    func termination() throws -> Termination? {
        Self.parseTermination(try display(Self.terminationFormat))
    }

    // MARK: Teardown

    /// Kills the private server and removes its socket; safe to call more than once.
    func kill() {
        _ = try? Self.execute(tmuxURL, socketName, [["kill-server"]], timeout: .seconds(5))
        try? FileManager.default.removeItem(atPath: socketPath)
    }

    // MARK: Plumbing

    /// Runs one tmux command against this session's server and throws on failure.
    @discardableResult
    func run(_ arguments: [String]) throws -> ProcessResult {
        try Self.execute(tmuxURL, socketName, [arguments])
    }

    /// Expands a format with `display-message -p` for this pane.
    func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", pane, format]).standardOutput
            .trimmingCharacters(in: .newlines)
    }

    private func numbers(of format: String) throws -> [Int] {
        let text = try display(format)
        let numbers = text.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else {
            throw HarnessError.unexpectedOutput(arguments: ["display-message", format], output: text)
        }
        return numbers
    }

    /// Splits `capture-pane -p` output (every row ends in "\n") into rows.
    static func lines(_ output: String) -> [String] {
        var rows = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// Runs a `;`-separated chain of tmux commands in one client invocation.
    ///
    /// tmux treats any argument that *ends* in ";" as a command separator, so such
    /// arguments are escaped as "\;" (which tmux turns back into ";").
    static func execute(
        _ tmux: URL, _ socketName: String, _ commands: [[String]], timeout: Duration = .seconds(10)
    ) throws -> ProcessResult {
        let escaped = commands.map { command in
            command.map { $0.hasSuffix(";") ? $0.dropLast() + "\\;" : $0 }
        }
        let arguments = ["-u", "-L", socketName, "-f", "/dev/null"]
            + escaped.joined(separator: [";"])
        let result = try ProcessRunner.run(tmux, arguments, environment: clientEnvironment, timeout: timeout)
        guard result.status == 0 else {
            throw HarnessError.commandFailed(
                arguments: ["tmux"] + arguments, status: result.status, standardError: result.standardError)
        }
        return result
    }

    /// The tmux client's environment: ours, outside any tmux, with a UTF-8 locale.
    ///
    /// The server inherits it when it starts, and its character widths (wcwidth) follow
    /// the locale: under LANG=C kana would be treated as unprintable.
    private static let clientEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "LC_ALL", "LC_CTYPE"] { environment[name] = nil }
        environment["LANG"] = "C.UTF-8"
        return environment
    }()
}
