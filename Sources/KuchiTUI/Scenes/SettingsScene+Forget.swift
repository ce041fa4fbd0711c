import Foundation
import KuchiCore

/// SettingsScene+Forget: Forget me runs off the input loop — a learner with 100,000 reviews takes
/// seconds to delete, and the screen must not freeze meanwhile. Settings shows a line while it
/// runs; its end arrives as a job result (`App.finishForget`).
extension SettingsScene {
    /// startForget: begins Forget me (here, or on every machine too) as a background job.
    func startForget(everywhere: Bool) {
        state.confirmingForget = false
        guard state.forgetting == nil else { return }
        let reviews = session.reviewCount
        let what = reviews == 0 ? "your profile" : "\(reviews) \(reviews == 1 ? "review" : "reviews") and every card"
        state.forgetting = "Forgetting \(what)\(everywhere ? ", on every machine" : "")…"
        let work = session.forgetWork(everywhere: everywhere)
        state.jobs.run(on: .global(qos: .userInitiated)) { _ in .forgot(problem: work()) }
    }
}

extension App {
    /// finishForget: Forget me's deletions ended: the learner is signed out to Register, or the
    /// problem is shown and the learner kept.
    func finishForget(problem: String?) {
        guard state.forgetting != nil else { return }
        state.forgetting = nil
        session.finishForget(problem: problem)
        if problem == nil { state.openRegister(from: nil) }
    }

    /// finishForgetBeforeExit: a Forget me still running when the app quits is waited for (its
    /// transaction is the learner's deletion, all or nothing) and finished, so nothing saves the
    /// forgotten profile again on the way out.
    func finishForgetBeforeExit() {
        guard state.forgetting != nil else { return }
        if case .forgot(let problem) = state.jobs.waitForOne(timeout: 3600, matching: { if case .forgot = $0 { true } else { false } }) {
            finishForget(problem: problem)
        }
    }
}
