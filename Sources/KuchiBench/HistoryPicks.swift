import Foundation
import KuchiCore
import KuchiMemory
import KuchiDeck
import KuchiData

/// HistoryPicks: `kuchi-bench pick-history` — what a remembering quiz costs in KuchiCore on a
/// learner's history: opening the database, loading the deck's cards into the study queue, and
/// each right answer through `check` (the grade, its durable write — review, card and session
/// in one transaction — and picking the next card with its choices). The same answers without a
/// database, on the same deck in the same process, are the baseline.
///
/// It writes to the database it is given (every answer is a review): `scripts/bench` gives it a
/// copy.
enum HistoryPicks {
    /// run: the figures, as one JSON object.
    @MainActor
    static func run(_ options: HistoryOptions) -> [String: Any] {
        guard let path = options.deck else { Measure.fail("--deck FILE is needed") }
        let deck: Deck
        do throws(DeckError) {
            deck = try Deck.load(from: URL(fileURLWithPath: path))
        } catch {
            Measure.fail("cannot load \(path): \(error)")
        }
        let name = options.profile ?? ""
        guard let profile = ProfileStore(directory: options.configURL).loadAll().profiles.first(where: { $0.isNamed(name) }) else {
            Measure.fail("there is no saved profile named \(name) in \(options.configURL.path)")
        }
        let questions = Settings.questionRange.upperBound

        let openStart = Measure.now()
        let database = LearnerDatabase.open(directory: options.dataURL)
        let opened = Measure.now()
        if let problem = database.problem { Measure.fail(problem.message) }
        let context = StudyContext(database: database, learner: profile.id, scheduler: SchedulerFactory.scheduler(learner: profile.id, desiredRetention: profile.settings.desiredRetention, in: database))
        // The bench's own clock: when a day's cards run out, the learner comes back the next
        // day (a new session, its due cards and new words), as the study days of a history do.
        var today = Date()
        var day = 0
        let quiz = ChallengesViewModel(deck: deck, numberOfQuestions: questions, study: context, random: SeededGenerator(seed: options.seed),
                                       clock: { today })
        let started = Measure.now()
        let remembered = DeckScale.rightAnswers(quiz, count: options.picks, restart: true) {
            day += 1
            today = Date().addingTimeInterval(Double(day) * 86_400)
            return ChallengesViewModel(deck: deck, numberOfQuestions: questions, study: context,
                                       random: SeededGenerator(seed: options.seed &+ UInt64(day)), clock: { today })
        }
        let peak = Measure.memory().peak

        let plain = ChallengesViewModel(deck: deck, numberOfQuestions: questions, random: SeededGenerator(seed: options.seed))
        let inMemory = DeckScale.rightAnswers(plain, count: options.picks, restart: true)
        return [
            "open_ns": Int(opened - openStart),
            "session_start_ns": Int(started - opened),
            "picks": remembered.count,
            "pick_median_ns": Int(Measure.median(remembered)),
            "pick_p95_ns": Int(Measure.percentile(remembered, 95)),
            "plain_pick_median_ns": Int(Measure.median(inMemory)),
            "plain_pick_p95_ns": Int(Measure.percentile(inMemory, 95)),
            "peak_rss_kib": peak,
        ]
    }
}
