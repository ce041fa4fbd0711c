import Foundation
import GRDB
import KuchiMemory
import KuchiDeck
import KuchiData

/// StudyPlan: the cards a session started now would ask, in its order — the due cards, then
/// the day's new words — for `kuchi due --list`.
///
/// The same `StudyQueue` a session builds, over the same cards (read without writing: a word
/// never studied is a new card in memory), with the same daily limit, teaching order and
/// same-day partner rule; it is walked without answering until only extra practice is left.
public enum StudyPlan {
    /// Entry: one card of the list.
    public struct Entry: Equatable, Sendable {
        public var question: String
        /// reading: the word's reading (the word itself when it is kana).
        public var reading: String
        public var direction: StudyDirection
    }

    /// list: the due cards and the new ones, in the order a session would ask them at `now`.
    /// `lessons`: new words in lessons (the bundled deck).
    public static func list(database: LearnerDatabase, learner: UUID, deck: Deck, selection: StudySelection, lessons: Bool,
                            now: Date) throws -> (due: [Entry], new: [Entry]) {
        // Suspended words are skipped, not taken out of the deck: the lessons are cut from the
        // whole selection, as the session's queue cuts them (`QuizMemory`).
        let suspended = try database.suspendedWords(learner: learner, deck: deck.title)
        let dayStart = selection.day.start(of: now)
        let stored: (cards: [CardRecord], introducedToday: Int) = try database.writer.read { db in
            let cards = try LearnerDatabase.cards(db, learner: learner, deck: deck.title, now: now)
            return (cards, cards.filter { ($0.introduced ?? .distantPast) >= dayStart }.count)
        }
        var index = CardKeys.Index(CardKeys(stored.cards.map { CardKey(question: $0.question, reading: $0.reading, direction: $0.direction) }))
        var cards: [CardRecord] = []
        var words: [Int] = []
        for (position, directions) in selection.direction.askable(in: deck) {
            let challenge = deck.challenges[position]
            if !suspended.isEmpty, suspended.contains(SuspendedWord(question: challenge.question, reading: challenge.reading ?? "")) { continue }
            for direction in directions {
                let key = CardKey(question: challenge.question, reading: challenge.reading ?? "", direction: direction)
                let record = index.position(of: key).flatMap { stored.cards.indices.contains($0) ? stored.cards[$0] : nil }
                    ?? CardRecord(id: -Int64(cards.count) - 1, question: challenge.question, reading: challenge.reading ?? "",
                                  answer: challenge.answer, direction: direction, card: FSRSCard(due: now), introduced: nil)
                cards.append(record)
                words.append(position)
            }
        }
        let scheduler = SchedulerFactory.scheduler(learner: learner, desiredRetention: selection.desiredRetention, in: database)
        var rank: [Int]?
        if lessons {
            var places = Array(repeating: 0, count: deck.challenges.count)
            for (place, position) in TeachingOrder.lessons(of: deck).enumerated() { places[position] = place }
            rank = places
        }
        var queue = StudyQueue(cards: cards, words: words, now: now, newToday: stored.introducedToday, newWordLimit: selection.newWordLimit,
                               dayStart: dayStart, teachingRank: rank,
                               partnerKeys: { [challenges = deck.challenges] in TeachingOrder.partnerKeys(of: challenges[$0]) },
                               retrievability: { scheduler.retrievability(of: $0, at: $1) })
        var due: [Entry] = []
        var new: [Entry] = []
        var current: Int?
        for _ in 0...cards.count {
            guard let next = queue.next(now: now, excluding: current), next.source == .due || next.source == .new else { break }
            let record = cards[next.position]
            let entry = Entry(question: record.question, reading: record.reading.isEmpty ? record.question : record.reading,
                              direction: record.direction)
            if next.source == .due { due.append(entry) } else { new.append(entry) }
            current = next.position
        }
        return (due, new)
    }
}
