import Foundation
import KuchiMemory
import KuchiDeck
import KuchiData

/// StudyContext: what a quiz needs to remember — the database, whose memory it is, and how to
/// schedule — passed to `ChallengesViewModel` by the learner's session.
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
    /// teachNewWords: a word met for the first time is shown as a New word card first.
    public var teachNewWords: Bool
    /// lessons: new words come in lessons (`TeachingOrder.lessons`): the bundled deck; an
    /// imported deck keeps its file order. The same-day partner rule holds for both.
    public var lessons = false

    /// init: a context; the limit is the learner's setting, the day their time zone.
    public init(database: LearnerDatabase, learner: UUID, scheduler: any CardScheduler,
                newWordLimit: Int = StudyQueue.defaultNewWordLimit, day: StudyDay = StudyDay(), teachNewWords: Bool = false) {
        self.database = database
        self.learner = learner
        self.scheduler = scheduler
        self.newWordLimit = newWordLimit
        self.day = day
        self.teachNewWords = teachNewWords
    }
}

extension QuizDirection {
    /// cardKeys: the cards this choice asks in `deck` — one per (word, direction) — as the
    /// queue loads them and Welcome and `kuchi due` count them.
    public func cardKeys(in deck: Deck) -> CardKeys {
        var keys: [CardKey] = []
        keys.reserveCapacity(deck.challenges.count)
        for (position, directions) in askable(in: deck) {
            // Two fields read in place: a copy of the whole entry per word was a third of the cost.
            let question = deck.challenges[position].question, reading = deck.challenges[position].reading ?? ""
            for direction in directions {
                keys.append(CardKey(question: question, reading: reading, direction: direction))
            }
        }
        return CardKeys(keys)
    }
}

/// QuizMemory: the quiz's link to the learner's memory — it loads the cards of the words and
/// directions studied, builds the study queue when the session starts, picks the next card,
/// schedules each answer once and writes it (review, card, session snapshot) in one
/// transaction, and takes the last answer back on undo.
///
/// Each (word, direction) is its own card and its own queue slot; the quiz speaks in slots and
/// asks `position(of:)` for the word. Write failures (a disk that fills up mid-session) do not
/// stop the quiz: the card's new state is kept in memory and the failure is reported once
/// through `problem`.
@MainActor
final class QuizMemory {
    let context: StudyContext
    private(set) var queue: StudyQueue
    let learnerDeck: Int64?
    /// slotsByCard: the slot of each loaded card id.
    private let slotsByCard: [Int64: Int]
    /// problem: the first failure to read or write, in one sentence.
    private(set) var problem: String?
    /// heldUndo: an undo kept back to be written with the next answer, in one transaction
    /// ("I was right": the Again is replaced by the Good); nil otherwise.
    private var heldUndo: RecordedReview?
    /// pendingSlot: the card just scheduled whose write is still to come (the quiz moves on to
    /// the next word first, so the session snapshot names it): its row is not read back.
    private var pendingSlot: Int?
    /// pendingIntroduces: the pending card was new (its write will count as today's new word).
    private var pendingIntroduces = false

    /// init: loads (or creates) the learner's cards for `deck` in the directions `direction`
    /// asks and builds the queue; `pick` orders a word's new cards (mixed directions). A
    /// database that cannot be read leaves a queue of new cards in memory and a `problem`.
    init(context: StudyContext, deck: Deck, direction: QuizDirection = .japaneseToEnglish, now: Date,
         pick: (Int) -> Int = { _ in 0 }) {
        self.context = context
        let askable = direction.askable(in: deck)
        var byDirection: [StudyDirection: [CardRecord?]] = [:]
        var learnerDeck: Int64?
        var newToday = 0
        var suspended: Set<SuspendedWord> = []
        do {
            suspended = try context.database.suspendedWords(learner: context.learner, deck: deck.title)
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
        var words: [Int] = []
        var slotsByCard: [Int64: Int] = [:]
        // Sized once: growing them copied every card (twice the memory for a moment).
        let slotCount = askable.reduce(0) { $0 + $1.directions.count }
        cards.reserveCapacity(slotCount)
        words.reserveCapacity(slotCount)
        slotsByCard.reserveCapacity(slotCount)
        for (position, directions) in askable {
            // A suspended word ("I know this word", a leech put away) is never asked.
            if !suspended.isEmpty,
               suspended.contains(SuspendedWord(question: deck.challenges[position].question, reading: deck.challenges[position].reading ?? "")) {
                continue
            }
            var candidates = directions.compactMap { byDirection[$0]?[position] ?? nil }
            if candidates.count > 1 {
                // A word's new cards in an order of its own, so mixed directions do not always
                // introduce a word Japanese → English first.
                let first = min(max(pick(candidates.count), 0), candidates.count - 1)
                candidates.swapAt(0, first)
            }
            for record in candidates {
                slotsByCard[record.id] = cards.count
                cards.append(record)
                words.append(position)
            }
        }
        self.slotsByCard = slotsByCard
        let scheduler = context.scheduler
        queue = StudyQueue(cards: cards, words: words, now: now, newToday: newToday, newWordLimit: context.newWordLimit,
                           dayStart: context.day.start(of: now), teachingRank: context.lessons ? Self.rank(TeachingOrder.lessons(of: deck)) : nil,
                           partnerKeys: { [challenges = deck.challenges] in TeachingOrder.partnerKeys(of: challenges[$0]) }, retrievability: { scheduler.retrievability(of: $0, at: $1) })
        if let problem = context.database.problem?.message, self.problem == nil { self.problem = problem }
    }

    /// rank: each deck position's place in `order`.
    private static func rank(_ order: [Int]) -> [Int] {
        var rank = Array(repeating: 0, count: order.count)
        for (place, position) in order.enumerated() { rank[position] = place }
        return rank
    }

    /// savedSession: the session in progress for this learner and deck, if one was saved.
    func savedSession() -> SessionSnapshot? {
        guard let learnerDeck else { return nil }
        return try? context.database.session(learnerDeck: learnerDeck)
    }

    /// slot: the queue slot of a card id.
    func slot(ofCard id: Int64) -> Int? {
        slotsByCard[id]
    }

    /// position: the deck position (the word) of a slot.
    func position(of slot: Int) -> Int {
        queue.words[slot]
    }

    /// record: the card in a slot.
    func record(at slot: Int) -> CardRecord {
        queue.cards[slot]
    }

    /// cardID: the card id in a slot.
    func cardID(at slot: Int) -> Int64 {
        queue.cards[slot].id
    }

    /// direction: the direction the card in a slot is asked in.
    func direction(at slot: Int) -> StudyDirection {
        queue.cards[slot].direction
    }

    /// markShown: a resumed session's card counts as shown (and its word as asked).
    func markShown(_ slot: Int) {
        queue.markShown(slot)
    }

    /// next: the next card and why it was picked. Before a card is shown its row is read again:
    /// one another window has reviewed since the queue was built is taken as it is now, and
    /// skipped when it is no longer due (or no longer new). The day's new cards are counted
    /// from the database before a new one is dealt, so the limit holds across windows.
    func next(now: Date, excluding current: Int?) -> (slot: Int, source: StudyQueue.Source)? {
        if let learnerDeck, queue.hasNewAllowed,
           let count = try? context.database.introducedCount(learnerDeck: learnerDeck, since: context.day.start(of: now)) {
            queue.setNewToday(count + (pendingSlot != nil && pendingIntroduces ? 1 : 0))
        }
        for _ in 0..<64 {
            guard let picked = queue.next(now: now, excluding: current) else { return nil }
            guard learnerDeck != nil, picked.position != pendingSlot,
                  let fresh = try? context.database.card(id: queue.cards[picked.position].id, now: now),
                  !fresh.hasSameMemory(as: queue.cards[picked.position].card) else { return (picked.position, picked.source) }
            queue.refresh(fresh, at: picked.position)
            let stillWanted: Bool = switch picked.source {
            case .new: fresh.card.state == .new
            case .due, .learning: fresh.card.due <= now
            case .extraPractice: true
            }
            if stillWanted { return (picked.position, picked.source) }
            // A new card another window introduced meanwhile is in the database's count
            // already: the pick that found it must not count it a second time.
            if picked.source == .new { queue.setNewToday(queue.newToday - 1) }
        }
        return queue.next(now: now, excluding: current).map { ($0.position, $0.source) }
    }

    /// nextDue: when the queue's next card waiting for its time falls due (nil: none waits).
    func nextDue() -> Date? {
        queue.nextDue()
    }

    /// newAllowed: whether a new card may still be dealt today, counted from the database.
    func newAllowed(now: Date) -> Bool {
        if let learnerDeck, let count = try? context.database.introducedCount(learnerDeck: learnerDeck, since: context.day.start(of: now)) {
            queue.setNewToday(count + (pendingSlot != nil && pendingIntroduces ? 1 : 0))
        }
        return queue.newToday < queue.newWordLimit
    }

    /// isFirstMeeting: the word in `slot` has never been reviewed in any direction nor
    /// remembered in Learn (a New word card teaches it first).
    func isFirstMeeting(_ slot: Int) -> Bool {
        let word = queue.words[slot]
        let record = queue.cards[slot]
        guard record.card.state == .new else { return false }
        let known = queue.cards.indices.contains { queue.words[$0] == word && queue.cards[$0].card.state != .new }
        if known { return false }
        guard let learnerDeck else { return true }
        return !((try? context.database.hasMet(learnerDeck: learnerDeck, question: record.question, reading: record.reading)) ?? false)
    }

    /// schedule: the card in `slot` after `rating` at `now` — FSRS run once, here; the queue
    /// takes the result and the store keeps it (`ReviewInput.computed`).
    func schedule(_ slot: Int, rating: Rating, now: Date, duration: Int) -> ReviewInput {
        var record = queue.cards[slot]
        let basis = record.card
        pendingIntroduces = record.introduced == nil
        // Whole milliseconds, as stored, and fuzz seeded from the review's id: the card kept
        // here is the one a sync's replay computes on every machine.
        let time = Milliseconds.date(Milliseconds.from(max(now, basis.lastReview ?? now)))
        let uid = context.database.reviewIDs.next()
        let after = context.scheduler.review(basis, rating: rating, at: time, fuzzSeed: ReviewID.fuzzSeed(uid))
        record.card = after
        record.introduced = record.introduced ?? time
        queue.update(record, at: slot)
        pendingSlot = slot
        return ReviewInput(cardID: record.id, rating: rating, time: time, duration: duration, uid: uid, computed: (basis, after))
    }

    /// save: writes the answer's review (if graded) and the session snapshot (nil: the session
    /// is over) as one transaction; returns what was recorded (for undo).
    @discardableResult
    func save(review: ReviewInput?, slot: Int?, snapshot: SessionSnapshot?) -> RecordedReview? {
        pendingSlot = nil
        guard let learnerDeck else { return nil }
        do {
            let held = heldUndo
            heldUndo = nil
            let recorded = try held.map { undone in
                try context.database.replace(undone, with: review, scheduler: context.scheduler, session: snapshot, learnerDeck: learnerDeck)
            } ?? context.database.recordReview(review, scheduler: context.scheduler, session: snapshot, learnerDeck: learnerDeck)
            if review != nil, recorded == nil, problem == nil {
                // The card's row is gone: the learner's progress was deleted (Forget me in another
                // window). Nothing more can be kept for this learner here.
                problem = "Your progress was deleted in another Kuchi window (Forget me); this session is not saved."
            }
            if let recorded, let slot, recorded.after.card != queue.cards[slot].card { queue.update(recorded.after, at: slot) }
            return recorded
        } catch {
            if problem == nil { problem = "Could not save your answer (\(Self.reason(error))); this session goes on unsaved." }
            return nil
        }
    }

    /// suspend: "I know this word": the word of `slot` is suspended in the store (all its
    /// directions, stamped for sync) and never dealt again; false (with `problem`) when the
    /// store could not keep it.
    func suspend(_ slot: Int, deck: String, now: Date) -> Bool {
        let record = queue.cards[slot]
        if learnerDeck != nil {
            do {
                try context.database.setSuspended(true, learner: context.learner, deck: deck, question: record.question,
                                                  reading: record.reading, now: now)
            } catch {
                fail("Could not suspend the word", error)
                return false
            }
        }
        queue.suspend(word: queue.words[slot], dealt: slot)
        return true
    }

    /// putBack: a card picked but abandoned (undo brought the previous word back) returns to
    /// the front of its line.
    func putBack(_ slot: Int, source: StudyQueue.Source) {
        queue.putBack(slot, source: source)
    }

    /// undo: takes a recorded answer back in the store and in the queue; false when the card
    /// has been reviewed again since (another window).
    func undo(_ recorded: RecordedReview?, slot: Int, before: CardRecord, snapshot: SessionSnapshot?, holding: Bool = false) -> Bool {
        if holding, let recorded, learnerDeck != nil {
            // "I was right": the store's undo is written with the Good that follows (`save`).
            heldUndo = recorded
        } else if let recorded, let learnerDeck {
            do {
                guard try context.database.undo(recorded, session: snapshot, learnerDeck: learnerDeck) else { return false }
            } catch {
                fail("Could not undo your answer", error)
                return false
            }
        }
        queue.update(before, at: slot)
        return true
    }

    /// releaseHeldUndo: writes an undo kept back when no answer followed it after all.
    func releaseHeldUndo(snapshot: SessionSnapshot?) {
        guard let held = heldUndo, let learnerDeck else { return }
        heldUndo = nil
        do {
            _ = try context.database.undo(held, session: snapshot, learnerDeck: learnerDeck)
        } catch {
            fail("Could not undo your answer", error)
        }
    }

    /// fail: keeps the first failure's sentence, "`doing` (the error's first line)."
    func fail(_ doing: String, _ error: any Error) {
        if problem == nil { problem = "\(doing) (\(Self.reason(error)))." }
    }

    /// reason: the first line of an error, for a one-sentence notice.
    private static func reason(_ error: any Error) -> String {
        "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}
