import Foundation
import KuchiCore
import KuchiDeck
import KuchiSync

/// JobResult: what work done off the input loop tells the app. Every kind arrives the same
/// way: posted to the app's `BackgroundJobs`, which wakes the input loop
/// (`.backgroundFinished`); the app takes them in order as it settles (`App.take(_:)`), the
/// way Bubble Tea's commands answer with messages.
enum JobResult: Sendable {
    /// synced: a sync ended.
    case synced(Result<SyncReport, SyncFailure>)
    /// optimizing: a fit's progress, in whole percent (posted only when the percent moves).
    case optimizing(percent: Int)
    /// optimized: a fit's verdict, or why it stopped.
    case optimized(String)
    /// said: a word was played.
    case said
    /// speechFailed: a word could not be said.
    case speechFailed(SpeechProblem)
    /// filesChanged: the learner's files changed on disk (`LearnerWatch`): whether anything
    /// another connection committed is asked of SQLite's `data_version`.
    case filesChanged
    /// forgot: Forget me's deletions ended: why nothing was forgotten, or nil.
    case forgot(problem: String?)
}

/// BackgroundJobs: the one way the app runs work off the main actor — a sync, a fit, a word
/// said, the file watch. Each job runs on a dispatch queue (a serial one keeps words in order)
/// and answers with `JobResult`s in one mailbox; posting wakes the input loop, which is blocked
/// in `poll` and never polls the mailbox on a timer. The exit path, with the loop gone, can
/// wait for a result (the quit sync).
final class BackgroundJobs: @unchecked Sendable {
    /// condition: guards `results` and `running`; signalled on every post.
    private let condition = NSCondition()
    private var results: [JobResult] = []
    /// running: jobs started and not yet returned (tests wait for none).
    private var running = 0
    /// wake: how a post reaches the input loop (the terminal's wake pipe; nothing in tests).
    private let wake: @Sendable () -> Void

    /// heldQueue: where every job runs instead of its own queue, when given (a test suspends it
    /// to see the screen while a job is under way).
    private let heldQueue: DispatchQueue?

    init(wake: @escaping @Sendable () -> Void = TerminalRestorer.wake, queue: DispatchQueue? = nil) {
        self.wake = wake
        self.heldQueue = queue
    }

    /// run: `work` off the main actor, on `queue` (a shared concurrent one unless given). What
    /// it posts on the way and what it returns become results.
    func run(on queue: DispatchQueue = .global(qos: .utility),
             _ work: @escaping @Sendable (_ post: @escaping @Sendable (JobResult) -> Void) -> JobResult?) {
        condition.withLock { running += 1 }
        (heldQueue ?? queue).async { [self] in
            let result = work { self.post($0) }
            condition.withLock {
                if let result { results.append(result) }
                running -= 1
                condition.broadcast()
            }
            if result != nil { wake() }
        }
    }

    /// post: a result for the app; the input loop wakes for it. Any thread.
    func post(_ result: JobResult) {
        condition.withLock {
            // The file watch says "something changed"; one such note waiting is enough.
            if case .filesChanged = result, results.contains(where: { if case .filesChanged = $0 { true } else { false } }) { return }
            results.append(result)
            condition.broadcast()
        }
        wake()
    }

    /// take: every result posted since the last call, oldest first.
    func take() -> [JobResult] {
        condition.withLock {
            defer { results = [] }
            return results
        }
    }

    /// wait: blocks until a result `matching` is posted (it is removed and returned, with those
    /// before it), or `timeout` seconds pass (nil). For the exit path and tests only: the input
    /// loop never waits here.
    func wait(timeout: Double, matching: (JobResult) -> Bool) -> [JobResult]? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = results.firstIndex(where: matching) {
                let taken = Array(results[...index])
                results.removeFirst(index + 1)
                return taken
            }
            guard condition.wait(until: deadline) else { return nil }
        }
    }

    /// waitForOne: blocks until a result `matching` is posted and takes that one only (the
    /// others stay for their own takers), or `timeout` seconds pass (nil). The exit path only.
    func waitForOne(timeout: Double, matching: (JobResult) -> Bool) -> JobResult? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = results.firstIndex(where: matching) { return results.remove(at: index) }
            guard condition.wait(until: deadline) else { return nil }
        }
    }

    /// waitUntilIdle: blocks until no job is running (tests, and the audio's own wait).
    func waitUntilIdle(timeout: Double = 60) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while running > 0, condition.wait(until: deadline) {}
    }
}

/// JobStop: a running job asked to stop (Esc on a fit); checked by the job between steps.
final class JobStop: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false

    /// request: asks the job to stop (main actor).
    func request() { lock.withLock { requested = true } }

    /// isRequested: whether `request` was called (the job's thread).
    var isRequested: Bool { lock.withLock { requested } }
}
