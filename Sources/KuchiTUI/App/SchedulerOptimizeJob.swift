import Foundation
import KuchiCore
import KuchiData

/// OptimizeProgress: what Settings' *Optimize my scheduler* row shows.
enum OptimizeProgress: Equatable, Sendable {
    case idle
    /// running: the share of the fit done, in whole percent.
    case running(percent: Int)
    /// finished: the verdict line (or why it stopped).
    case finished(String)
}

/// SchedulerOptimizeJob: Settings' *Optimize my scheduler*, a job of the app's
/// `BackgroundJobs`.
///
/// The fit runs off the main actor and posts its progress (each whole percent) and its verdict
/// as job results, which wake the input loop like a sync's; Esc asks it to stop, and the fit
/// looks after every step.
@MainActor
final class SchedulerOptimizeJob {
    /// stop: the running fit's stop (nil when none runs).
    private var stop: JobStop?

    /// isRunning: a fit is under way.
    var isRunning: Bool { stop != nil }

    /// start: begins a fit for `request` on `database` (one at a time).
    func start(database: LearnerDatabase, request: SchedulerOptimizer.Request, jobs: BackgroundJobs) {
        guard stop == nil else { return }
        let stop = JobStop()
        self.stop = stop
        jobs.run(on: .global(qos: .userInitiated)) { post in
            var shown = 0
            let text: String
            do {
                let report = try SchedulerOptimizer.run(request, database: database) { share in
                    let percent = min(99, Int(share * 100))
                    if percent != shown {
                        shown = percent
                        post(.optimizing(percent: percent))
                    }
                    return !stop.isRequested
                }
                text = SchedulerOptimizer.verdict(report)
            } catch FSRSFitError.cancelled {
                text = "Cancelled: your parameters are unchanged."
            } catch {
                text = "Could not optimize: \(error)"
            }
            return .optimized(text)
        }
    }

    /// cancel: stops the running fit at its next step.
    func cancel() {
        stop?.request()
    }

    /// take: a job result of the fit as the row's progress (nil for other results, and for a
    /// late progress report once the verdict is in).
    func take(_ result: JobResult) -> OptimizeProgress? {
        switch result {
        case .optimizing(let percent): return isRunning ? .running(percent: percent) : nil
        case .optimized(let text):
            stop = nil
            return .finished(text)
        default: return nil
        }
    }
}
