/// SeededGenerator: a small deterministic random generator (SplitMix64).
///
/// The quiz takes its randomness from outside so tests, benchmarks and `KUCHI_SEED` runs replay
/// the same words in the same order; the system generator is used otherwise.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// AnyRandom: a type-erased generator the view model can keep and mutate.
public struct AnyRandom: RandomNumberGenerator {
    private var base: any RandomNumberGenerator

    public init(_ base: some RandomNumberGenerator) {
        self.base = base
    }

    public mutating func next() -> UInt64 {
        base.next()
    }
}
