/// FSRSParameters: the FSRS-6 model weights w[0]…w[20] and the bounds the reference accepts.
///
/// The values are those of the reference implementation, py-fsrs 6.3.2, so a schedule computed
/// here matches one computed there (the parity test checks it). Indices, as the scheduler uses
/// them: w[0…3] initial stability per rating; w[4], w[5] initial difficulty; w[6] difficulty
/// change; w[7] mean reversion; w[8…10] recall stability; w[11…14] forget stability; w[15] Hard
/// penalty; w[16] Easy bonus; w[17…19] same-day (short-term) stability; w[20] forgetting-curve
/// decay.
public enum FSRSParameters {
    /// count: how many weights FSRS-6 has.
    public static let count = 21

    /// defaults: the reference's default weights, fitted by its authors on a large review corpus.
    public static let defaults: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// minimumStability: the smallest stability (days) any formula may produce, as in the reference.
    package static let minimumStability = 0.001

    /// lowerBounds: the smallest value the reference accepts for each weight.
    public static let lowerBounds: [Double] = [
        minimumStability, minimumStability, minimumStability, minimumStability, 1.0, 0.001, 0.001,
        0.001, 0.0, 0.0, 0.001, 0.001, 0.001, 0.001, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.1,
    ]

    /// upperBounds: the largest value the reference accepts for each weight.
    public static let upperBounds: [Double] = [
        100.0, 100.0, 100.0, 100.0, 10.0, 4.0, 4.0, 0.75, 4.5, 0.8, 3.5, 5.0, 0.25, 0.9, 4.0, 1.0,
        6.0, 2.0, 2.0, 0.8, 0.8,
    ]

    /// problems(in:): every reason `weights` cannot drive the scheduler, empty when they can.
    ///
    /// The reference refuses the same weights (wrong count, or one outside its bounds): outside
    /// them the formulas can divide by zero or let stability run away.
    public static func problems(in weights: [Double]) -> [String] {
        guard weights.count == count else {
            return ["expected \(count) FSRS parameters, got \(weights.count)"]
        }
        return weights.indices.compactMap { index in
            let (weight, lower, upper) = (weights[index], lowerBounds[index], upperBounds[index])
            return lower <= weight && weight <= upper
                ? nil : "parameters[\(index)] = \(weight) is out of bounds (\(lower), \(upper))"
        }
    }
}
