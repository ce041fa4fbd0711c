import Foundation
import GRDB
import Testing
@testable import KuchiData

/// DatabaseHasTableTests: `hasTable`, the one-statement check the start's reads use for tables a
/// later migration made (issue 39), answers as GRDB's `tableExists` does for the file's own
/// schema — without regard to case, tables only (not views, indexes or triggers).
@Suite("Whether a table exists, in one statement")
struct DatabaseHasTableTests {
    @Test("hasTable agrees with GRDB's tableExists(in: \"main\") for tables, views, indexes, triggers, case and absence")
    func agreesWithGRDB() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE suspension (learner TEXT, deck TEXT, question TEXT, reading TEXT, suspended INTEGER);
                CREATE TABLE "Own_Answer" (id INTEGER PRIMARY KEY);
                CREATE VIEW leech_notice AS SELECT 1 AS card;
                CREATE INDEX sync_later ON suspension (deck);
                CREATE TRIGGER card AFTER INSERT ON suspension BEGIN SELECT 1; END;
                """)
        }
        let names = ["suspension", "SUSPENSION", "own_answer", "Own_Answer", "leech_notice", "sync_later", "card", "session", ""]
        try queue.read { db in
            for name in names {
                let ours = try db.hasTable(name)
                let grdb = try db.tableExists(name, in: "main")
                #expect(ours == grdb, "\(name)")
            }
            let found = try ["suspension", "OWN_ANSWER"].filter { try db.hasTable($0) }
            #expect(found == ["suspension", "OWN_ANSWER"])
            let none = try ["leech_notice", "sync_later", "card", "session"].filter { try db.hasTable($0) }
            #expect(none.isEmpty)
        }
    }

    @Test("a learner's reads before the tables exist give none, and after, what the tables hold")
    func readsFollowTheTable() throws {
        let queue = try DatabaseQueue()
        let database = LearnerDatabase(writer: queue, url: nil, problem: nil)
        let learner = UUID()
        #expect(try database.suspendedWords(learner: learner, deck: "D").isEmpty)
        let suspendedBefore = try database.isSuspended(learner: learner, deck: "D", question: "猫", reading: "ねこ")
        #expect(!suspendedBefore)
        #expect(try database.ownAnswers(learner: learner).isEmpty)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE suspension (learner TEXT, deck TEXT, question TEXT, reading TEXT, suspended INTEGER)")
            try db.execute(sql: "INSERT INTO suspension VALUES (?, 'D', '猫', 'ねこ', 1)", arguments: [learner.uuidString.lowercased()])
        }
        #expect(try database.suspendedWords(learner: learner, deck: "D") == [SuspendedWord(question: "猫", reading: "ねこ")])
        #expect(try database.isSuspended(learner: learner, deck: "D", question: "猫", reading: "ねこ"))
    }
}
