import Foundation
import KuchiCore

/// SettingsScene+Forget: Forget me runs off the input loop — a learner with 100,000 reviews takes
/// seconds to delete, and the screen must not freeze meanwhile. Settings shows a line while it
/// runs; its end arrives as a job result (`App.finishForget`, App+Changes).
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
