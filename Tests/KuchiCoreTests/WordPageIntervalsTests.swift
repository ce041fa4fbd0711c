import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// Issue 40: the word page shows the interval each review was given — scheduled by the weights
/// in force at its time — not the log recomputed with today's parameters.
@Suite("Word page intervals")
@MainActor
struct WordPageIntervalsTests {
    @Test("after new weights are applied, the reviews before keep the intervals they were given; a review after uses the new weights")
    func intervalsAsGiven() throws {
        let fixture = try StudyFixture(words: 12)
        let database = fixture.open()
        let retention = 0.9
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let scheduler = SchedulerFactory.scheduler(learner: fixture.learner, desiredRetention: retention, in: database)
        let card = try database.cards(learner: fixture.learner, deck: fixture.deck, now: start).cards[0]
        let times = [0, 1, 4, 12].map { start.addingTimeInterval(Double($0) * 86_400) }
        for time in times {
            _ = try database.record(ReviewInput(cardID: card.id, rating: .good, time: time, duration: 2000), scheduler: scheduler)
        }
        let word = fixture.deck.challenges[0]
        let given = try database.wordHistory(learner: fixture.learner, deck: fixture.deck, challenge: word, now: times[3],
                                             scheduler: scheduler).cards.flatMap(\.reviews).map(\.intervalDays)
        #expect(given.count == 4)
        // Weights that make every interval far shorter, applied after the fourth review.
        var shorter = FSRSParameters.defaults
        for index in 0..<4 { shorter[index] /= 5 }
        let changedAt = times[3].addingTimeInterval(3600)
        _ = try database.applyParameters(shorter, learner: fixture.learner, source: .fitted, reschedule: false,
                                         desiredRetention: retention, now: changedAt)
        let now = SchedulerFactory.scheduler(learner: fixture.learner, desiredRetention: retention, in: database)
        let fifth = changedAt.addingTimeInterval(86_400 * 20)
        _ = try database.record(ReviewInput(cardID: card.id, rating: .good, time: fifth, duration: 2000), scheduler: now)
        let page = try database.wordHistory(learner: fixture.learner, deck: fixture.deck, challenge: word, now: fifth, scheduler: now)
        let intervals = page.cards.flatMap(\.reviews).map(\.intervalDays)
        #expect(Array(intervals.prefix(4)) == given, "the intervals given before the change: \(intervals) vs \(given)")
        let stored = try #require(try database.cards(learner: fixture.learner, deck: fixture.deck, now: fifth).cards.first { $0.id == card.id })
        let last = try #require(intervals.last)
        #expect(abs(stored.card.due.timeIntervalSince(fifth) / 86_400 - last) < 0.001, "the last interval is the due date the card holds")
    }
}
