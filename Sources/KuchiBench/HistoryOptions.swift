import Foundation
import KuchiCore
import KuchiData

/// HistoryOptions: the options of `make-history` and `pick-history` — whose history, where it
/// lives, and how big it is.
struct HistoryOptions {
    /// dataDir: the learner database's folder (`kuchi --data-dir`).
    var dataDir: String?
    /// configDir: the profiles' folder (`kuchi --config-dir`); the XDG location when absent.
    var configDir: String?
    /// profile: the learner's name.
    var profile: String?
    /// cards: how many words (cards) the history has.
    var cards = 1000
    /// reviews: how many reviews, spread over the cards and over the past year.
    var reviews = 10_000
    /// deck: `make-history`: where to write the generated deck (`--deck-out`);
    /// `pick-history`: the deck to play (`--deck`).
    var deck: String?
    /// seed: fixes the generated history (times, ratings, fuzz).
    var seed: UInt64 = 1
    /// picks: `pick-history`: right answers timed.
    var picks = 2000

    /// init: parses `--name value` pairs; a bad or missing one exits with the usage.
    init(arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { Measure.fail("\(argument) needs a value") }
            switch argument {
            case "--data-dir": dataDir = value
            case "--config-dir": configDir = value
            case "--profile": profile = value
            case "--cards": cards = DeckScaleOptions.number(value, for: argument)
            case "--reviews": reviews = DeckScaleOptions.number(value, for: argument)
            case "--deck-out", "--deck": deck = value
            case "--seed": seed = UInt64(DeckScaleOptions.number(value, for: argument))
            case "--picks": picks = DeckScaleOptions.number(value, for: argument)
            default: Measure.fail("unknown option \(argument)")
            }
        }
        if dataDir?.isEmpty ?? true { Measure.fail("--data-dir DIR is needed") }
        if profile?.trimmingSpaces().isEmpty ?? true { Measure.fail("--profile NAME is needed") }
    }

    /// dataURL: the data folder.
    var dataURL: URL { URL(fileURLWithPath: dataDir ?? ".") }

    /// configURL: the profiles' folder, as `kuchi --config-dir` reads it.
    var configURL: URL {
        configDir.map { URL(fileURLWithPath: $0) } ?? ProfileStore.defaultDirectory()
    }
}
