import Foundation

/// RenderLog reads the render log the app writes to `$KUCHI_RENDER_LOG`.
///
/// The app appends one line per event; a line `draw <pane> ...` records that a pane was
/// redrawn. Tests take a `mark()`, act, and read `draws(since:)`. The app writes the
/// log *before* it flushes the screen, so the reliable pattern is:
///
///     let mark = try log.mark()
///     try session.sendKeys("2")
///     try session.waitForText("Oh no!")           // the frame is on screen…
///     #expect(try log.draws(since: mark).sorted() == ["choices", "question", "score"])  // …so its log is complete
///
/// `waitForDraws` exists for changes that are not visible on screen.
struct RenderLog: Sendable {
    /// Mark is a position in the log: the number of complete lines at the time it was taken.
    struct Mark: Equatable, Sendable {
        /// How many complete lines the log had.
        let lineCount: Int
    }

    /// The log file; it may not exist yet (the app creates it on its first draw).
    let url: URL

    /// A reader for the log at `url`.
    init(url: URL) {
        self.url = url
    }

    /// All complete lines; a last line without its newline is still being written and is left out.
    func lines() throws -> [String] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // "" after a final newline, or the unfinished line
        return lines
    }

    /// The current end of the log.
    func mark() throws -> Mark {
        Mark(lineCount: try lines().count)
    }

    /// The lines appended after `mark`.
    func lines(since mark: Mark) throws -> [String] {
        Array(try lines().dropFirst(mark.lineCount))
    }

    /// The pane names of the `draw` lines after `mark`, in log order (sort to compare sets).
    func draws(since mark: Mark) throws -> [String] {
        Self.draws(in: try lines(since: mark))
    }

    /// The pane names (second word) of the lines that start with `draw `.
    static func draws(in lines: [String]) -> [String] {
        lines.compactMap { line in
            guard line.hasPrefix("draw ") else { return nil }
            return line.split(separator: " ").dropFirst().first.map(String.init)
        }
    }

    /// Waits until the draws since `mark` satisfy `condition` and the log has then stopped
    /// growing for `quiet`; returns those draws.
    ///
    /// Quiet-time detection is a heuristic (a slow frame could still be coming); prefer
    /// waiting for the screen and then calling `draws(since:)` when the change is visible.
    func waitForDraws(
        since mark: Mark,
        timeout: Duration = .seconds(10),
        quiet: Duration = .milliseconds(100),
        until condition: ([String]) -> Bool = { !$0.isEmpty }
    ) throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var seen = try lines(since: mark)
        var lastGrowth = clock.now
        while true {
            let now = clock.now
            if condition(Self.draws(in: seen)), now - lastGrowth >= quiet {
                return Self.draws(in: seen)
            }
            if now >= deadline {
                throw HarnessError.renderLogTimedOut(timeout: timeout, linesSinceMark: seen)
            }
            Thread.sleep(forTimeInterval: 0.01)
            let latest = try lines(since: mark)
            if latest.count != seen.count {
                seen = latest
                lastGrowth = clock.now
            }
        }
    }
}
