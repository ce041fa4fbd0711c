/// ParameterClipper: the bounds fsrs-rs keeps weights within during and after training.
///
/// They are the scheduler's bounds (`FSRSParameters`) except that w[17] and w[18] stop at 2
/// (with one relearning step) and, while same-day stability is being trained, w[19] at 0.01 —
/// below it a second review on the same day could never raise stability.
import KuchiMemory

enum ParameterClipper {
    /// clipped: `weights` with each clamped to its bound.
    static func clipped(_ weights: [Double], shortTerm: Bool) -> [Double] {
        var result = weights
        clip(&result, shortTerm: shortTerm)
        return result
    }

    /// clip: clamps `weights` in place.
    static func clip(_ weights: inout [Double], shortTerm: Bool) {
        for index in weights.indices {
            var low = FSRSParameters.lowerBounds[index]
            var high = FSRSParameters.upperBounds[index]
            if index == 19 && shortTerm { low = 0.01 }
            if index == 17 || index == 18 { high = 2.0 }
            if index < 4 { low = FSRSGradient.minimumStability; high = InitialStability.maximum }
            weights[index] = min(max(weights[index], low), high)
        }
    }
}
