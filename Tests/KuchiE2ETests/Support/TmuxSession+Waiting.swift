import Foundation

extension TmuxSession {
    /// pollInterval is how long the harness pauses between two looks at the pane.
    static let pollInterval: Duration = .milliseconds(20)

    /// Polls the screen until `condition` holds and returns that screen.
    ///
    /// Throws `timedOut` with `description` and the last screen when `timeout` passes, and
    /// `exitedWhileWaiting` as soon as the command has ended with the condition still false
    /// (a dead pane never changes, so waiting longer could not help).
    @discardableResult
    func waitFor(
        _ description: String,
        timeout: Duration = .seconds(10),
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let (screen, ended) = try captureWithTermination()
            if condition(screen) { return screen }
            if let ended {
                throw HarnessError.exitedWhileWaiting(description: description, termination: ended, screen: screen)
            }
            if ContinuousClock.now >= deadline {
                throw HarnessError.timedOut(description: description, timeout: timeout, screen: screen)
            }
            Thread.sleep(forTimeInterval: Self.pollInterval.timeInterval)
        }
    }

    /// Waits until `condition` holds on two captures in a row that are the same screen.
    ///
    /// A capture can land while the program is still painting; a screen kept to compare
    /// with a later one must be the finished one, not a half-painted frame.
    @discardableResult
    func waitForSettled(
        _ description: String,
        timeout: Duration = .seconds(10),
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        var previous: [String]?
        return try waitFor("\(description), settled", timeout: timeout) { screen in
            defer { previous = screen }
            return condition(screen) && screen == previous
        }
    }

    /// Waits until some row of the screen contains `text`; returns that screen.
    @discardableResult
    func waitForText(_ text: String, timeout: Duration = .seconds(10)) throws -> [String] {
        try waitFor("text \"\(text)\"", timeout: timeout) { screen in
            screen.contains { $0.contains(text) }
        }
    }

    /// Waits until the command has ended and returns how it ended.
    @discardableResult
    func waitForTermination(timeout: Duration = .seconds(10)) throws -> Termination {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let ended = try termination() { return ended }
            if ContinuousClock.now >= deadline {
                let screen = (try? capture()) ?? []
                throw HarnessError.timedOut(description: "the command to exit", timeout: timeout, screen: screen)
            }
            Thread.sleep(forTimeInterval: Self.pollInterval.timeInterval)
        }
    }

    /// Waits until the command has ended; returns its exit status, or 128 + signal number.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        try waitForTermination(timeout: timeout).status
    }

    /// Waits until the pane's foreground process is `name` (see `currentCommand()`).
    ///
    /// Useful before sending C-c: a ^C typed before the program owns the terminal is lost.
    func waitForCommand(_ name: String, timeout: Duration = .seconds(10)) throws {
        let deadline = ContinuousClock.now + timeout
        while try currentCommand() != name {
            if ContinuousClock.now >= deadline {
                let screen = (try? capture()) ?? []
                throw HarnessError.timedOut(
                    description: "foreground command \"\(name)\"", timeout: timeout, screen: screen)
            }
            Thread.sleep(forTimeInterval: Self.pollInterval.timeInterval)
        }
    }

    /// Captures the screen and the pane's state in one tmux invocation.
    ///
    /// Both come from the same server turn, so if the pane is dead the screen is final.
    private func captureWithTermination() throws -> ([String], Termination?) {
        let marker = "<<kuchi-e2e-state>>|"
        let output = try Self.execute(tmuxURL, socketName, [
            ["capture-pane", "-p", "-t", pane],
            ["display-message", "-p", "-t", pane, marker + Self.terminationFormat],
        ]).standardOutput
        var rows = Self.lines(output)
        guard let state = rows.popLast(), state.hasPrefix(marker) else {
            throw HarnessError.unexpectedOutput(arguments: ["capture-pane", "display-message"], output: output)
        }
        return (rows, Self.parseTermination(String(state.dropFirst(marker.count))))
    }
}
