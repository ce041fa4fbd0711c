import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ShellKuchi runs `kuchi` in tmux under a shell snippet of the test's choosing — to unset
/// `TERM`, redirect stdin, or start an interactive shell — where `KuchiApp`'s fixed command
/// line cannot. `$KUCHI` is the binary; its stderr should go to `"$KUCHI_E2E_STDERR"`.
final class ShellKuchi: Sendable {
    let directory: TemporaryDirectory
    let session: TmuxSession
    let standardErrorURL: URL

    /// script: run by `/bin/sh -c`, between the `kuchi-e2e: started` / `exited N` lines that
    /// `KuchiApp` prints too, with `$KUCHI` and the private config folder in the environment.
    init(_ script: String, environment: [String: String] = [:], columns: Int = 100, rows: Int = 30,
         directory: TemporaryDirectory? = nil) throws {
        let directory = try directory ?? TemporaryDirectory()
        self.directory = directory
        standardErrorURL = directory.file("stderr-\(UUID().uuidString.prefix(8)).txt")
        var variables = [
            "KUCHI": try kuchiExecutable().path,
            "XDG_CONFIG_HOME": directory.file("config").path,
            "XDG_DATA_HOME": directory.file("data").path,
            "KUCHI_SEED": "1",
            "KUCHI_E2E_STDERR": standardErrorURL.path,
        ]
        variables.merge(environment) { _, explicit in explicit }
        let wrapped = "printf 'kuchi-e2e: started\\n'\n\(script)\nstatus=$?\nprintf 'kuchi-e2e: exited %s\\n' \"$status\"\nexit \"$status\""
        session = try TmuxSession(command: ["/bin/sh", "-c", wrapped], columns: columns, rows: rows,
                                  environment: variables, workingDirectory: directory.url)
    }

    func standardError() -> String {
        (try? String(contentsOf: standardErrorURL, encoding: .utf8)) ?? ""
    }
}

extension TmuxSession {
    /// Sends raw bytes (`send-keys -H`), e.g. invalid UTF-8 or a mouse report.
    func sendBytes(_ bytes: [UInt8]) throws {
        try run(["send-keys", "-t", pane, "-H", "--"] + bytes.map { String(format: "%02x", $0) })
    }

    /// The rows that are not blank.
    func nonBlankRows() throws -> [String] {
        try capture().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }
}

/// MouseReport builds the byte sequences terminals send for a left click (0-based cell).
enum MouseReport {
    /// sgr: `ESC [ < 0 ; column ; row M` (1-based, any size), or `m` for the release.
    static func sgr(row: Int, column: Int, button: Int = 0, release: Bool = false) -> [UInt8] {
        Array("\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")".utf8)
    }

    /// x10: `ESC [ M b x y`, each a byte offset by 32 (coordinates beyond 222 saturate at 0xFF).
    static func x10(row: Int, column: Int) -> [UInt8] {
        [0x1B, 0x5B, 0x4D, 0x20, UInt8(min(column + 33, 0xFF)), UInt8(min(row + 33, 0xFF))]
    }
}

/// processIsGone: whether `pid` has ended (a zombie counts as ended).
func processIsGone(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
    guard let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
}

/// waitUntil: polls `condition` until it holds or `timeout` passes (then throws `description`).
func waitUntil(_ description: String, timeout: Duration = .seconds(10), _ condition: () throws -> Bool) throws {
    let deadline = ContinuousClock.now + timeout
    while try !condition() {
        if ContinuousClock.now >= deadline { throw HarnessError.invalidArgument("timed out after \(timeout) waiting for \(description)") }
        Thread.sleep(forTimeInterval: TmuxSession.pollInterval.timeInterval)
    }
}

/// runKuchiCommand: `kuchi ARGS` outside tmux (stdin /dev/null, output to pipes), with a deadline.
func runKuchiCommand(_ arguments: [String], timeout: Duration) throws -> ProcessResult {
    let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    return try ProcessRunner.run(try kuchiExecutable(), arguments, environment: environment, timeout: timeout)
}
