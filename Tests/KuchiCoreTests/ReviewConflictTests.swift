import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData
@testable import KuchiSync

/// ReviewConflictTests: one review id written with two different contents is settled by a rule
/// of the copies alone, so every machine keeps the same copy whatever order it reads them in.
@Suite("A review id with two contents")
struct ReviewConflictTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// review: a travelling review of ねこ with `duration`.
    func review(duration: Int) -> SyncReview {
        SyncReview(uid: String(repeating: "7", count: 32), deck: "D", question: "ねこ", reading: "", direction: .japaneseToEnglish,
                   answer: "cat", time: 1_800_000_000_000, rating: .good, duration: duration)
    }

    @Test("the intake keeps the same copy in either reading order and names the file that differed")
    func orderFree() throws {
        let (first, second) = (review(duration: 900), review(duration: 4321))
        let entries = [SyncFolder.Entry(machine: "a", record: .review(first), file: "/f/a.jsonl"),
                       SyncFolder.Entry(machine: "b", record: .review(second), file: "/f/b.jsonl")]
        let learner = UUID()
        var outcomes: [(kept: [SyncReview], notices: [String])] = []
        for order in [entries, entries.reversed()] {
            outcomes.append(try LearnerDatabase.inMemory().writer.write { db in
                let intake = SyncIntake(db, learner: learner, machine: "c", place: "/f", now: 1_800_000_100_000)
                try intake.take(order)
                return (try LearnerDatabase.syncReviews(db, learner: learner), intake.notices)
            })
        }
        #expect(outcomes[0].kept == outcomes[1].kept)
        #expect(outcomes[0].kept == [SyncMerge.prefers(first, over: second) ? first : second])
        #expect(SyncMerge.prefers(first, over: second) != SyncMerge.prefers(second, over: first))
        #expect(outcomes.allSatisfy { $0.notices.count == 1 }, "\(outcomes.map(\.notices))")
        #expect(outcomes[0].notices.first?.contains("/f/b.jsonl") == true, "\(outcomes[0].notices)")
        #expect(outcomes[1].notices.first?.contains("/f/a.jsonl") == true, "\(outcomes[1].notices)")
    }

    @Test("three machines, one copy changed in the folder: every machine ends with the preferred copy, the losers replaced")
    func machinesAgree() throws {
        let (a, b, c, folder) = (try Station(), try Station(), try Station(), try TemporaryDirectory())
        let deck = try makeDeck(DeckJSON.words(5))
        let hana = Profile(name: "Hana")
        _ = try a.store.create(hana)
        try a.answer(hana.id, deck: deck, word: 0, rating: .good, at: start)
        try a.sync(folder.url, now: start.addingTimeInterval(10))
        try b.sync(folder.url, name: "Hana", now: start.addingTimeInterval(20))
        // Another copy of A's review, with another duration, in a machine folder read first.
        let original = try #require(SyncLearnerLog.reviews(of: a, learner: hana.id).first)
        var changed = original
        changed.duration = original.duration + 3333
        _ = try SyncFolder(directory: folder.url).write([.review(changed)], learner: hana.id, machine: String(repeating: "0", count: 32),
                                                       now: start.addingTimeInterval(30), batchID: String(repeating: "1", count: 32))
        let preferred = SyncMerge.prefers(changed, over: original) ? changed : original
        let (onA, onB) = (try a.sync(folder.url, now: start.addingTimeInterval(40)), try b.sync(folder.url, now: start.addingTimeInterval(50)))
        try c.sync(folder.url, name: "Hana", now: start.addingTimeInterval(60))
        try a.sync(folder.url, now: start.addingTimeInterval(70))
        try b.sync(folder.url, now: start.addingTimeInterval(80))
        for (name, station) in [("A", a), ("B", b), ("C", c)] {
            #expect(try SyncLearnerLog.reviews(of: station, learner: hana.id) == [preferred], "machine \(name) keeps the preferred copy")
            try LogInvariant.check(station.database(), learners: [hana.id], "machine \(name)")
        }
        #expect((onA.notices + onB.notices).contains { $0.contains(".jsonl") && $0.contains(original.uid) }, "\(onA.notices + onB.notices)")
    }
}

/// SyncLearnerLog: a machine's reviews of a learner, as they travel.
enum SyncLearnerLog {
    static func reviews(of station: Station, learner: UUID) throws -> [SyncReview] {
        try station.database().writer.read { db in try LearnerDatabase.syncReviews(db, learner: learner) }
    }
}
