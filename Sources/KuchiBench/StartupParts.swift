import Foundation
import KuchiCore
import KuchiMemory
import KuchiDeck
import KuchiData

/// StartupParts: `kuchi-bench startup-parts` — Kuchi's work before its first frame, step by step,
/// in a fresh process as `kuchi` does it (so each first call includes the Swift runtime's one-time
/// work for the types it touches), then each step again (the steady cost).
///
/// The steps are `Launch.run`'s, in its order: the deck (decoded whole here, as Start and a
/// resumed session need it; the first screen itself reads only its outline, `DeckSource`), the saved
/// profiles, the learner database, the learner's quiz (cards, queue, saved session) and
/// Welcome's status line. A history can be given (`--data-dir`, `--config-dir`, `--profile`,
/// `--deck`) to see what it changes. The terminal (ncurses) and the first frame are not here:
/// drive.py measures the whole.
enum StartupParts {
    /// run: the steps' first and second times (wall and CPU), in milliseconds, and the peak
    /// RSS after each step's first call.
    @MainActor
    static func run(_ options: HistoryOptions) -> [String: Any] {
        var first: [String: Double] = [:], second: [String: Double] = [:]
        var firstCPU: [String: Double] = [:], secondCPU: [String: Double] = [:]
        var peakAfter: [String: Int] = [:]
        /// time: runs one step, keeping its first and its second times apart.
        func time<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
            let start = Measure.now(), startCPU = Measure.cpu()
            let value = try body()
            let elapsed = Double(Measure.now() - start) / 1e6, used = Double(Measure.cpu() - startCPU) / 1e6
            if first[name] == nil {
                first[name] = elapsed
                firstCPU[name] = used
                peakAfter[name] = Measure.memory().peak
            } else {
                second[name] = elapsed
                secondCPU[name] = used
            }
            return value
        }
        for _ in 0..<2 {
            let deck: Deck
            do {
                deck = try time("deck") {
                    // Through the data folder's deck cache, as `kuchi` loads it.
                    let cache = DeckCache(dataDirectory: options.dataURL)
                    if let path = options.deck { return try Deck.load(from: URL(fileURLWithPath: path), cache: cache) }
                    return try Deck.bundled(cache: cache)
                }
            } catch {
                Measure.fail("cannot load the deck: \(error)")
            }
            let profiles = time("profiles") { ProfileStore(directory: options.configURL).loadAll().profiles }
            let name = options.profile ?? ""
            guard let profile = profiles.first(where: { $0.isNamed(name) }) else {
                Measure.fail("there is no saved profile named \(name) in \(options.configURL.path)")
            }
            let database = time("database") { LearnerDatabase.open(directory: options.dataURL) }
            let context = StudyContext(database: database, learner: profile.id, scheduler: SchedulerFactory.scheduler(learner: profile.id, desiredRetention: profile.settings.desiredRetention, in: database))
            // The cards alone (the quiz below loads them again, from the same rows).
            _ = time("cards") { try? database.cards(learner: profile.id, deck: deck) }
            let quiz = time("quiz") {
                ChallengesViewModel(deck: deck, numberOfQuestions: Settings.questionRange.upperBound, study: context,
                                    random: SeededGenerator(seed: 1))
            }
            let keys = time("status keys") { QuizDirection.japaneseToEnglish.cardKeys(in: deck) }
            _ = time("status") {
                try? database.status(learner: profile.id, deck: deck.title, selection: keys,
                                     now: Date(), day: StudyDay(), newWordLimit: StudyQueue.defaultNewWordLimit)
            }
            if quiz.currentTest == nil { Measure.fail("the quiz has no word to ask") }
        }
        return ["first_ms": first, "second_ms": second, "first_cpu_ms": firstCPU, "second_cpu_ms": secondCPU, "peak_rss_after_kib": peakAfter]
    }
}
