import Foundation
import KuchiCore

/// OptimizeProgress: what Settings' *Optimize my scheduler* row shows.
enum OptimizeProgress: Equatable, Sendable {
    case idle
    /// running: the share of the fit done, in whole percent.
    case running(percent: Int)
    /// finished: the verdict line (or why it stopped).
    case finished(String)
}

/// SchedulerOptimizeJob: Settings' *Optimize my scheduler*, run off the input loop.
///
/// The fit runs in a detached task; it leaves its progress and verdict in a locked box and
/// reads a cancel flag there after every step, so Esc stops it within one step. The input loop
/// wakes every 100 ms while it runs (`App.idleMilliseconds`) and `poll` turns the box into
/// `OptimizeProgress`, which the row draws — as `AppSync` hands a sync's result over.
@MainActor
final class SchedulerOptimizeJob {
    /// Box: what the task and the main thread share.
    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var share = 0.0
        private var cancelled = false
        private var verdict: String?

        /// step: records progress; false once cancelled (the fit then stops).
        func step(_ value: Double) -> Bool {
            lock.withLock {
                share = value
                return !cancelled
            }
        }

        /// cancel: asks the fit to stop.
        func cancel() { lock.withLock { cancelled = true } }

        /// finish: the verdict.
        func finish(_ text: String) { lock.withLock { verdict = text } }

        /// read: the progress and, when done, the verdict.
        func read() -> (share: Double, verdict: String?) { lock.withLock { (share, verdict) } }
    }

    /// box: the running job's box (nil when none runs).
    private var box: Box?

    /// isRunning: a fit is under way.
    var isRunning: Bool { box != nil }

    /// start: begins a fit for `request` on `database` (one at a time).
    func start(database: LearnerDatabase, request: SchedulerOptimizer.Request) {
        guard box == nil else { return }
        let box = Box()
        self.box = box
        Task.detached(priority: .userInitiated) {
            let text: String
            do {
                let report = try SchedulerOptimizer.run(request, database: database) { box.step($0) }
                text = SchedulerOptimizer.verdict(report)
            } catch FSRSFitError.cancelled {
                text = "Cancelled: your parameters are unchanged."
            } catch {
                text = "Could not optimize: \(error)"
            }
            box.finish(text)
        }
    }

    /// cancel: stops the running fit at its next step.
    func cancel() {
        box?.cancel()
    }

    /// poll: the job's progress now (nil when no job has run since the last finished one was read).
    func poll() -> OptimizeProgress? {
        guard let box else { return nil }
        let (share, verdict) = box.read()
        if let verdict {
            self.box = nil
            return .finished(verdict)
        }
        return .running(percent: min(99, Int(share * 100)))
    }
}
