import Foundation
import Testing

/// TmuxEnvironment finds tmux and the facts about it that the harness depends on.
///
/// Everything is computed once: the answers cannot change while the test process runs.
enum TmuxEnvironment {
    /// isCI is true when `CI` is `true` (or `1`/`yes`); then a missing tmux is a failure.
    static let isCI: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return ["true", "1", "yes"].contains(value)
    }()

    /// executableURL is tmux from `KUCHI_TMUX` (an explicit path) or the first one on `PATH`.
    static let executableURL: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["KUCHI_TMUX"], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit)
                ? URL(fileURLWithPath: explicit) : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init) + ["/opt/homebrew/bin"]
        return directories
            .map { URL(fileURLWithPath: $0).appendingPathComponent("tmux") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// version is the `major.minor` of `tmux -V` (`3.3a` → 3.3), or nil for builds like `master`.
    static let version: Double? = {
        guard let tmux = executableURL,
              let result = try? ProcessRunner.run(tmux, ["-V"], timeout: .seconds(5)),
              result.status == 0
        else { return nil }
        let digits = result.standardOutput.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
        return Double(digits)
    }()

    /// defaultTerminal is `tmux-256color` when its terminfo entry exists, else `screen-256color`.
    ///
    /// ncurses inside the pane needs an entry for `TERM`; older systems only ship `screen-*`.
    static let defaultTerminal: String = hasTerminfo("tmux-256color") ? "tmux-256color" : "screen-256color"

    /// Throws a clear error unless tmux can be used; the message says whether CI requires it.
    static func requireTmux() throws -> URL {
        if let url = executableURL { return url }
        let source = ProcessInfo.processInfo.environment["KUCHI_TMUX"].map { "KUCHI_TMUX=\($0)" } ?? "PATH"
        let consequence = isCI
            ? "CI=true, so end-to-end tests fail instead of being skipped; install tmux (apt-get install tmux)."
            : "install tmux to run the end-to-end tests."
        throw HarnessError.tmuxNotFound(detail: "no executable tmux via \(source); \(consequence)")
    }

    /// Whether a compiled terminfo entry called `name` exists in the usual directories.
    private static func hasTerminfo(_ name: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        var roots = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo",
                     "/opt/homebrew/share/terminfo", "/usr/local/share/terminfo"]
        if let home = environment["HOME"] { roots.insert(home + "/.terminfo", at: 0) }
        if let terminfo = environment["TERMINFO"] { roots.insert(terminfo, at: 0) }
        roots += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        guard let first = name.unicodeScalars.first else { return false }
        // Linux uses a one-letter directory (t/), macOS the hex code of that letter (74/).
        let buckets = [String(first), String(first.value, radix: 16)]
        return roots.contains { root in
            buckets.contains { FileManager.default.fileExists(atPath: "\(root)/\($0)/\(name)") }
        }
    }
}

/// Whether tmux is installed and can be used by `TmuxSession`.
func tmuxAvailable() -> Bool {
    TmuxEnvironment.executableURL != nil
}

extension TmuxSession {
    /// canRun gates tmux suites: true when tmux exists, and also under `CI=true`, where the
    /// suite must run (and fail with `tmuxNotFound`) rather than be silently skipped.
    static let canRun: Bool = tmuxAvailable() || TmuxEnvironment.isCI
}

extension Trait where Self == ConditionTrait {
    /// requiresTmux skips a test or suite when tmux is missing, except under `CI=true`.
    ///
    /// Use as `@Suite(.requiresTmux)`. Under CI the tests run and fail with a clear message.
    static var requiresTmux: Self {
        .enabled(if: TmuxSession.canRun, "tmux is not installed (under CI=true this fails instead)")
    }
}
