import Foundation

/// StudyContext: what a quiz needs to remember — the database, whose memory it is, and how to
/// schedule — passed to `ChallengesViewModel` by the app.
public struct StudyContext {
    /// database: where cards, reviews and the session in progress are kept.
    public var database: LearnerDatabase
    /// learner: the profile's UUID, the learner's key in the database.
    public var learner: UUID
    /// scheduler: FSRS (tests use a predictable stand-in).
    public var scheduler: any CardScheduler
    /// newWordLimit: new words per study day (Settings, 0–100).
    public var newWordLimit: Int
    /// day: when the learner's study day rolls over.
    public var day: StudyDay

    /// init: a context; the limit is the learner's setting, the day their time zone.
    public init(database: LearnerDatabase, learner: UUID, scheduler: any CardScheduler,
                newWordLimit: Int = StudyQueue.defaultNewWordLimit, day: StudyDay = StudyDay()) {
        self.database = database
        self.learner = learner
        self.scheduler = scheduler
        self.newWordLimit = newWordLimit
        self.day = day
    }
}

/// QuizMemory: the quiz's link to the learner's memory — it loads the deck's cards, picks the
/// next word from the study queue, grades answers and writes each answer (review, card, session
/// snapshot) as one transaction.
///
/// Write failures (a disk that fills up mid-session) do not stop the quiz: the card's new state
/// is kept in memory and the failure is reported once through `problem`.
@MainActor
final class QuizMemory {
    let context: StudyContext
    private(set) var queue: StudyQueue
    let learnerDeck: Int64?
    private let positionByCard: [Int64: Int]
    /// problem: the first failure to read or write, in one sentence.
    private(set) var problem: String?

    /// init: loads (or creates) the learner's cards for `deck` and builds the queue; a database
    /// that cannot be read leaves a queue of new cards in memory and a `problem`.
    init(context: StudyContext, deck: Deck, now: Date) {
        self.context = context
        var cards: [CardRecord] = []
        var learnerDeck: Int64?
        var newToday = 0
        do {
            let loaded = try context.database.cards(learner: context.learner, deck: deck, now: now)
            cards = loaded.cards
            learnerDeck = loaded.learnerDeck
            newToday = try context.database.introducedCount(learnerDeck: loaded.learnerDeck, since: context.day.start(of: now))
        } catch {
            problem = "Could not read your study history (\(error)); this session is not saved."
            cards = deck.challenges.enumerated().map { position, challenge in
                CardRecord(id: -Int64(position) - 1, question: challenge.question, reading: challenge.reading ?? "",
                           answer: challenge.answer, direction: .japaneseToEnglish, card: FSRSCard(due: now), introduced: nil)
            }
        }
        self.learnerDeck = learnerDeck
        var positions: [Int64: Int] = [:]
        for (position, record) in cards.enumerated() { positions[record.id] = position }
        positionByCard = positions
        let scheduler = context.scheduler
        queue = StudyQueue(cards: cards, now: now, newToday: newToday, newWordLimit: context.newWordLimit,
                           retrievability: { scheduler.retrievability(of: $0, at: $1) })
        if let problem = context.database.problem?.message, self.problem == nil { self.problem = problem }
    }

    /// savedSession: the session in progress for this learner and deck, if one was saved.
    func savedSession() -> SessionSnapshot? {
        guard let learnerDeck else { return nil }
        return try? context.database.session(learnerDeck: learnerDeck)
    }

    /// position: the deck position of a card id.
    func position(ofCard id: Int64) -> Int? {
        positionByCard[id]
    }

    /// cardID: the card id at a deck position.
    func cardID(at position: Int) -> Int64 {
        queue.cards[position].id
    }

    /// next: the next word's deck position and why it was picked.
    func next(now: Date, excluding current: Int?) -> (position: Int, source: StudyQueue.Source)? {
        queue.next(now: now, excluding: current)
    }

    /// markShown: a resumed session's word counts as shown (extra practice will not repeat it).
    func markShown(_ position: Int) {
        queue.markShown(position)
    }

    /// grade: the card's state after `rating`, predicted in memory so the queue can move on
    /// before the write (the write recomputes from the database's copy).
    func grade(_ position: Int, rating: Rating, now: Date) {
        var record = queue.cards[position]
        let time = max(now, record.card.lastReview ?? now)
        record.card = context.scheduler.review(record.card, rating: rating, at: time)
        record.introduced = record.introduced ?? time
        queue.update(record, at: position)
    }

    /// save: writes the answer's review (if graded) and the session snapshot (nil: the session
    /// is over) as one transaction; returns the card as stored.
    @discardableResult
    func save(review: ReviewInput?, position: Int?, snapshot: SessionSnapshot?) -> CardRecord? {
        guard let learnerDeck else {
            return position.map { queue.cards[$0] }
        }
        do {
            let stored = try context.database.record(review, scheduler: context.scheduler, session: snapshot, learnerDeck: learnerDeck)
            if let stored, let position { queue.update(stored, at: position) }
            return stored ?? position.map { queue.cards[$0] }
        } catch {
            if problem == nil { problem = "Could not save your answer (\(Self.reason(error))); this session goes on unsaved." }
            return position.map { queue.cards[$0] }
        }
    }

    /// reason: the first line of an error, for a one-sentence notice.
    private static func reason(_ error: any Error) -> String {
        "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}
