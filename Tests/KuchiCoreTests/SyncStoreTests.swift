import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiData

/// SyncStoreTests: what sync adds to the learner database — review ids, fuzz from them, the
/// replay that is the merge, and tombstones.
@Suite("Sync store")
struct SyncStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// studied: a database with `count` answers over months on a few cards, ids from `seed`.
    func studied(_ fixture: StudyFixture, count: Int, seed: UInt64) throws -> (LearnerDatabase, FSRSScheduler) {
        let database = fixture.open()
        database.reviewIDs.reseed(seed)
        let scheduler = FSRSScheduler(desiredRetention: 0.87)
        var time = start
        for index in 0..<count {
            let cards = try database.cards(learner: fixture.learner, deck: fixture.deck, now: time)
            let rating: Rating = [.good, .good, .again, .easy, .hard][index % 5]
            try database.record(ReviewInput(cardID: cards.cards[index % 3].id, rating: rating, time: time, duration: 1000), scheduler: scheduler)
            time = time.addingTimeInterval(Double(index % 4) * 86_400 * 3 + 0.4567)
        }
        return (database, scheduler)
    }

    @Test("a v9 ledger made without file times gets the column at v10, its rows kept with time 0 (unknown)")
    func ledgerGetsFileTimes() throws {
        let queue = try DatabaseQueue()
        try LearnerSchema.migrator.migrate(queue, upTo: "v9")
        try queue.write { db in
            // The sync_file of a v9 made before `modified` was part of v9.
            try db.execute(sql: """
                DROP TABLE sync_file;
                CREATE TABLE sync_file (place TEXT NOT NULL, learner TEXT NOT NULL, machine TEXT NOT NULL, name TEXT NOT NULL,
                    size INTEGER NOT NULL, "offset" INTEGER NOT NULL, records INTEGER NOT NULL, hash INTEGER NOT NULL,
                    complete INTEGER NOT NULL, PRIMARY KEY (place, learner, machine, name)) WITHOUT ROWID;
                INSERT INTO sync_file VALUES ('/s', '0a5b', 'm', 'f.jsonl', 10, 10, 1, 7, 1);
                """)
        }
        try LearnerSchema.migrator.migrate(queue)
        let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }
        #expect(version == LearnerSchema.version)
        let kept = try #require(try queue.read { db in try Row.fetchOne(db, sql: "SELECT size, complete, modified FROM sync_file") })
        let size: Int = kept["size"], complete: Int = kept["complete"], modified: Int = kept["modified"]
        #expect(size == 10)
        #expect(complete == 1)
        #expect(modified == 0)
        // A v9 made with the column (as v9 is now) is left as it is.
        let fresh = try DatabaseQueue()
        try LearnerSchema.migrator.migrate(fresh)
        #expect(try fresh.read { db in try db.columns(in: "sync_file").filter { $0.name == "modified" }.count } == 1)
    }

    @Test("reviews logged before v3 get ids from their content: the same on two copies, distinct otherwise")
    func migratedIDs() throws {
        /// legacy: a v2 database with three reviews, then migrated to the current schema.
        func legacy() throws -> DatabaseQueue {
            let queue = try DatabaseQueue()
            try LearnerSchema.migrator.migrate(queue, upTo: "v2")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO learner_deck (learner, deck) VALUES ('0a5b', 'Deck');
                    INSERT INTO card (learner_deck, question, reading, direction, answer) VALUES (1, 'ねこ', '', 'jp-en', 'cat');
                    INSERT INTO review (card, time, rating, state, duration) VALUES (1, 1000, 3, 0, 500), (1, 2000, 3, 1, 500), (1, 2000, 3, 1, 500);
                    """)
            }
            try LearnerSchema.migrator.migrate(queue)
            return queue
        }
        let ids = try [legacy(), legacy()].map { queue in
            try queue.read { db in try Data.fetchAll(db, sql: "SELECT uid FROM review ORDER BY id").map(ReviewID.text) }
        }
        #expect(ids[0] == ids[1], "a database copied to two machines before sync gives the same ids")
        #expect(Set(ids[0]).count == 3, "even identical reviews get distinct ids")
        #expect(ids[0].allSatisfy(ReviewID.isValid))
    }

    @Test("a live answer's card is exactly what replaying its log gives (fuzz from the review id)")
    func liveEqualsReplay() throws {
        let fixture = try StudyFixture()
        let (database, scheduler) = try studied(fixture, count: 40, seed: 9)
        let before = try LearnerExport.csv(database, learner: fixture.learner)
        let changed = try database.writer.write { db in try SyncReplay.replay(db, learner: fixture.learner, scheduler: scheduler) }
        #expect(changed == 0)
        #expect(try LearnerExport.csv(database, learner: fixture.learner) == before)
        let fuzzed = try count(database, "SELECT COUNT(*) FROM card WHERE state = 2 AND (due - last_review) >= 3 * 86400000")
        #expect(fuzzed > 0, "some intervals were long enough to be fuzzed")
    }

    @Test("the same review id gives the same due on two databases; KUCHI_SEED ids repeat, and a reused one is skipped")
    func fuzzFromID() throws {
        let (first, second) = (try StudyFixture(), try StudyFixture())
        let a = try studied(first, count: 25, seed: 4).0
        let b = try studied(second, count: 25, seed: 4).0
        let dues = try [a, b].map { database in
            try database.writer.read { db in try Int64.fetchAll(db, sql: "SELECT due FROM card WHERE state != 0 ORDER BY id") }
        }
        #expect(dues[0] == dues[1])
        #expect(ReviewIDSource(seed: 4).next() == ReviewIDSource(seed: 4).next())
        a.reviewIDs.reseed(4)
        let reused = try a.writer.write { db in try a.unusedReviewID(db) }
        #expect(reused != ReviewIDSource(seed: 4).next(), "an id already in the log is not handed out again")
    }

    @Test("removing a review leaves a tombstone; Forget me removes the learner's tombstones and leaves none of its own")
    func tombstones() throws {
        let fixture = try StudyFixture()
        let (database, _) = try studied(fixture, count: 6, seed: 1)
        try database.writer.write { db in
            let uid = try #require(try Data.fetchOne(db, sql: "SELECT uid FROM review WHERE id = (SELECT MAX(id) FROM review)"))
            try ReviewLog.write(.remove(uid: ReviewID.text(uid)), in: db)
        }
        #expect(try count(database, "SELECT COUNT(*) FROM review_tombstone") == 1)
        try database.forget(learner: fixture.learner)
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 0)
        #expect(try count(database, "SELECT COUNT(*) FROM review_tombstone") == 0, "Forget me does not travel as undos")
    }
}

extension LearnerExport {
    /// csv: both exports of a learner as one text, for before/after comparisons.
    static func csv(_ database: LearnerDatabase, learner: UUID) throws -> String {
        var text = ""
        try cards(database, learner: learner) { text += $0 }
        try reviews(database, learner: learner) { text += $0 }
        return text
    }
}
