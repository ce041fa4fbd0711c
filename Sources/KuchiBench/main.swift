// kuchi-bench: the deck-scale half of `scripts/bench`.
//
// It generates a valid deck of N entries in memory, writes it to a temporary file, then measures
// what a learner's deck of that size costs in KuchiCore: loading and validating it
// (`Deck.load`, the path a user deck takes), the memory that takes, starting a session, and
// picking the next challenge with its choices after a right answer (`check` → next test).
// It prints one JSON object on standard output; `benchmarks/drive.py` runs it once per size, each
// in a fresh process so the memory figures of one size don't carry into the next.
//
//   kuchi-bench --entries 100000 [--categories 50] [--picks 2000] [--loads 5] [--seed 1]
//   kuchi-bench --entries 100000 --write deck.json     (only writes the generated deck)
//
// It reports figures and asserts nothing.

import Foundation
import KuchiCore

#if canImport(Glibc)
    import Glibc
#endif

struct Options {
    var entries = 1000
    /// categories: how many categories the entries are spread over; 0 leaves every entry
    /// uncategorised (as a CSV or Anki export often is).
    var categories = 50
    var picks = 2000
    var loads = 5
    var seed: UInt64 = 1
    /// write: only write the generated deck to this path (to play it with `kuchi --deck`).
    var write: String?

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { Self.usage("\(argument) needs a value") }
            switch argument {
            case "--entries": entries = Self.number(value, for: argument)
            case "--categories": categories = Self.number(value, for: argument)
            case "--picks": picks = Self.number(value, for: argument)
            case "--loads": loads = max(1, Self.number(value, for: argument))
            case "--seed": seed = UInt64(Self.number(value, for: argument))
            case "--write": write = value
            default: Self.usage("unknown option \(argument)")
            }
        }
        if entries < Deck.minimumEntries { Self.usage("--entries must be at least \(Deck.minimumEntries)") }
    }

    private static func number(_ text: String, for option: String) -> Int {
        guard let value = Int(text), value >= 0 else { usage("\(option) needs a whole number, not \(text)") }
        return value
    }

    static func usage(_ message: String) -> Never {
        let usage = "usage: kuchi-bench --entries N [--categories K] [--picks N] [--loads N] [--seed N] [--write PATH]"
        FileHandle.standardError.write(Data("kuchi-bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}

/// now: monotonic nanoseconds.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// memory: the process's resident set now and its peak, in KiB, from /proc/self/status.
func memory() -> (rss: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    var rss = 0, peak = 0
    for line in status.split(separator: "\n") {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2, let value = Int(fields[1]) else { continue }
        if fields[0] == "VmRSS:" { rss = value }
        if fields[0] == "VmHWM:" { peak = value }
    }
    return (rss, peak)
}

/// resetPeak: restarts the kernel's peak-RSS count (VmHWM), so the peak read after a load is that
/// load's, not the deck generation's; false where the kernel doesn't allow it.
func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
}

/// DeckGenerator: unique, valid entries — kana questions, a quarter with a kanji and a kana
/// reading (so validation runs its kanji/reading rules), unique answers, optional categories.
enum DeckGenerator {
    static let kana: [(String, String)] = [
        ("あ", "a"), ("い", "i"), ("う", "u"), ("え", "e"), ("お", "o"), ("か", "ka"), ("き", "ki"), ("く", "ku"),
        ("け", "ke"), ("こ", "ko"), ("さ", "sa"), ("し", "shi"), ("す", "su"), ("せ", "se"), ("そ", "so"),
        ("た", "ta"), ("ち", "chi"), ("つ", "tsu"), ("て", "te"), ("と", "to"), ("な", "na"), ("に", "ni"),
        ("ぬ", "nu"), ("ね", "ne"), ("の", "no"), ("は", "ha"), ("ひ", "hi"), ("ふ", "fu"), ("へ", "he"),
        ("ほ", "ho"), ("ま", "ma"), ("み", "mi"), ("む", "mu"), ("め", "me"), ("も", "mo"), ("や", "ya"),
        ("ゆ", "yu"), ("よ", "yo"), ("ら", "ra"), ("り", "ri"), ("る", "ru"), ("れ", "re"), ("ろ", "ro"),
        ("わ", "wa"), ("を", "wo"), ("ん", "n"),
    ]
    static let kanji: [(String, String, String)] = [("日", "ひ", "hi"), ("本", "ほん", "hon"), ("水", "みず", "mizu"), ("山", "やま", "yama")]

    static func json(entries: Int, categories: Int) -> Data {
        var out = "{\"title\": \"Generated deck of \(entries) entries\", \"challenges\": [\n"
        out.reserveCapacity(entries * 120)
        for index in 0..<entries {
            var digits: [(String, String)] = []
            var rest = index
            repeat {
                digits.append(kana[rest % kana.count])
                rest /= kana.count
            } while rest > 0
            while digits.count < 4 { digits.append(kana[0]) }
            let word = digits.map(\.0).joined()
            let romaji = digits.map(\.1).joined()
            var entry: String
            if index % 4 == 3 {
                let (character, reading, sound) = kanji[(index / 4) % kanji.count]
                entry = "{\"question\": \"\(character)\(word)\", \"reading\": \"\(reading)\(word)\", "
                entry += "\"pronunciation\": \"\(sound)\(romaji)\""
            } else {
                entry = "{\"question\": \"\(word)\", \"pronunciation\": \"\(romaji)\""
            }
            entry += ", \"answer\": \"meaning \(index + 1)\""
            if categories > 0 { entry += ", \"category\": \"Category \(index % categories + 1)\"" }
            entry += index == entries - 1 ? "}\n" : "},\n"
            out += entry
        }
        out += "]}\n"
        return Data(out.utf8)
    }
}

func median(_ values: [UInt64]) -> UInt64 {
    values.sorted()[values.count / 2]
}

/// percentile: nearest rank.
func percentile(_ values: [UInt64], _ p: Double) -> UInt64 {
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank - 1, 0), sorted.count - 1)]
}

@MainActor
func run(_ options: Options) -> Data {
    // The deck file, written and then dropped from memory before anything is measured.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("deck.json")
    var fileBytes = 0
    do {
        let data = DeckGenerator.json(entries: options.entries, categories: options.categories)
        fileBytes = data.count
        do { try data.write(to: url) } catch { Options.usage("cannot write \(url.path): \(error)") }
    }

    // Load: the first load's memory is the figure (peak during the load, and what stays resident
    // with the deck); every load's time counts towards the median.
    let peakWasReset = resetPeak()
    let before = memory()
    var loadTimes: [UInt64] = []
    var deck: Deck?
    var after = before
    for attempt in 0..<options.loads {
        let start = now()
        let loaded: Deck
        do throws(DeckError) {
            loaded = try Deck.load(from: url)
        } catch {
            Options.usage("the generated deck is not valid: \(error)")
        }
        loadTimes.append(now() - start)
        if attempt == 0 {
            after = memory()
            deck = loaded
        }
    }
    guard let deck, deck.challenges.count == options.entries else { Options.usage("the generated deck lost entries") }

    // Session start: the view model indexes categories and the pool of remaining words.
    let startBegin = now()
    let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: options.entries, random: SeededGenerator(seed: options.seed))
    let sessionStart = now() - startBegin

    // Next challenge: a right answer records the score, removes the word from the pool, then picks
    // the next word and builds its three choices.
    let picks = min(options.picks, options.entries - 1)
    var pickTimes: [UInt64] = []
    pickTimes.reserveCapacity(picks)
    for _ in 0..<picks {
        guard let test = quiz.currentTest else { break }
        let answer = test.challenge.answer
        let start = now()
        let outcome = quiz.check(answer)
        pickTimes.append(now() - start)
        guard outcome == .correct, let next = quiz.currentTest else {
            Options.usage("the quiz did not move on to a next challenge")
        }
        let distinct = Set(next.answers).count == next.answers.count
        let valid = next.answers.count == ChallengesViewModel.choicesPerTest && distinct && next.answers.contains(next.challenge.answer)
        if !valid {
            Options.usage("the next challenge's choices are not three distinct answers including the right one")
        }
    }
    let end = memory()

    let result: [String: Any] = [
        "entries": options.entries,
        "categories": options.categories,
        "file_bytes": fileBytes,
        "load_ns": loadTimes.map { Int($0) },
        "load_median_ns": Int(median(loadTimes)),
        "rss_before_load_kib": before.rss,
        "rss_after_load_kib": after.rss,
        "peak_rss_load_kib": peakWasReset ? after.peak : -1,
        "peak_rss_session_kib": end.peak,
        "session_start_ns": Int(sessionStart),
        "picks": pickTimes.count,
        "pick_median_ns": Int(median(pickTimes)),
        "pick_p95_ns": Int(percentile(pickTimes, 95)),
        "pick_max_ns": Int(pickTimes.max() ?? 0),
    ]
    do {
        return try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
    } catch {
        Options.usage("cannot encode the result: \(error)")
    }
}

let options = Options(arguments: CommandLine.arguments)
if let path = options.write {
    do {
        try DeckGenerator.json(entries: options.entries, categories: options.categories).write(to: URL(fileURLWithPath: path))
    } catch {
        Options.usage("cannot write \(path): \(error)")
    }
    exit(0)
}
let json = MainActor.assumeIsolated { run(options) }
FileHandle.standardOutput.write(json)
FileHandle.standardOutput.write(Data("\n".utf8))
