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
/// Each (word, direction) is its own card. The queue holds one card per askable word: for a
/// single direction, that direction's card; for mixed directions, the card the word most needs
/// (a due one, the most overdue first; else a new one picked at random; else the one due
/// soonest), so a session asks each word once, in one direction. The quiz speaks in deck
/// positions; the queue's own positions stay inside this type.
///
/// Write failures (a disk that fills up mid-session) do not stop the quiz: the card's new state
/// is kept in memory and the failure is reported once through `problem`.
@MainActor
final class QuizMemory {
    let context: StudyContext
    private(set) var queue: StudyQueue
    let learnerDeck: Int64?
    /// deckPositions: the deck position of each queue position.
    private let deckPositions: [Int]
    /// queuePositions: the queue position of each askable deck position.
    private let queuePositions: [Int: Int]
    /// loaded: every card loaded (all directions asked), by id, so a resumed session finds its
    /// word even when mixed directions would pick another card for it today.
    private let loaded: [Int64: (position: Int, record: CardRecord)]
    /// problem: the first failure to read or write, in one sentence.
    private(set) var problem: String?

    /// init: loads (or creates) the learner's cards for `deck` in the directions `direction`
    /// asks and builds the queue; `pick` chooses among a word's new cards (mixed directions). A
    /// database that cannot be read leaves a queue of new cards in memory and a `problem`.
    init(context: StudyContext, deck: Deck, direction: QuizDirection = .japaneseToEnglish, now: Date,
         pick: (Int) -> Int = { _ in 0 }) {
        self.context = context
        let askable = direction.askable(in: deck)
        var byDirection: [StudyDirection: [CardRecord?]] = [:]
        var learnerDeck: Int64?
        var newToday = 0
        do {
            for studyDirection in Set(askable.flatMap(\.directions)) {
                // Only the words asked in a direction get its cards (no reading card for a
                // kana word): a part of the deck is loaded as a deck of its own, then realigned.
                let positions = askable.filter { $0.directions.contains(studyDirection) }.map(\.position)
                let part = positions.count == deck.challenges.count
                    ? deck : Deck(title: deck.title, attribution: deck.attribution, challenges: positions.map { deck.challenges[$0] })
                let loaded = try context.database.cards(learner: context.learner, deck: part, direction: studyDirection, now: now)
                var aligned: [CardRecord?] = Array(repeating: nil, count: deck.challenges.count)
                for (index, position) in positions.enumerated() { aligned[position] = loaded.cards[index] }
                byDirection[studyDirection] = aligned
                learnerDeck = loaded.learnerDeck
            }
            if let learnerDeck {
                newToday = try context.database.introducedCount(learnerDeck: learnerDeck, since: context.day.start(of: now))
            }
        } catch {
            problem = "Could not read your study history (\(error)); this session is not saved."
            learnerDeck = nil
            byDirection = [:]
            for studyDirection in Set(askable.flatMap(\.directions)) {
                let offset = Int64(StudyDirection.allCases.firstIndex(of: studyDirection) ?? 0) * Int64(deck.challenges.count)
                byDirection[studyDirection] = deck.challenges.enumerated().map { position, challenge in
                    CardRecord(id: -(offset + Int64(position)) - 1, question: challenge.question, reading: challenge.reading ?? "",
                               answer: challenge.answer, direction: studyDirection, card: FSRSCard(due: now), introduced: nil)
                }
            }
        }
        self.learnerDeck = learnerDeck
        var cards: [CardRecord] = []
        var deckPositions: [Int] = []
        var queuePositions: [Int: Int] = [:]
        var loaded: [Int64: (position: Int, record: CardRecord)] = [:]
        for (position, directions) in askable {
            let candidates = directions.compactMap { byDirection[$0]?[position] ?? nil }
            for record in candidates { loaded[record.id] = (position, record) }
            guard let chosen = Self.choose(among: candidates, now: now, pick: pick) else { continue }
            queuePositions[position] = cards.count
            deckPositions.append(position)
            cards.append(chosen)
        }
        self.deckPositions = deckPositions
        self.queuePositions = queuePositions
        self.loaded = loaded
        let scheduler = context.scheduler
        queue = StudyQueue(cards: cards, now: now, newToday: newToday, newWordLimit: context.newWordLimit,
                           retrievability: { scheduler.retrievability(of: $0, at: $1) })
        if let problem = context.database.problem?.message, self.problem == nil { self.problem = problem }
    }

    /// choose: the card a word is asked with today: due first (most overdue), then a new one
    /// (`pick` chooses which), then the one due soonest.
    private static func choose(among candidates: [CardRecord], now: Date, pick: (Int) -> Int) -> CardRecord? {
        guard candidates.count > 1 else { return candidates.first }
        let reviewed = candidates.filter { $0.card.state != .new }
        if let due = reviewed.filter({ $0.card.due <= now }).min(by: { $0.card.due < $1.card.due }) { return due }
        let fresh = candidates.filter { $0.card.state == .new }
        if !fresh.isEmpty { return fresh[min(max(pick(fresh.count), 0), fresh.count - 1)] }
        return reviewed.min { $0.card.due < $1.card.due }
    }

    /// savedSession: the session in progress for this learner and deck, if one was saved.
    func savedSession() -> SessionSnapshot? {
        guard let learnerDeck else { return nil }
        return try? context.database.session(learnerDeck: learnerDeck)
    }

    /// position: the deck position of a card id (any direction loaded for the word).
    func position(ofCard id: Int64) -> Int? {
        loaded[id]?.position
    }

    /// adopt: makes card `id` the one its word is asked with (a resumed session's card, which
    /// mixed directions might not have picked today); returns its deck position.
    func adopt(card id: Int64) -> Int? {
        guard let (position, record) = loaded[id], let slot = queuePositions[position] else { return nil }
        if queue.cards[slot].id != id { queue.update(record, at: slot) }
        return position
    }

    /// record: the card a deck position is asked with now.
    func record(at position: Int) -> CardRecord? {
        queuePositions[position].map { queue.cards[$0] }
    }

    /// cardID: the card id at a deck position.
    func cardID(at position: Int) -> Int64 {
        record(at: position)?.id ?? 0
    }

    /// direction: the direction the word at a deck position is asked in.
    func direction(at position: Int) -> StudyDirection {
        record(at: position)?.direction ?? .japaneseToEnglish
    }

    /// next: the next word's deck position and why it was picked.
    func next(now: Date, excluding current: Int?) -> (position: Int, source: StudyQueue.Source)? {
        guard let picked = queue.next(now: now, excluding: current.flatMap { queuePositions[$0] }) else { return nil }
        return (deckPositions[picked.position], picked.source)
    }

    /// markShown: a resumed session's word counts as shown (extra practice will not repeat it).
    func markShown(_ position: Int) {
        if let slot = queuePositions[position] { queue.markShown(slot) }
    }

    /// grade: the card's state after `rating`, predicted in memory so the queue can move on
    /// before the write (the write recomputes from the database's copy).
    func grade(_ position: Int, rating: Rating, now: Date) {
        guard let slot = queuePositions[position] else { return }
        var record = queue.cards[slot]
        let time = max(now, record.card.lastReview ?? now)
        record.card = context.scheduler.review(record.card, rating: rating, at: time)
        record.introduced = record.introduced ?? time
        queue.update(record, at: slot)
    }

    /// save: writes the answer's review (if graded) and the session snapshot (nil: the session
    /// is over) as one transaction; returns the card as stored.
    @discardableResult
    func save(review: ReviewInput?, position: Int?, snapshot: SessionSnapshot?) -> CardRecord? {
        let slot = position.flatMap { queuePositions[$0] }
        guard let learnerDeck else {
            return slot.map { queue.cards[$0] }
        }
        do {
            let stored = try context.database.record(review, scheduler: context.scheduler, session: snapshot, learnerDeck: learnerDeck)
            if let stored, let slot { queue.update(stored, at: slot) }
            return stored ?? slot.map { queue.cards[$0] }
        } catch {
            if problem == nil { problem = "Could not save your answer (\(Self.reason(error))); this session goes on unsaved." }
            return slot.map { queue.cards[$0] }
        }
    }

    /// reason: the first line of an error, for a one-sentence notice.
    private static func reason(_ error: any Error) -> String {
        "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}
