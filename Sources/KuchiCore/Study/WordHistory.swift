import Foundation
import GRDB
import KuchiMemory
import KuchiDeck
import KuchiData

/// WordHistory: one word's page — the entry (word, reading, romaji, meaning) and, per card
/// (direction), its state, whether it is suspended or a leech, its memory now and every review
/// with the interval it set. `kuchi word` prints it; the app's Word scene shows it.
///
/// Read from the store (the card rows and the review log), never from a model in memory, so
/// the page says what `kuchi export cards`/`reviews` say.
public struct WordHistory: Equatable, Sendable {
    /// leechLapses: a card forgotten this often is a leech (Anki's default).
    public static let leechLapses = 8

    /// Review: one graded answer of a card.
    public struct Review: Equatable, Sendable {
        /// time: when it was given.
        public var time: Date
        /// rating: Again, Hard, Good or Easy.
        public var rating: Rating
        /// intervalDays: the days from this review to the due time it set (the log replayed
        /// through FSRS with each review's own fuzz and the weights in force at its time, as a
        /// sync's replay computes it).
        public var intervalDays: Double
    }

    /// Card: one direction of the word.
    public struct Card: Equatable, Sendable {
        public var id: Int64
        public var direction: StudyDirection
        public var state: CardState
        public var suspended: Bool
        /// leech: forgotten `leechLapses` times or more.
        public var leech: Bool
        public var lapses: Int
        /// stability, difficulty, retrievability, due: nil while the card is new.
        public var stability: Double?
        public var difficulty: Double?
        public var retrievability: Double?
        public var due: Date?
        public var reviews: [Review]
    }

    /// challenge: the deck's entry.
    public var challenge: Challenge
    /// cards: the word's cards, in the order of `StudyDirection.allCases`.
    public var cards: [Card]

    /// find: the deck's entry written `word` or read `word` (the written form wins when one
    /// word's reading is another's written form); nil when the deck has none. A reading several
    /// words share gives the first of them: `matches` says when there are several.
    public static func find(_ word: String, in deck: Deck) -> Challenge? {
        matches(word, in: deck).first
    }

    /// matches: the entries `word` names — the one written so, else every entry read so (one
    /// reading may be several words': あつい is 暑い, 熱い and 厚い). Empty when none.
    public static func matches(_ word: String, in deck: Deck) -> [Challenge] {
        let text = word.trimmingSpaces().precomposedStringWithCanonicalMapping
        guard !text.isEmpty else { return [] }
        if let written = deck.challenges.first(where: { $0.question == text }) { return [written] }
        return deck.challenges.filter { $0.reading == text || $0.readings.contains(text) }
    }

    /// replayIntervals: each review's interval, from the log replayed from a new card.
    static func replayIntervals(_ log: [(time: Date, rating: Rating, uid: String)], scheduler: any CardScheduler) -> [Review] {
        replayIntervals(log, timeline: [(time: Int64.min, scheduler: scheduler)])
    }

    /// replayIntervals(_:timeline:): each review's interval as it was given — scheduled by the
    /// weights in force at its time (`timeline`: each scheduler from its time on, oldest first),
    /// not by today's. From a change of weights on, the card's memory is its history replayed
    /// with the new ones, as the sync's replay computes it.
    static func replayIntervals(_ log: [(time: Date, rating: Rating, uid: String)],
                                timeline: [(time: Int64, scheduler: any CardScheduler)]) -> [Review] {
        var memory: FSRSCard?
        var inForce = -1
        return log.enumerated().map { index, entry in
            let at = Milliseconds.from(entry.time)
            let current = timeline.lastIndex { $0.time <= at } ?? 0
            let scheduler = timeline[current].scheduler
            if current != inForce {
                // New weights: the memory so far is the earlier reviews replayed with them.
                inForce = current
                memory = nil
                for earlier in log[..<index] { memory = Self.step(memory, earlier, scheduler) }
            }
            let card = Self.step(memory, entry, scheduler)
            memory = card
            let time = max(entry.time, card.lastReview ?? entry.time)
            return Review(time: entry.time, rating: entry.rating, intervalDays: card.due.timeIntervalSince(time) / 86_400)
        }
    }

    /// step: `memory` after one review of the log.
    private static func step(_ memory: FSRSCard?, _ entry: (time: Date, rating: Rating, uid: String),
                             _ scheduler: any CardScheduler) -> FSRSCard {
        let card = memory ?? FSRSCard(due: entry.time)
        let time = max(entry.time, card.lastReview ?? entry.time)
        return scheduler.review(card, rating: entry.rating, at: time, fuzzSeed: ReviewID.fuzzSeed(entry.uid))
    }
}

extension LearnerDatabase {
    /// wordHistory: the page of `challenge` in `deck` for `learner` at `now` (a word never
    /// studied has new cards in the directions it can be asked, with no reviews).
    public func wordHistory(learner: UUID, deck: Deck, challenge: Challenge, now: Date,
                            scheduler: any CardScheduler) throws -> WordHistory {
        let suspended = try isSuspended(learner: learner, deck: deck.title, question: challenge.question, reading: challenge.reading ?? "")
        // The weights in force at each review's time (kuchi optimize, a reset, another machine's
        // fit), so a page shows the interval each review was given.
        var timeline: [(time: Int64, scheduler: any CardScheduler)] = [(Int64.min, scheduler)]
        let rows: [(record: CardRecord, log: [(time: Date, rating: Rating, uid: String)])] = try writer.read { db in
            if let retention = (scheduler as? FSRSScheduler)?.desiredRetention {
                // Weight and retention changes alike: the scheduler in force from each one on.
                let changes = try ParameterTimeline.load(db, learner: learner, desiredRetention: retention)
                timeline = [(Int64.min, changes.base)] + changes.events.map { ($0.time, $0.scheduler) }
            }
            let cards = try LearnerDatabase.cards(db, learner: learner, deck: deck.title, question: challenge.question,
                                                  reading: challenge.reading ?? "", now: now)
            return try cards.map { record in
                let log = try ReviewLog.log(db, card: record.id).compactMap { review -> (Date, Rating, String)? in
                    guard let rating = Rating(rawValue: review.rating) else { return nil }
                    return (Milliseconds.date(review.time), rating, ReviewID.text(review.uid))
                }
                return (record, log)
            }
        }
        var byDirection: [StudyDirection: WordHistory.Card] = [:]
        for (record, log) in rows {
            let memory = record.card
            let isNew = memory.state == .new
            byDirection[record.direction] = WordHistory.Card(
                id: record.id, direction: record.direction, state: memory.state, suspended: suspended,
                leech: memory.lapses >= WordHistory.leechLapses, lapses: memory.lapses,
                stability: isNew ? nil : memory.stability, difficulty: isNew ? nil : memory.difficulty,
                retrievability: isNew ? nil : scheduler.retrievability(of: memory, at: now), due: isNew ? nil : memory.due,
                reviews: WordHistory.replayIntervals(log, timeline: timeline))
        }
        let directions = QuizDirection.mixed.directions(for: challenge)
        let cards = StudyDirection.allCases.compactMap { direction -> WordHistory.Card? in
            if let card = byDirection[direction] { return card }
            guard directions.contains(direction) else { return nil }
            return WordHistory.Card(id: 0, direction: direction, state: .new, suspended: suspended, leech: false, lapses: 0, stability: nil,
                                    difficulty: nil, retrievability: nil, due: nil, reviews: [])
        }
        return WordHistory(challenge: challenge, cards: cards)
    }
}
