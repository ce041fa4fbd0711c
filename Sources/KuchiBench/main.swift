// kuchi-bench: the in-process half of `scripts/bench` (see README, "Performance").
//
//   kuchi-bench --entries 100000 [--categories 50] [--picks 2000] [--loads 5] [--seed 1]
//   kuchi-bench --entries 100000 --write deck.json     (only writes the generated deck)
//   kuchi-bench make-history --data-dir DIR --profile NAME --cards N --reviews M \
//       [--deck-out FILE] [--config-dir DIR] [--seed S]
//   kuchi-bench pick-history --data-dir DIR --config-dir DIR --profile NAME --deck FILE [--picks N]
//   kuchi-bench startup-parts --data-dir DIR --config-dir DIR --profile NAME [--deck FILE]
//
// Each prints one JSON object on standard output; `benchmarks/drive.py` runs each in a fresh
// process so the memory figures of one don't carry into the next. It reports figures and
// asserts nothing.

import Foundation
import KuchiCore

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "make-history":
    let options = HistoryOptions(arguments: arguments.dropFirst())
    MainActor.assumeIsolated { Measure.printJSON(HistoryMaker.run(options)) }
case "pick-history":
    let options = HistoryOptions(arguments: arguments.dropFirst())
    MainActor.assumeIsolated { Measure.printJSON(HistoryPicks.run(options)) }
case "startup-parts":
    let options = HistoryOptions(arguments: arguments.dropFirst())
    MainActor.assumeIsolated { Measure.printJSON(StartupParts.run(options)) }
default:
    let options = DeckScaleOptions(arguments: arguments)
    if let path = options.write {
        do {
            try DeckGenerator.json(entries: options.entries, categories: options.categories).write(to: URL(fileURLWithPath: path))
        } catch {
            Measure.fail("cannot write \(path): \(error)")
        }
        exit(0)
    }
    MainActor.assumeIsolated { Measure.printJSON(DeckScale.run(options)) }
}
