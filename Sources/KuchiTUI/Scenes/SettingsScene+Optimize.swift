import Foundation
import KuchiCore
import KuchiMemory
import KuchiData

/// SettingsScene+Optimize: *Optimize my scheduler* — Enter fits FSRS's parameters to the
/// learner's reviews off the input loop (`SchedulerOptimizeJob`, one of the app's jobs), the row shows the progress
/// (Esc cancels), then the verdict; the row's value says whether the defaults or the learner's
/// own parameters are in use.
extension SettingsScene {
    /// startOptimize: begins a fit for the signed-in learner (a dry run is never wanted here).
    func startOptimize() {
        guard !state.optimizeJob.isRunning else { return }
        guard let database = session.database, let learner = user.profileID else {
            state.optimizeProgress = .finished("Optimizing needs a saved learner with a database: nothing to fit yet.")
            return
        }
        let request = SchedulerOptimizer.Request(learner: learner, desiredRetention: user.desiredRetention)
        state.optimizeJob.start(database: database, request: request, jobs: state.jobs)
        state.optimizeProgress = .running(percent: 0)
    }

    /// cancelOptimize: Esc while a fit runs stops it (nothing is changed).
    func cancelOptimize() {
        state.optimizeJob.cancel()
    }

    /// optimizeBindings: the keys while a fit runs: Esc cancels; moving stays possible.
    var optimizeBindings: [Binding<Action>] {
        [
            Binding([.escape], .cancelOptimize, keys: "Esc", bar: "Cancel", help: "stop optimizing (nothing changes)", priority: .essential),
        ]
    }

    /// parametersSummary: one phrase on the parameters in use.
    static func parametersSummary(_ change: ParameterChange?) -> String {
        guard let change, change.weights != FSRSParameters.defaults else { return "Defaults" }
        let when = Date(timeIntervalSince1970: Double(change.time) / 1000).formatted(date: .abbreviated, time: .omitted)
        return "Your own, fitted \(when)"
    }
}

extension App {
    /// takeOptimize: a fit's progress or verdict, from the jobs, into state.
    func takeOptimize(_ result: JobResult) {
        guard let progress = state.optimizeJob.take(result), progress != state.optimizeProgress else { return }
        state.optimizeProgress = progress
        if case .finished = progress { state.parametersSummary = nil }
    }

    /// settleOptimize: the summary of the parameters in use, read on Settings.
    func settleOptimize() {
        if state.route != .settings {
            if state.parametersSummary != nil { state.parametersSummary = nil }
        } else if state.parametersSummary == nil, let database = session.database, let learner = user.profileID {
            state.parametersSummary = SettingsScene.parametersSummary(database.parametersInForce(learner: learner))
        }
    }
}
