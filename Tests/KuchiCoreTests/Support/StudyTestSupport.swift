import Foundation
import GRDB
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// SimpleScheduler: a predictable stand-in for FSRS in the store and queue tests.
///
/// Again → Learning (Relearning for a reviewed card) at step 0, due in 1 minute; Good on a new
/// or learning card → step 1 in 10 minutes on the first Good, then Review; Good in Review →
/// stability doubles (at least 1 day) and the card is due in `stability` days. Retrievability
/// is exp(-elapsed days / stability).
struct SimpleScheduler: CardScheduler {
    func review(_ card: FSRSCard, rating: Rating, at time: Date) -> FSRSCard {
        var next = card
        next.reps += 1
        next.lastReview = time
        next.difficulty = card.difficulty ?? 5
        switch (rating, card.state) {
        case (.again, .review), (.again, .relearning):
            if card.state == .review { next.lapses += 1 }
            next.state = .relearning
            next.step = 0
            next.stability = max(0.1, (card.stability ?? 1) / 2)
            next.due = time.addingTimeInterval(60)
        case (.again, _):
            next.state = .learning
            next.step = 0
            next.stability = card.stability ?? 0.5
            next.due = time.addingTimeInterval(60)
        case (_, .new) where card.step == 0 || card.step == nil, (_, .learning) where card.step == 0:
            next.state = .learning
            next.step = 1
            next.stability = card.stability ?? 1
            next.due = time.addingTimeInterval(600)
        default:
            next.state = .review
            next.step = nil
            next.stability = max(1, (card.stability ?? 1) * 2)
            next.due = time.addingTimeInterval((next.stability ?? 1) * 86_400)
        }
        return next
    }

    func retrievability(of card: FSRSCard, at time: Date) -> Double {
        guard let last = card.lastReview, let stability = card.stability else { return 0 }
        return exp(-max(0, time.timeIntervalSince(last)) / 86_400 / stability)
    }
}

/// TestClock: a clock tests move by hand (the quiz reads it through a closure).
@MainActor
final class TestClock {
    var now: Date

    init(_ now: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.now = now
    }

    /// advance: moves the clock on by `seconds`.
    func advance(_ seconds: TimeInterval) {
        now = now.addingTimeInterval(seconds)
    }

    /// read: the closure to hand to a model.
    var read: @MainActor () -> Date { { [unowned self] in self.now } }
}

/// StudyFixture: a database file in a temporary folder, a learner and a deck.
struct StudyFixture {
    let folder: TemporaryDirectory
    let learner = UUID()
    let deck: Deck

    init(words: Int = 12) throws {
        folder = try TemporaryDirectory()
        deck = try makeDeck(DeckJSON.words(words))
    }

    /// open: the database in the fixture's folder (a new connection each call, as a second
    /// Kuchi window would have).
    func open() -> LearnerDatabase {
        LearnerDatabase.open(directory: folder.url)
    }

    /// context: a study context for the learner over `database`.
    func context(_ database: LearnerDatabase, limit: Int = 10, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> StudyContext {
        StudyContext(database: database, learner: learner, scheduler: SimpleScheduler(), newWordLimit: limit,
                     day: StudyDay(timeZone: timeZone))
    }
}

/// count: the single integer a query returns, for assertions.
func count(_ database: LearnerDatabase, _ sql: String) throws -> Int {
    try database.writer.read { db in try Int.fetchOne(db, sql: sql) ?? -1 }
}

extension StudyFixture {
    /// lapseToTheBrink: the deck's first word, in review with 7 lapses and due now — one more
    /// miss makes it a leech.
    func lapseToTheBrink(_ database: LearnerDatabase, now: Date) throws {
        _ = try database.cards(learner: learner, deck: deck, now: now)
        try database.writer.write { db in
            try db.execute(sql: """
                UPDATE card SET state = 2, step = NULL, stability = 3, difficulty = 8, due = ?, last_review = ?, reps = 20, lapses = 7,
                introduced = ? WHERE question = ?
                """, arguments: [Milliseconds.from(now) - 1000, Milliseconds.from(now) - 86_400_000 * 3,
                                 Milliseconds.from(now) - 86_400_000 * 30, deck.challenges[0].question])
        }
    }
}
