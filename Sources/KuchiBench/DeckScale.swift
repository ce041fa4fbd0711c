// DeckScale: the deck-scale half of `scripts/bench`.
//
// It generates a valid deck of N entries in memory, writes it to a temporary file, then measures
// what a learner's deck of that size costs in KuchiCore: loading and validating it
// (`Deck.load`, the path a user deck takes), the memory that takes, starting a session, and
// picking the next challenge with its choices after a right answer (`check` → next test).

import Foundation
import KuchiCore
import KuchiMemory
import KuchiDeck

#if canImport(Glibc)
    import Glibc
#endif

/// DeckScaleOptions: `kuchi-bench --entries N …`'s options.
struct DeckScaleOptions {
    var entries = 1000
    /// categories: how many categories the entries are spread over; 0 leaves every entry
    /// uncategorised (as a CSV or Anki export often is).
    var categories = 50
    var picks = 2000
    var loads = 5
    var seed: UInt64 = 1
    /// write: only write the generated deck to this path (to play it with `kuchi --deck`).
    var write: String?

    /// init: parses `--name value` pairs; a bad one exits with the usage.
    init(arguments: ArraySlice<String>) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { Measure.fail("\(argument) needs a value") }
            switch argument {
            case "--entries": entries = Self.number(value, for: argument)
            case "--categories": categories = Self.number(value, for: argument)
            case "--picks": picks = Self.number(value, for: argument)
            case "--loads": loads = max(1, Self.number(value, for: argument))
            case "--seed": seed = UInt64(Self.number(value, for: argument))
            case "--write": write = value
            default: Measure.fail("unknown option \(argument)")
            }
        }
        if entries < Deck.minimumEntries { Measure.fail("--entries must be at least \(Deck.minimumEntries)") }
    }

    /// number: a whole, non-negative option value.
    static func number(_ text: String, for option: String) -> Int {
        guard let value = Int(text), value >= 0 else { Measure.fail("\(option) needs a whole number, not \(text)") }
        return value
    }
}

/// DeckScale: the measurements of one deck size, printed as one JSON object.
enum DeckScale {
    /// run: generates, loads and plays the deck; returns the figures.
    @MainActor
    static func run(_ options: DeckScaleOptions) -> [String: Any] {
        // The deck file, written and then dropped from memory before anything is measured.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("deck.json")
        var fileBytes = 0
        do {
            let data = DeckGenerator.json(entries: options.entries, categories: options.categories)
            fileBytes = data.count
            do { try data.write(to: url) } catch { Measure.fail("cannot write \(url.path): \(error)") }
        }

        // Load: the first load's memory is the figure (peak during the load, and what stays
        // resident with the deck); every load's time counts towards the median.
        let peakWasReset = Measure.resetPeak()
        let before = Measure.memory()
        var loadTimes: [UInt64] = []
        var deck: Deck?
        var after = before
        for attempt in 0..<options.loads {
            let start = Measure.now()
            let loaded: Deck
            do throws(DeckError) {
                loaded = try Deck.load(from: url)
            } catch {
                Measure.fail("the generated deck is not valid: \(error)")
            }
            loadTimes.append(Measure.now() - start)
            if attempt == 0 {
                after = Measure.memory()
                deck = loaded
            }
        }
        guard let deck, deck.challenges.count == options.entries else { Measure.fail("the generated deck lost entries") }

        // Session start: the view model indexes categories and the pool of remaining words.
        let startBegin = Measure.now()
        let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: options.entries, random: SeededGenerator(seed: options.seed))
        let sessionStart = Measure.now() - startBegin
        let pickTimes = rightAnswers(quiz, count: min(options.picks, options.entries - 1), restart: false)
        let end = Measure.memory()

        return [
            "entries": options.entries,
            "categories": options.categories,
            "file_bytes": fileBytes,
            "load_ns": loadTimes.map { Int($0) },
            "load_median_ns": Int(Measure.median(loadTimes)),
            "rss_before_load_kib": before.rss,
            "rss_after_load_kib": after.rss,
            "peak_rss_load_kib": peakWasReset ? after.peak : -1,
            "peak_rss_session_kib": end.peak,
            "session_start_ns": Int(sessionStart),
            "picks": pickTimes.count,
            "pick_median_ns": Int(Measure.median(pickTimes)),
            "pick_p95_ns": Int(Measure.percentile(pickTimes, 95)),
            "pick_max_ns": Int(pickTimes.max() ?? 0),
        ]
    }

    /// rightAnswers: answers `count` words right through `check`, timing each one (the score,
    /// the word's grade and write when the quiz remembers, the next word and its choices), and
    /// checks every next challenge is well formed. `restart` starts a new session when one ends;
    /// `nextDay` (a remembering quiz) gives the next study day's quiz when nothing is left to ask
    /// today, as a learner comes back tomorrow. A New word card is read and a verdict confirmed
    /// on the way, as the learner does.
    @MainActor
    static func rightAnswers(_ first: ChallengesViewModel, count: Int, restart: Bool,
                             nextDay: (@MainActor () -> ChallengesViewModel)? = nil) -> [UInt64] {
        var quiz = first
        var times: [UInt64] = []
        times.reserveCapacity(count)
        var emptyDays = 0
        while times.count < count {
            quiz.goOn()
            quiz.finishTeaching()
            guard let test = quiz.currentTest else {
                if let nextDay, quiz.ranOut || quiz.nothingToStudy {
                    emptyDays += 1
                    if emptyDays > 60 { Measure.fail("nothing to ask for 60 study days") }
                    quiz = nextDay()
                    continue
                }
                guard restart, quiz.isComplete else { Measure.fail("the quiz has no challenge to answer") }
                quiz.restart()
                continue
            }
            emptyDays = 0
            let start = Measure.now()
            let outcome = quiz.check(test.challenge.answer)
            times.append(Measure.now() - start)
            guard outcome == .correct else { Measure.fail("a right answer was not taken as right") }
            if quiz.isComplete {
                if restart || nextDay != nil { continue }
                Measure.fail("the quiz ended before its words were all asked")
            }
            guard let next = quiz.currentTest else {
                if nextDay != nil, quiz.ranOut || quiz.nothingToStudy { continue }
                Measure.fail("the quiz did not move on to a next challenge")
            }
            let distinct = Set(next.answers).count == next.answers.count
            if !(next.answers.count == ChallengesViewModel.choicesPerTest && distinct && next.answers.contains(next.challenge.answer)) {
                Measure.fail("the next challenge's choices are not three distinct answers including the right one")
            }
        }
        return times
    }
}
