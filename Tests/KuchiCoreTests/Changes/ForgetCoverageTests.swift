import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData

/// ForgetCoverageTests: Forget removes every row of every table that holds the learner — the
/// tables read from the schema itself, so a table added later without a Forget entry fails here.
@Suite("Forget covers every table")
struct ForgetCoverageTests {
    let start = ChangeCatalogueTests.start

    /// learnerColumns: the columns that tie a row to a learner.
    static let learnerColumns: Set<String> = ["learner", "learner_deck", "card"]

    @Test("every table with a learner, learner-deck or card column (and the review-keyed outbox) is declared for Forget")
    func everyTableDeclared() throws {
        let database = LearnerDatabase.inMemory()
        let declared = Dictionary(LearnerTables.all.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
        let tables = try database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                .map { ($0, Set(try db.columns(in: $0).map(\.name))) }
        }
        var holding: [String] = []
        for (table, columns) in tables where !columns.isDisjoint(with: Self.learnerColumns) || table == "sync_outbox" {
            holding.append(table)
            let entry = declared[table]
            #expect(entry != nil, "\(table) holds learners' rows but no schema declares how Forget removes them (LearnerRows)")
            #expect(entry?.delete != nil || entry?.kept?.isEmpty == false, "\(table): a statement or a reason")
        }
        #expect(holding.count >= 15, "the schema's learner tables were found: \(holding.sorted())")
        for entry in LearnerTables.all {
            #expect(tables.contains { $0.0 == entry.table }, "\(entry.table) is declared but not in the schema")
        }
    }

    @Test("after Forget, no table holds a row of the learner; the other learner keeps every row, and nothing is left to send")
    func forgetLeavesNothing() throws {
        let (machine, folder) = (try Peer(), try TemporaryDirectory())
        let learners = ChangeCatalogueTests.Learners()
        _ = try machine.store.create(learners.hana)
        _ = try machine.store.create(learners.ken)
        let database = LearnerDatabase.open(directory: machine.data)
        try ChangeCatalogueTests.playEveryKind(database, learners)
        // Ken comes back under a new id to hold rows beside Hana's: sync tables too.
        let sam = Profile(name: "Samuel")
        _ = try machine.store.create(sam)
        try machine.study(sam.id, count: 3, from: start)
        _ = try machine.sync(folder.url, name: "Samuel", now: start.addingTimeInterval(3600)).get()
        _ = try machine.sync(folder.url, name: "Hana", now: start.addingTimeInterval(3660)).get()
        try machine.study(learners.hana.id, count: 2, from: start.addingTimeInterval(7200))
        // Hana's rows by id, read before they go (a row left behind would point at them).
        let (hanaDecks, hanaCards) = try database.writer.read { db in
            let decks = try Int64.fetchAll(db, sql: "SELECT id FROM learner_deck WHERE learner = ?", arguments: [learners.hana.id.uuidString.lowercased()])
            let cards = try Int64.fetchAll(db, sql: "SELECT id FROM card WHERE learner_deck IN (\(decks.map(String.init).joined(separator: ",")))")
            return (decks, cards)
        }
        #expect(!hanaCards.isEmpty)
        let before = try Self.rows(database, of: sam.id)
        try database.forget(learner: learners.hana.id)
        for (table, count) in try Self.rows(database, of: learners.hana.id, decks: hanaDecks, cards: hanaCards) {
            let kept = LearnerTables.all.first { $0.table == table }?.kept != nil
            #expect(kept || count == 0, "\(table) still holds \(count) row(s) of the forgotten learner")
        }
        #expect(try Self.rows(database, of: sam.id) == before, "the other learner keeps every row")
        let outbox = try count(database, "SELECT COUNT(*) FROM sync_outbox")
        #expect(outbox == 0, "no outbox row is left that nothing could ever send")
        let tombstones = try count(database, "SELECT COUNT(*) FROM review_tombstone WHERE card != 0")
        #expect(tombstones == 0, "Forget writes no tombstone (it is not an undo)")
        try LogInvariant.check(database, learners: [sam.id], "after Forget")
    }

    /// rows: per table, the rows tied to `learner` (by learner, deck or card).
    static func rows(_ database: LearnerDatabase, of learner: UUID, decks: [Int64]? = nil, cards: [Int64]? = nil) throws -> [String: Int] {
        try database.writer.read { db in
            let key = learner.uuidString.lowercased()
            let known = try Int64.fetchAll(db, sql: "SELECT id FROM learner_deck WHERE learner = ?", arguments: [key])
            let deckList = (decks ?? known).map(String.init).joined(separator: ",")
            let cardList = try (cards ?? Int64.fetchAll(db, sql: "SELECT id FROM card WHERE learner_deck IN (\(deckList))"))
                .map(String.init).joined(separator: ",")
            var result: [String: Int] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                let columns = Set(try db.columns(in: table).map(\.name))
                let condition: String
                if columns.contains("learner") {
                    condition = "learner = '\(key)'"
                } else if columns.contains("learner_deck") {
                    condition = "learner_deck IN (\(deckList))"
                } else if columns.contains("card") {
                    condition = "card IN (\(cardList))"
                } else {
                    continue
                }
                result[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\" WHERE \(condition)") ?? 0
            }
            return result
        }
    }
}
