import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile environments with the real binary in tmux: stray signals, a file-size limit, stdin
/// left non-blocking, stderr closed or full, a 10000×10000 window, a resize or SIGTERM while
/// stopped, terminals without an alternate screen. Kuchi carries on or ends cleanly, and the
/// terminal is always restored.
@Suite(.requiresTmux)
struct HostileEnvironmentE2ETests {
    /// expectRestored: kuchi ended with `status`; the normal screen holds only `rows` (the
    /// wrapper's lines by default), the alternate screen is left and the cursor shown.
    func expectRestored(_ session: TmuxSession, status: Int32, rows: [String]? = nil,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try session.waitForExit() == status, sourceLocation: sourceLocation)
        let expected = rows ?? ["kuchi-e2e: started", "kuchi-e2e: exited \(status)"]
        #expect(try session.nonBlankRows() == expected, sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
        #expect(try session.isCursorVisible(), "the cursor is still hidden", sourceLocation: sourceLocation)
    }

    /// kuchiPid: the `kuchi` process under a session's pane (for ShellKuchi sessions).
    func kuchiPid(_ session: TmuxSession) throws -> pid_t {
        let root = try #require(Int32(try session.display("#{pane_pid}")))
        var frontier = [root]
        while let parent = frontier.popLast() {
            for (child, name) in ProcessTable.children(of: parent) {
                if name == "kuchi" { return child }
                frontier.append(child)
            }
        }
        throw HarnessError.invalidArgument("no kuchi process under pane pid \(root)")
    }

    /// interactiveShell: bash with job control in the pane, at its prompt.
    func interactiveShell() throws -> ShellKuchi {
        let shell = try ShellKuchi("exec bash --norc --noprofile -i", environment: ["PS1": "hostile$ ", "HISTFILE": "/dev/null"])
        try shell.session.waitForText("hostile$")
        return shell
    }

    // MARK: Signals

    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM])
    func quitSignalsRestoreTheTerminalAndKeepTheProfile(signal: Int32) throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        try app.send(signal: signal)
        try expectRestored(app.session, status: 128 + signal)
        #expect(try app.session.termination() == .signalled(signal))
        #expect(try app.savedProfiles().map(\.name) == ["さくら"])
    }

    @Test func controlBackslashQuitsAndRestoresTheTerminal() throws {
        // The shell around kuchi traps SIGQUIT (Ctrl-\ reaches the whole foreground group).
        let shell = try ShellKuchi("trap : QUIT\nulimit -c 0\n\"$KUCHI\" 2>>\"$KUCHI_E2E_STDERR\"")
        try shell.session.waitForText("Type your name to start learning Japanese words.")
        try shell.session.type("abc")
        try shell.session.waitForText("✓ 3 characters")
        try shell.session.sendKeys("C-\\")
        try expectRestored(shell.session, status: 128 + SIGQUIT)
    }

    @Test func sigsysIsACrashThatStillRestoresTheTerminal() throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        #expect(try !app.session.isCursorVisible())
        try app.send(signal: SIGSYS)
        try expectRestored(app.session, status: 128 + SIGSYS)
        #expect(try app.savedProfiles().map(\.name) == ["さくら"])
    }

    @Test(arguments: [SIGPIPE, SIGXFSZ])
    func pipeAndFileSizeSignalsAreIgnored(signal: Int32) throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        try app.send(signal: signal)
        try app.answer(right: true)  // still running, still answering
        #expect(try app.challenge().answered == 1)
        try app.send(signal: SIGTERM)
        try expectRestored(app.session, status: 128 + SIGTERM)
    }

    @Test func fileSizeLimitTurnsASaveIntoASaveProblemNotice() throws {
        let shell = try ShellKuchi("ulimit -f 0\n\"$KUCHI\" 2>/dev/null")
        let session = shell.session
        try session.waitForText("Type your name to start learning Japanese words.")
        try session.type("さくら")
        try session.waitForText("✓ 3 characters")
        try session.sendKeys("Enter")
        let notice = try session.waitFor("the save problem notice") { screen in
            let text = joinedScreen(screen).lowercased()
            return text.contains("could not save") && text.contains("file too large")
        }
        #expect(joinedScreen(notice).contains("Hi, さくら"), "the learner goes on; only saving failed")
        try session.sendKeys("Escape")  // only closes the notice (any other key would also act)
        try session.waitFor("the notice to close") { !joinedScreen($0).lowercased().contains("could not save") }
        try session.sendKeys("q")
        try expectRestored(session, status: 0)
        let profiles = shell.directory.file("config/kuchi/profiles").path
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: profiles)) ?? []).filter { $0 != ".lock" }
        #expect(left.isEmpty, "no half-written file is left (the lock file is Kuchi's own)")
        // A write refused by the size limit says nothing about the progress database: it is
        // never taken for damaged and moved aside.
        let data = shell.directory.file("data/kuchi").path
        let moved = ((try? FileManager.default.contentsOfDirectory(atPath: data)) ?? []).filter { $0.contains(".broken-") }
        #expect(moved.isEmpty, "\(moved)")
    }

    // MARK: Standard streams

    @Test func stdinLeftNonBlockingStillWorksAndTheFlagIsPutBack() throws {
        let setFlag = #"perl -e 'use Fcntl; fcntl(STDIN, F_SETFL, fcntl(STDIN, F_GETFL, 0) | O_NONBLOCK) or die "fcntl: $!"'"#
        let report = #"perl -e 'use Fcntl; print "O_NONBLOCK after kuchi: ", ((fcntl(STDIN, F_GETFL, 0) & O_NONBLOCK) ? "set" : "clear"), "\n"'"#
        let shell = try ShellKuchi("\(setFlag)\n\"$KUCHI\" 2>>\"$KUCHI_E2E_STDERR\"\nkuchi=$?\n\(report)\n(exit $kuchi)")
        let session = shell.session
        try session.waitForText("Type your name to start learning Japanese words.")
        try session.type("さくら")
        try session.waitForText("✓ 3 characters")
        try session.sendKeys("Enter")
        try session.waitForText("Hi, さくら")
        try session.sendKeys("q")
        try expectRestored(session, status: 0, rows: ["kuchi-e2e: started", "O_NONBLOCK after kuchi: set", "kuchi-e2e: exited 0"])
        #expect(shell.standardError().isEmpty)
    }

    @Test func stdinMadeNonBlockingWhileRunningIsNotTakenForAClosedTerminal() throws {
        // A background job on the same terminal sets O_NONBLOCK once the test creates `go`.
        let setFlag = #"perl -e 'use Fcntl; fcntl(STDIN, F_SETFL, fcntl(STDIN, F_GETFL, 0) | O_NONBLOCK) or die "fcntl: $!"'"#
        let job = "exec 3<&0\n(while [ ! -e go ]; do sleep 0.02; done; \(setFlag) <&3 && touch done) &"
        let shell = try ShellKuchi("\(job)\n\"$KUCHI\" 2>>\"$KUCHI_E2E_STDERR\"")
        let session = shell.session
        try session.waitForText("Type your name to start learning Japanese words.")
        try Data().write(to: shell.directory.file("go"))
        try waitUntil("the background job to set O_NONBLOCK") {
            FileManager.default.fileExists(atPath: shell.directory.file("done").path)
        }
        try session.type("さくら")
        try session.waitForText("✓ 3 characters")
        try session.sendKeys("Enter")
        try session.waitForText("Hi, さくら")
        try session.sendKeys("q")
        try expectRestored(session, status: 0)
    }

    /// A damaged profile makes kuchi repeat its notice on stderr at exit; with stderr closed or
    /// full that write fails. Kuchi must not crash, and the message must not land in a file that
    /// took over descriptor 2 (the render log, a profile).
    @Test(arguments: ["2>&-", "2>/dev/full"])
    func closedOrFullStandardErrorIsNoCrash(redirect: String) throws {
        let directory = try TemporaryDirectory()
        let profiles = directory.file("config/kuchi/profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data("{".utf8).write(to: profiles.appendingPathComponent("broken.json"))
        let log = directory.file("render.log")
        let shell = try ShellKuchi("\"$KUCHI\" \(redirect)", environment: ["KUCHI_RENDER_LOG": log.path], directory: directory)
        let session = shell.session
        try session.waitFor("the damaged-profile notice") { joinedScreen($0).contains("because it is damaged") }
        try session.sendKeys("Escape")  // closes the notice
        try session.waitForText("Type your name to start learning Japanese words.")
        try session.waitFor("the notice to close") { !joinedScreen($0).contains("because it is damaged") }
        try session.sendKeys("Escape")  // quits from Register
        try expectRestored(session, status: 0)
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(!logText.contains("kuchi:"), "stderr's message went into the render log")
        for name in try FileManager.default.contentsOfDirectory(atPath: profiles.path) {
            let text = (try? String(contentsOf: profiles.appendingPathComponent(name), encoding: .utf8)) ?? ""
            #expect(!text.contains("kuchi:"), "stderr's message went into \(name)")
        }
    }

    @Test func profileNameArgumentIsEscapedOnStandardError() throws {
        let shell = try ShellKuchi(#""$KUCHI" --profile "$(printf 'x\033[2Jy\302\233z')" 2>>"$KUCHI_E2E_STDERR""#)
        #expect(try shell.session.waitForExit() == 1)
        let message = shell.standardError()
        #expect(message.contains(#"there is no saved profile named "x\x1b[2Jy\u009bz""#), "\(message)")
        #expect(!message.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })
        #expect(try shell.session.nonBlankRows() == ["kuchi-e2e: started", "kuchi-e2e: exited 1"])
    }

    // MARK: Window size

    @Test func tenThousandSquareWindowKeepsMemoryBounded() throws {
        let app = try KuchiApp()
        try app.waitForRegister()
        let pid = try app.pid()
        let mark = try app.log.mark()
        let limit = 512 * 1024  // kB: the old code grew past 4 GB here
        var peak = 0
        try app.session.resize(columns: 10_000, rows: 10_000)
        let layout = "layout 500x1000 register"  // TerminalSizeLimit in KuchiTUI
        try waitUntil("the clamped layout in the render log", timeout: .seconds(30)) {
            peak = max(peak, Self.memory("VmHWM", of: pid) ?? 0)
            if peak > limit { _ = kill(pid, SIGKILL) }  // do not take the machine down with it
            #expect(peak <= limit, "peak RSS \(peak) kB")
            let lines = try app.log.lines(since: mark)
            return peak > limit || lines.contains(layout)
        }
        peak = max(peak, Self.memory("VmHWM", of: pid) ?? 0)
        print("hostile: peak RSS in a 10000x10000 window: \(peak / 1024) MB")
        #expect(peak <= limit)
        try app.session.resize(columns: 100, rows: 30)
        try app.register(name: "さくら")  // still working at a normal size
        try app.session.sendKeys("q")
        try expectRestored(app.session, status: 0)
    }

    /// memory: a `/proc/<pid>/status` figure in kB (`VmHWM` is the peak resident size).
    static func memory(_ field: String, of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    // MARK: Job control

    @Test func resizeWhileStoppedIsDrawnAtOnceOnFg() throws {
        let shell = try interactiveShell()
        let session = shell.session
        try session.type("\"$KUCHI\"")
        try session.sendKeys("Enter")
        try session.waitForText("Type your name to start learning Japanese words.")
        try session.sendKeys("C-z")
        try session.waitFor("the shell prompt after C-z") { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty } == "hostile$"
        }
        try session.resize(columns: 50, rows: 10)
        try session.type("fg")
        try session.sendKeys("Enter")
        // No key after fg: the new size must be drawn by itself.
        try session.waitFor("the too-small screen for 50×10 without a key", timeout: .seconds(5)) {
            joinedScreen($0).contains("now 50×10")
        }
        try session.resize(columns: 100, rows: 30)
        try session.waitForText("Type your name to start learning Japanese words.")
        try session.type("abc")
        try session.waitForText("✓ 3 characters")
        try session.sendKeys("C-c")
        try session.waitFor("the prompt after kuchi") { $0.last { !$0.isEmpty } == "hostile$" }
        #expect(try session.display("#{alternate_on}") == "0")
    }

    @Test func sigtermWhileStoppedEndsKuchiOnFgWithoutAKey() throws {
        let shell = try interactiveShell()
        let session = shell.session
        try session.type("\"$KUCHI\"")
        try session.sendKeys("Enter")
        try session.waitForText("Type your name to start learning Japanese words.")
        let pid = try kuchiPid(session)
        try session.sendKeys("C-z")
        try session.waitFor("the shell prompt after C-z") { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty } == "hostile$"
        }
        #expect(kill(pid, SIGTERM) == 0)
        try session.type("fg")
        try session.sendKeys("Enter")
        try waitUntil("kuchi to end on fg with no key pressed", timeout: .seconds(5)) { processIsGone(pid) }
        let screen = try session.waitFor("the prompt after kuchi") { $0.last { !$0.isEmpty } == "hostile$" }
        #expect(screen.contains { $0.contains("Terminated") }, "\(screen)")
        #expect(try session.display("#{alternate_on}") == "0")
        #expect(try session.isCursorVisible())
    }

    // MARK: Terminals without an alternate screen

    @Test(arguments: ["vt100", "linux"])
    func withoutAnAlternateScreenTheScreenIsClearedOnExit(term: String) throws {
        let app = try KuchiApp(environment: ["TERM": term])
        try app.register(name: "abc")
        #expect(try app.session.display("#{alternate_on}") == "0", "\(term) has no alternate screen")
        try app.session.sendKeys("q")
        // The app's last frame is gone: the prompt that follows starts on a clear screen.
        try expectRestored(app.session, status: 0, rows: ["kuchi-e2e: exited 0"])
    }

    @Test func withoutAnAlternateScreenACrashAlsoClearsTheScreen() throws {
        let app = try KuchiApp(environment: ["TERM": "vt100"])
        try app.register(name: "abc")
        try app.send(signal: SIGSYS)
        try expectRestored(app.session, status: 128 + SIGSYS, rows: ["kuchi-e2e: exited \(128 + SIGSYS)"])
    }
}

/// Controls in arguments, file names and messages never reach stdout or stderr raw (no
/// terminal needed: these paths print before or instead of the app).
@Suite
struct HostileOutputTests {
    /// rawControls: the C0 (other than newline), DEL and C1 scalars in `text`.
    static func rawControls(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }.map(\.value)
    }

    @Test func unknownOptionIsEscapedInTheUsageError() throws {
        let result = try runKuchi(["--bogus\u{1B}[31mred\u{7}\u{85}"])
        #expect(result.status == 2)
        #expect(result.standardError.contains(#"--bogus\x1b[31mred\x07\u0085"#), "\(result.standardError)")
        #expect(Self.rawControls(result.standardError).isEmpty)
    }

    @Test func deckFileNameIsEscapedInCheckDeckOutput() throws {
        let directory = try TemporaryDirectory()
        let name = "deck\u{1B}[2J\u{9B}1m.json"
        let result = try runKuchi(["check-deck", name], in: directory.url)
        #expect(result.status == 2, "a deck that cannot be read is exit 2")
        #expect(result.standardOutput.contains(#"deck\x1b[2J\u009b1m.json"#), "\(result.standardOutput)")
        #expect(Self.rawControls(result.standardOutput + result.standardError).isEmpty)
    }
}
