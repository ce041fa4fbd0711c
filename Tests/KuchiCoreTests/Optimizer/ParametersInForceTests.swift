import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData
@testable import KuchiSync

/// ParametersInForceTests: fitted weights stored as a change, applied to every card (memory
/// recomputed, due dates kept unless rescheduled), the one factory handing them out, and two
/// machines ending identical after a sync.
@Suite("Scheduler parameters in force")
struct ParametersInForceTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let day = 86_400.0

    /// OptimizerMachine: a data and config folder standing for one machine.
    struct OptimizerMachine {
        let home: TemporaryDirectory
        var config: URL { home.file("config") }
        var data: URL { home.file("data") }
        var store: ProfileStore { ProfileStore(directory: config) }

        /// init: an empty machine.
        init() throws { home = try TemporaryDirectory() }

        /// sync: one sync through `folder`.
        func sync(_ folder: URL, name: String? = nil, now: Date) throws -> SyncReport {
            try SyncService.run(SyncRequest(folder: folder, profileName: name, configDirectory: config, dataDirectory: data, now: now)).get()
        }
    }

    /// studied: a learner with 5 cards answered on days 0, 1, 4 and 11 (Good, then Again for one).
    func studied(_ machine: OptimizerMachine) throws -> (LearnerDatabase, Profile) {
        let hana = Profile(name: "Hana")
        _ = try machine.store.create(hana)
        let database = LearnerDatabase.open(directory: machine.data)
        let deck = try makeDeck(DeckJSON.words(5))
        let cards = try database.cards(learner: hana.id, deck: deck, now: start).cards.map(\.id)
        let scheduler = SchedulerFactory.scheduler(learner: hana.id, desiredRetention: 0.9, in: database)
        for (index, card) in cards.enumerated() {
            for (offset, rating) in [(0.0, Rating.good), (1, .good), (4, .good), (11, index == 0 ? .again : .good)] {
                try database.record(ReviewInput(cardID: card, rating: rating, time: start.addingTimeInterval(offset * day + Double(index) * 60),
                                                duration: 900), scheduler: scheduler)
            }
        }
        return (database, hana)
    }

    /// rows: every card's scheduling columns, in a stable order.
    func rows(_ database: LearnerDatabase) throws -> [[DatabaseValue]] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT question, state, step, stability, difficulty, due, last_review, reps, lapses FROM card ORDER BY question")
                .map { Array($0.databaseValues) }
        }
    }

    @Test("Applying weights recomputes every card's memory and keeps its due date; the change is logged")
    func applyKeepsDue() throws {
        let machine = try OptimizerMachine()
        let (database, hana) = try studied(machine)
        let before = try rows(database)
        let changed = try database.applyParameters(SyntheticLearner.truth, learner: hana.id, source: .fitted, reschedule: false,
                                                   desiredRetention: 0.9, now: start.addingTimeInterval(12 * day))
        #expect(changed == 5)
        let after = try rows(database)
        for (old, new) in zip(before, after) {
            #expect(old[5] == new[5], "due kept")
            #expect(old[3] != new[3], "stability recomputed")
        }
        let change = try #require(database.parametersInForce(learner: hana.id))
        #expect(change.weights == SyntheticLearner.truth && change.source == .fitted && !change.rescheduled)
        #expect(SchedulerFactory.scheduler(learner: hana.id, desiredRetention: 0.9, in: database).parameters == SyntheticLearner.truth)
        // The new memory is what the new weights make of each card's whole history.
        let replayed = try history(database).reduce(FSRSCard(due: start)) { card, review in
            SchedulerFactory.scheduler(weights: SyntheticLearner.truth, desiredRetention: 0.9)
                .review(card, rating: review.rating, at: review.time, fuzzSeed: review.seed)
        }
        #expect(after[0][3] == replayed.stability?.databaseValue)
    }

    @Test("--reschedule moves review cards' due dates to the new memory; a reset goes back to the defaults")
    func rescheduleAndReset() throws {
        let machine = try OptimizerMachine()
        let (database, hana) = try studied(machine)
        let before = try rows(database)
        var steep = SyntheticLearner.truth
        steep[8] = 2.4  // memory grows faster with each recall: longer intervals
        _ = try database.applyParameters(steep, learner: hana.id, source: .fitted, reschedule: true, desiredRetention: 0.9,
                                         now: start.addingTimeInterval(12 * day))
        let moved = try rows(database)
        #expect(zip(before, moved).filter { $0[5] != $1[5] }.count == 4, "the four review cards moved; the relearning one did not")
        #expect(try SchedulerOptimizer.reset(database, learner: hana.id, desiredRetention: 0.9, reschedule: true,
                                             now: start.addingTimeInterval(13 * day)))
        #expect(try rows(database) == before, "back to the defaults: the cards are as they were")
        #expect(try database.parameterChanges(learner: hana.id).map(\.source) == [.fitted, .reset])
        #expect(try !SchedulerOptimizer.reset(database, learner: hana.id, desiredRetention: 0.9, reschedule: false), "already the defaults")
    }

    @Test("Two machines: optimize on one, sync both, and both hold and schedule the same cards")
    func twoMachines() throws {
        let (a, b, folder) = (try OptimizerMachine(), try OptimizerMachine(), try TemporaryDirectory())
        let (database, hana) = try studied(a)
        _ = try a.sync(folder.url, now: start.addingTimeInterval(12 * day))
        _ = try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(12 * day + 10))
        _ = try database.applyParameters(SyntheticLearner.truth, learner: hana.id, source: .fitted, reschedule: false, desiredRetention: 0.9,
                                         now: start.addingTimeInterval(12 * day + 20))
        _ = try a.sync(folder.url, now: start.addingTimeInterval(12 * day + 30))
        _ = try b.sync(folder.url, now: start.addingTimeInterval(12 * day + 40))
        let onB = LearnerDatabase.open(directory: b.data)
        #expect(try onB.parameterChanges(learner: hana.id) == database.parameterChanges(learner: hana.id))
        #expect(try rows(onB) == rows(database))
        // The next answer, on either machine, is scheduled with the fitted weights.
        let time = start.addingTimeInterval(20 * day)
        let card = try #require(try currentCard(database))
        let onA = SchedulerFactory.scheduler(learner: hana.id, desiredRetention: 0.9, in: database).review(card, rating: .good, at: time, fuzzSeed: 7)
        let fromB = SchedulerFactory.scheduler(learner: hana.id, desiredRetention: 0.9, in: onB).review(try #require(try currentCard(onB)), rating: .good, at: time, fuzzSeed: 7)
        #expect(onA == fromB)
        #expect(onA != FSRSScheduler().review(card, rating: .good, at: time, fuzzSeed: 7), "not the defaults")
        // A later answer on B, synced back, leaves both machines identical again.
        let cardID = try onB.writer.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM card ORDER BY question LIMIT 1") } ?? 0
        try onB.record(ReviewInput(cardID: cardID, rating: .hard, time: time, duration: 800),
                       scheduler: SchedulerFactory.scheduler(learner: hana.id, desiredRetention: 0.9, in: onB))
        _ = try b.sync(folder.url, now: time.addingTimeInterval(10))
        _ = try a.sync(folder.url, now: time.addingTimeInterval(20))
        #expect(try rows(onB) == rows(database))
    }

    /// history: the first card's reviews with their fuzz seeds.
    func history(_ database: LearnerDatabase) throws -> [(rating: Rating, time: Date, seed: UInt64)] {
        try database.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT r.rating, r.time, r.uid FROM review r JOIN card c ON c.id = r.card
                WHERE c.question = (SELECT MIN(question) FROM card) ORDER BY r.time
                """).map { row in
                (Rating(rawValue: row[0]) ?? .good, Milliseconds.date(row[1]), ReviewID.fuzzSeed(ReviewID.text(row[2])))
            }
        }
    }

    /// currentCard: the first card as stored.
    func currentCard(_ database: LearnerDatabase) throws -> FSRSCard? {
        try database.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT \(CardRecord.columns) FROM card ORDER BY question LIMIT 1").map { CardRecord(row: $0, now: start).card }
        }
    }
}
