import Foundation
import Testing

/// Self-tests of the end-to-end harness, run against ordinary programs (sh, stty, od),
/// so the harness is proven before any `kuchi` scenario depends on it.
@Suite(.requiresTmux)
struct TmuxSessionTests {
    /// A shell one-liner as a command.
    private func shell(_ script: String) -> [String] {
        ["/bin/sh", "-c", script]
    }

    @Test func printsUTF8AndReadsTypedUTF8() throws {
        let session = try TmuxSession(command: shell(#"printf "さくら\n"; read x; echo got:$x"#))
        let first = try session.waitForText("さくら")
        #expect(first.first == "さくら")
        #expect(first.count == 24)
        try session.type("すし")
        try session.sendKeys("Enter")
        let screen = try session.waitForText("got:すし")
        #expect(Array(screen.prefix(3)) == ["さくら", "すし", "got:すし"])
        #expect(try session.waitForExit() == 0)
    }

    @Test func commandGetsExplicitEnvironmentAndDirectory() throws {
        let directory = try TemporaryDirectory()
        let session = try TmuxSession(
            command: shell(#"echo "[$GREETING|$LANG|$TERM|${TMUX:-none}|$(pwd -P)]""#),
            columns: 200, rows: 5,
            environment: ["GREETING": "a b;"],
            workingDirectory: directory.url)
        let status = try session.waitForExit()
        #expect(status == 0)
        let expected = "[a b;|C.UTF-8|\(session.terminal)|none|\(directory.url.path)]"
        #expect(try session.capture().first == expected)
    }

    @Test func argumentsEndingInSemicolonReachTheCommandIntact() throws {
        // tmux would take a trailing ";" as its own command separator if not escaped.
        let session = try TmuxSession(command: shell("echo one; read x; echo \"[$x]\";"))
        try session.waitForText("one")
        try session.type("-x a;")
        try session.sendKeys("Enter")
        try session.waitForText("[-x a;]")
    }

    @Test func keyNamesSendTheExpectedBytes() throws {
        // Raw mode, no echo: od shows exactly the bytes each tmux key name produces.
        let session = try TmuxSession(command: shell(
            "stty raw -echo; echo ready; dd bs=1 count=15 2>/dev/null | od -An -tx1"))
        try session.waitForText("ready")
        try session.sendKeys("Enter", "Escape", "C-c", "Tab", "BTab", "Space", "Up", "BSpace", "F1")
        try session.waitForText("0d 1b 03 09 1b 5b 5a 20 1b 5b 41 7f 1b 4f 50")
    }

    @Test func resizeReachesTheProgram() throws {
        // The WINCH trap interrupts `read`, so every resize prints the new size.
        let session = try TmuxSession(
            command: shell(#"trap 'stty size' WINCH; stty size; while :; do read x; done"#),
            columns: 80, rows: 24)
        try session.waitForText("24 80")
        try session.resize(columns: 100, rows: 30)
        try session.waitForText("30 100")
        #expect(try session.paneSize() == (100, 30))
        try session.resize(columns: 40, rows: 10)
        let screen = try session.waitForText("10 40")
        #expect(screen.count == 10)
    }

    @Test func exitStatusAndFinalScreenSurviveTheExit() throws {
        let session = try TmuxSession(command: shell("echo first; echo last; exit 3"), columns: 40, rows: 5)
        #expect(try session.waitForTermination() == .exited(3))
        #expect(try session.waitForExit() == 3)
        // Nothing is lost or added: the final screen is exactly as the program left it.
        #expect(try session.capture() == ["first", "last", "", "", ""])
    }

    @Test func aMissingProgramExitsWith127() throws {
        let session = try TmuxSession(command: ["no-such-program-kuchi-e2e"])
        #expect(try session.waitForTermination() == .exited(127))
    }

    @Test func controlCEndsSleepWithSIGINT() throws {
        let session = try TmuxSession(command: ["sleep", "100"])
        try session.waitForCommand("sleep")
        try session.sendKeys("C-c")
        #expect(try session.waitForTermination(timeout: .seconds(5)) == .signalled(2))
        #expect(try session.waitForExit() == 130)
    }

    @Test func timeoutErrorNamesTheConditionAndShowsTheScreen() throws {
        let session = try TmuxSession(command: shell("echo visible-text; sleep 100"))
        try session.waitForText("visible-text")
        let started = ContinuousClock.now
        let error = try #require(throws: HarnessError.self) {
            try session.waitFor("a screen that never appears", timeout: .milliseconds(300)) { _ in false }
        }
        #expect(ContinuousClock.now - started < .seconds(3))
        let message = String(describing: error)
        #expect(message.contains("a screen that never appears"))
        #expect(message.contains("|visible-text"))
        #expect(message.contains("0.3 seconds"))
    }

    @Test func waitingOnAnEndedCommandFailsAtOnce() throws {
        let session = try TmuxSession(command: shell("echo bye; exit 1"))
        let error = try #require(throws: HarnessError.self) {
            try session.waitForText("never shown", timeout: .seconds(30))
        }
        #expect(String(describing: error).contains("exited with status 1"))
        #expect(String(describing: error).contains("|bye"))
    }

    @Test func cursorPositionCountsWideGlyphsAsTwoColumns() throws {
        let session = try TmuxSession(command: shell(#"printf "ab\nさくら"; read x"#))
        try session.waitForText("さくら")
        #expect(try session.cursorPosition() == .init(column: 6, row: 1))
        #expect(try session.isCursorVisible())
    }

    @Test func captureWithAttributesKeepsColours() throws {
        let session = try TmuxSession(command: shell(#"printf "\033[31mred\033[0m plain\n"; read x"#))
        try session.waitForText("red plain")
        let first = try #require(try session.captureWithAttributes().first)
        #expect(first.contains("\u{1B}[31mred"))
        #expect(try session.capture().first == "red plain")
    }

    @Test func sessionsAreIsolatedAndKillRemovesTheServer() throws {
        let one = try TmuxSession(command: shell("echo one; sleep 100"))
        let two = try TmuxSession(command: shell("echo two; sleep 100"))
        #expect(one.socketName != two.socketName)
        try one.waitForText("one")
        try two.waitForText("two")
        #expect(try !one.capture().contains("two"))
        one.kill()
        #expect(throws: HarnessError.self) { try one.capture() }
        one.kill()  // idempotent
        try two.waitForText("two")
    }

    @Test func renderLogDrawsAfterAVisibleChange() throws {
        let directory = try TemporaryDirectory()
        let log = RenderLog(url: directory.file("render.log"))
        // Like the app: append the log lines, then show the frame.
        let script = #"""
            printf 'draw question\ndraw score\n' >> "$KUCHI_RENDER_LOG"; echo frame-1; read x
            printf 'draw score\ndraw choices\nkey 2\ndraw question\n' >> "$KUCHI_RENDER_LOG"; echo frame-2; read x
            """#
        let session = try TmuxSession(
            command: shell(script), environment: ["KUCHI_RENDER_LOG": log.url.path])
        try session.waitForText("frame-1")
        #expect(try log.draws(since: RenderLog.Mark(lineCount: 0)) == ["question", "score"])
        let mark = try log.mark()
        try session.sendKeys("Enter")
        try session.waitForText("frame-2")
        #expect(try log.draws(since: mark).sorted() == ["choices", "question", "score"])
        #expect(try log.waitForDraws(since: mark) { $0.count == 3 } == ["score", "choices", "question"])
    }
}

/// Tests of the harness parts that need no terminal.
struct HarnessSupportTests {
    @Test func tmuxIsInstalledWhenRunningUnderCI() {
        if TmuxEnvironment.isCI {
            #expect(tmuxAvailable(), "CI=true: tmux is required for the end-to-end tests; install it")
        }
    }

    @Test func missingTmuxIsAClearError() {
        let error = HarnessError.tmuxNotFound(detail: "no executable tmux via PATH")
        #expect(String(describing: error).hasPrefix("tmux not found"))
    }

    @Test func kuchiExecutableIsFound() throws {
        let url = try kuchiExecutable()
        #expect(url.lastPathComponent == "kuchi")
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
    }

    @Test func missingExecutableListsWhereItLooked() {
        let error = #expect(throws: ExecutableNotFound.self) { try kuchiExecutable(named: "no-such-kuchi") }
        #expect(String(describing: error).contains("no-such-kuchi"))
    }

    @Test func temporaryDirectoryIsRemovedOnDeinit() throws {
        var directory: TemporaryDirectory? = try TemporaryDirectory()
        let url = try #require(directory?.url)
        try Data("x".utf8).write(to: url.appendingPathComponent("file"))
        #expect(FileManager.default.fileExists(atPath: url.path))
        directory = nil
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func renderLogIgnoresAnUnfinishedLastLineAndMissingFile() throws {
        let directory = try TemporaryDirectory()
        let log = RenderLog(url: directory.file("render.log"))
        #expect(try log.lines().isEmpty)
        try Data("draw question\nflush\ndraw sco".utf8).write(to: log.url)
        #expect(try log.lines() == ["draw question", "flush"])
        #expect(try log.draws(since: RenderLog.Mark(lineCount: 0)) == ["question"])
        #expect(try log.mark() == RenderLog.Mark(lineCount: 2))
    }

    @Test func waitForDrawsTimesOutWithTheLinesSeen() throws {
        let directory = try TemporaryDirectory()
        let log = RenderLog(url: directory.file("render.log"))
        try Data("draw score\n".utf8).write(to: log.url)
        let error = try #require(throws: HarnessError.self) {
            try log.waitForDraws(since: RenderLog.Mark(lineCount: 0), timeout: .milliseconds(200)) { $0.count > 1 }
        }
        #expect(String(describing: error).contains("draw score"))
    }
}
