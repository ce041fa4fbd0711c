import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// SummaryInvariantTests: "what is derived equals the log" (`LogInvariant`) after every kind of
/// write — an answer, an undo, a sync's replay on two and three machines, a learner brought in
/// with `sync --profile`, a v3 file whose summary had drifted; the busy-time save and
/// `kuchi-bench make-history` have theirs in `BusySaveTests` and `MakeHistoryInvariantTests`.
@Suite("Summaries equal the log")
struct SummaryInvariantTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// day: `start` plus `days` days and `minutes` minutes.
    func at(day days: Double, minutes: Double = 0) -> Date { start.addingTimeInterval(days * 86_400 + minutes * 60) }

    @Test("answers and undos, each checked: summary, ids and cards follow the log")
    func answersAndUndos() throws {
        let fixture = try StudyFixture()
        let database = fixture.open()
        try LogInvariant.withoutIDFallback(database)
        let scheduler = FSRSScheduler()
        var last: RecordedReview?
        for step in 0..<24 {
            let time = at(day: Double(step / 3) * 2, minutes: Double(step % 3) * 12)
            let cards = try database.cards(learner: fixture.learner, deck: fixture.deck, now: time)
            let rating: Rating = [.good, .good, .again, .easy, .hard, .good][step % 6]
            last = try database.recordReview(ReviewInput(cardID: cards.cards[step % 4].id, rating: rating, time: time, duration: 800),
                                             scheduler: scheduler)
            try LogInvariant.check(database, learners: [fixture.learner], "answer \(step)")
            if step % 5 == 4, let recorded = last {
                #expect(try database.undo(recorded, session: nil, learnerDeck: nil))
                try LogInvariant.check(database, learners: [fixture.learner], "undo after answer \(step)")
                #expect(try count(database, "SELECT COUNT(*) FROM review_tombstone") == step / 5 + 1, "each undo keeps its tombstone")
            }
        }
    }

    @Test("two machines through a folder: equal stats JSON, equal to the exported log's figures, summaries equal the log")
    func twoMachines() throws {
        try machines(2)
    }

    @Test("three machines through a folder: the same on every machine")
    func threeMachines() throws {
        try machines(3)
    }

    /// machines: `count` machines study one learner offline on the same words at interleaved
    /// times (so a sync reorders each card's log and its replay rewrites reviews' states), then
    /// sync twice round; every machine must show the figures its exported log gives.
    func machines(_ count: Int) throws {
        let folder = try TemporaryDirectory()
        let stations = try (0..<count).map { _ in try Station() }
        let deck = try makeDeck(DeckJSON.words(8))
        let hana = Profile(name: "Hana")
        _ = try stations[0].store.create(hana)
        for word in 0..<4 {
            try stations[0].answer(hana.id, deck: deck, word: word, rating: .good, at: at(day: 0, minutes: Double(word)))
            try stations[0].answer(hana.id, deck: deck, word: word, rating: .good, at: at(day: 0, minutes: 15 + Double(word)))
        }
        try stations[0].sync(folder.url, now: at(day: 0, minutes: 30))
        for (index, station) in stations.enumerated().dropFirst() {
            try station.sync(folder.url, name: "Hana", now: at(day: 0, minutes: 31 + Double(index)))
        }
        // Offline: each machine reviews the same words on its own days; machine i's day 2 + i
        // falls between another machine's reviews of the word.
        for (index, station) in stations.enumerated() {
            for word in 0..<4 {
                for round in 0..<3 {
                    let rating: Rating = (word + round + index) % 4 == 0 ? .again : .good
                    try station.answer(hana.id, deck: deck, word: word, rating: rating,
                                       at: at(day: 2 + Double(index) + Double(round) * 3, minutes: Double(word)))
                }
            }
            try LogInvariant.check(station.database(), learners: [hana.id], "machine \(index) before syncing")
        }
        let now = at(day: 12)
        for round in 0..<2 {
            for (index, station) in stations.enumerated() {
                try station.sync(folder.url, now: now.addingTimeInterval(Double(round * count + index)))
            }
        }
        let logs = try stations.map { try $0.exportedLog(hana.id) }
        let figures = try stations.map { try $0.statsJSON(hana.id, deck: deck, now: now) }
        for (index, station) in stations.enumerated() {
            try LogInvariant.check(station.database(), learners: [hana.id], "machine \(index) after syncing")
            #expect(figures[index] == figures[0], "machine \(index)'s stats JSON equals machine 0's")
            #expect(LogFigures(figures[index]) == LogFigures(csv: logs[index], now: now), "machine \(index): stats JSON = its exported log")
        }
        #expect(Set(logs.map { $0.split(separator: "\n").count }).count == 1, "every machine holds the whole log")
        #expect(figures[0].retention30d != nil)
    }

    @Test("a learner brought in with sync --profile: its reviews of learnt words count on the new machine")
    func broughtIn() throws {
        let (a, b, folder) = (try Station(), try Station(), try TemporaryDirectory())
        let deck = try makeDeck(DeckJSON.words(8))
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        for word in 0..<6 {
            for (day, minutes) in [(0.0, 0.0), (0, 15), (3, 0), (9, 0), (20, 0)] {
                try a.answer(hana.id, deck: deck, word: word, rating: (word + Int(day)) % 5 == 0 ? .again : .good,
                             at: at(day: day, minutes: minutes + Double(word)))
            }
        }
        let now = at(day: 21)
        try a.sync(folder.url, now: now)
        try b.sync(folder.url, name: "Hana", now: now.addingTimeInterval(1))
        try LogInvariant.check(b.database(), learners: [hana.id], "the machine that brought the learner in")
        let (onA, onB) = (try a.statsJSON(hana.id, deck: deck, now: now), try b.statsJSON(hana.id, deck: deck, now: now))
        #expect(onA.retention30d != nil)
        #expect(onB.retention30d == onA.retention30d, "not \"No reviews of learnt words\"")
        #expect(LogFigures(onB) == LogFigures(csv: try b.exportedLog(hana.id), now: now))
        // Word figures from the deck, not from the rows each machine holds: B has card rows
        // for the six words of the log only, A for all eight in every direction.
        #expect(onB.cards.new == 2)
        #expect(onB.byCategory.map(\.total).reduce(0, +) == 8)
        #expect(onB == onA, "equal logs, equal `kuchi stats --json` (no field is machine-specific)")
    }

    @Test("a v3 file whose summary drifted (a sync's UPDATE) is rebuilt from the log when opened")
    func driftedSummaryRebuilt() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file(LearnerDatabase.fileName)
        do {
            let queue = try DatabaseQueue(path: file.path)
            try LearnerSchema.migrator.migrate(queue, upTo: "v3")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO learner_deck (learner, deck) VALUES ('0a5b', 'Deck');
                    INSERT INTO card (learner_deck, question, reading, direction, answer) VALUES (1, 'ねこ', '', 'jp-en', 'cat');
                    INSERT INTO review (card, time, rating, state, duration) VALUES (1, 1000, 3, 0, 500), (1, 90000000, 3, 0, 500);
                    UPDATE review SET state = 2 WHERE time = 90000000;
                    """)
            }
            try queue.close()
        }
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem == nil)
        let (stored, log) = try database.writer.read { db in (try LogInvariant.summary(db), try LogInvariant.recomputed(db)) }
        #expect(stored == log)
        #expect(try count(database, "SELECT SUM(review_state) FROM review_slot") == 1)
    }
}
