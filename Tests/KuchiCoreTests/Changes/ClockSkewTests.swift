import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// ClockSkewTests: a change made here after seeing another machine's wins on every machine,
/// whatever that machine's clock said — settings, suspensions, own answers and weights alike
/// (one stamping rule, `ChangeStamp`). Before it, weights and own answers were stamped with the
/// plain clock: `optimize --reset` on A lost to B's older fit stamped 9 hours ahead.
@Suite("A later change made here wins, with clocks apart")
struct ClockSkewTests {
    let start = ChangeCatalogueTests.start

    @Test("B's clock ahead (9 hours, 3 days): A's later change wins on both machines, for every stamped kind",
          arguments: [9.0 * 3600, 3.0 * 86_400] as [TimeInterval])
    func laterChangeHereWins(skew: TimeInterval) throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = try a.newLearner("Hana", answers: 3, from: start)
        let kitty = OwnAnswer(deck: "Test deck", word: "w1", direction: .japaneseToEnglish, answer: "kitty")
        let onA = LearnerDatabase.open(directory: a.data)
        try onA.keepOwnAnswer(kitty, learner: hana.id, now: at(5))
        _ = try a.sync(folder.url, now: at(10)).get()
        _ = try b.sync(folder.url, name: "Hana", now: at(11).addingTimeInterval(skew)).get()

        // B, its clock `skew` ahead, changes each kind.
        let onB = LearnerDatabase.open(directory: b.data)
        let bNow = at(12).addingTimeInterval(skew)
        var eight = hana
        eight.settings.numberOfQuestions = 8
        try onB.record([.numberOfQuestions], of: eight, now: bNow)
        try onB.setSuspended(true, learner: hana.id, deck: "Test deck", question: "w2", reading: "w-p2", now: bNow)
        try onB.removeOwnAnswer(kitty, learner: hana.id, now: bNow)
        var fitted = FSRSParameters.defaults
        fitted[0] *= 1.4
        _ = try onB.applyParameters(fitted, learner: hana.id, source: .fitted, reschedule: false, desiredRetention: 0.9, now: bNow)
        _ = try b.sync(folder.url, now: at(13).addingTimeInterval(skew)).get()
        _ = try a.sync(folder.url, now: at(14)).get()

        // A, after seeing them (or keeping them aside), changes each kind back, later in real time.
        var ten = hana
        ten.settings.numberOfQuestions = 10
        try onA.record([.numberOfQuestions], of: ten, now: at(15))
        try onA.setSuspended(false, learner: hana.id, deck: "Test deck", question: "w2", reading: "w-p2", now: at(15))
        try onA.keepOwnAnswer(kitty, learner: hana.id, now: at(15))
        _ = try onA.applyParameters(FSRSParameters.defaults, learner: hana.id, source: .reset, reschedule: false, desiredRetention: 0.9,
                                    now: at(15))
        _ = try a.sync(folder.url, now: at(16)).get()
        _ = try b.sync(folder.url, now: at(17).addingTimeInterval(skew)).get()

        // Days later on every clock (what was kept aside has come due), both agree: A's changes.
        _ = try a.sync(folder.url, now: at(18).addingTimeInterval(skew + 2 * 86_400)).get()
        _ = try b.sync(folder.url, now: at(19).addingTimeInterval(skew + 2 * 86_400)).get()
        for (name, database) in [("A", onA), ("B", onB)] {
            #expect(database.settings(of: hana).settings.numberOfQuestions == 10, "\(name): A's later setting")
            #expect(try !database.isSuspended(learner: hana.id, deck: "Test deck", question: "w2", reading: "w-p2"), "\(name): brought back")
            #expect(try database.ownAnswers(learner: hana.id) == [kitty], "\(name): kept again")
            #expect(database.parametersInForce(learner: hana.id)?.source == .reset, "\(name): A's reset is in force")
            #expect(database.parametersInForce(learner: hana.id)?.weights == FSRSParameters.defaults, "\(name)")
        }
    }

    /// at: `minutes` after the start, on a correct clock.
    func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }
}

/// RetentionTimelineTests: a retention change applies from the moment it was made, on every
/// machine: a sync reschedules nothing this machine scheduled, and a machine brought in holds
/// the same cards.
@Suite("Retention lives on the timeline")
struct RetentionTimelineTests {
    let start = ChangeCatalogueTests.start

    /// cards: every card's memory by identity, as the two machines compare them.
    static func cards(_ database: LearnerDatabase) throws -> [String] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT question, direction, state, step, stability, difficulty, due, last_review, reps, lapses FROM card
                WHERE state != 0 ORDER BY question, direction
                """).map { "\($0)" }
        }
    }

    @Test("answers before and after `retention 0.8`, then the first sync: no card rescheduled; a machine brought in has identical cards")
    func retentionChangeThenSync() throws {
        let (a, b, folder) = (try Peer(), try Peer(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        let database = LearnerDatabase.open(directory: a.data)
        try database.carryOver(hana, now: start)
        let deck = try makeDeck(DeckJSON.words(6))
        let change = start.addingTimeInterval(19 * 86_400)
        var lower = hana
        lower.settings.desiredRetention = 0.8
        var changed = false
        // Six words answered every two days for three weeks; the retention drops on day 19, then
        // only three of them are answered again: the other three were last scheduled at 0.9.
        for day in stride(from: 0, to: 28, by: 2) {
            let time = start.addingTimeInterval(Double(day) * 86_400 + 3600)
            if !changed, time > change {
                try database.record([.desiredRetention], of: lower, now: change)
                changed = true
            }
            let live = SchedulerFactory.scheduler(learner: hana.id, desiredRetention: database.settings(of: hana).settings.desiredRetention,
                                                  in: database)
            for (index, card) in try database.cards(learner: hana.id, deck: deck, now: time).cards.enumerated() where !changed || index < 3 {
                let rating: Rating = (day + index) % 5 == 0 ? .again : .good
                _ = try database.recordReview(ReviewInput(cardID: card.id, rating: rating, time: time.addingTimeInterval(Double(index) * 30),
                                                          duration: 1000), scheduler: live)
            }
        }
        #expect(database.settings(of: hana).settings.desiredRetention == 0.8)
        let before = try Self.cards(database)
        let report = try a.sync(folder.url, now: start.addingTimeInterval(29 * 86_400)).get()
        #expect(report.rescheduled == 0, "the machine's own first sync reschedules nothing it scheduled")
        #expect(try Self.cards(database) == before)
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(29 * 86_400 + 60)).get()
        #expect(try Self.cards(LearnerDatabase.open(directory: b.data)) == before, "a machine brought in computes the same cards")
        try LogInvariant.check(database, learners: [hana.id], scheduler: FSRSScheduler(desiredRetention: 0.9), "A after the sync")
    }
}
