import Foundation
import GRDB
import Testing
@testable import KuchiCore
import KuchiTestSupport
@testable import KuchiData
@testable import KuchiSync

/// RestoreCoverageTests: `kuchi forget --restore` brings back every row Forget removed, read
/// from the same per-table declarations (`LearnerRows`), through the catalogue's one apply.
@Suite("Restore brings back what Forget removed")
struct RestoreCoverageTests {
    let start = ChangeCatalogueTests.start

    @Test("every table a restore copies back is declared beside its schema, and each one left out says why")
    func everyTableDecided() throws {
        for rows in LearnerTables.all where rows.delete != nil {
            #expect(rows.notRestored != nil || rows.select != nil, "\(rows.table): its rows can be read back by Forget's own condition")
        }
        let left = Set(LearnerTables.all.filter { $0.delete != nil && $0.notRestored != nil }.map(\.table))
        #expect(left == ["sync_outbox", "sync_file", "sync_later", "sync_held", "review_slot", "card_tally"], "\(left.sorted())")
    }

    @Test("after Forget and --restore the file holds exactly what it held before, the sync ledger aside; the other learner untouched")
    func restoreBringsBackEveryRow() throws {
        let (machine, folder) = (try Peer(), try TemporaryDirectory())
        let learners = ChangeCatalogueTests.Learners()
        _ = try machine.store.create(learners.hana)
        _ = try machine.store.create(learners.ken)
        let database = LearnerDatabase.open(directory: machine.data)
        try ChangeCatalogueTests.playEveryKind(database, learners)
        _ = try machine.sync(folder.url, name: "Hana", now: start.addingTimeInterval(3600)).get()
        try machine.study(learners.hana.id, count: 4, from: start.addingTimeInterval(7200))
        let ledger: Set<String> = ["sync_outbox", "sync_file", "sync_later", "sync_held"]
        let shown = { (lines: [String]) in lines.filter { !ledger.contains(String($0.prefix { $0 != " " })) } }
        let before = shown(try database.writer.read(ChangeCatalogueTests.dump))
        let hanaReviews = try database.writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = ?
                """, arguments: [learners.hana.id.uuidString.lowercased()]) ?? 0
        }
        #expect(hanaReviews > 4)

        let forgetTime = Milliseconds.from(start.addingTimeInterval(9000))
        try ForgetAside.keep(learners.hana, database: database, dataDirectory: machine.data, forgetTime: forgetTime,
                             now: start.addingTimeInterval(9000))
        try database.forget(learner: learners.hana.id)
        #expect(shown(try database.writer.read(ChangeCatalogueTests.dump)) != before, "Forget removed Hana's rows")
        let kept = try #require(ForgetAside.kept(machine.data, now: start.addingTimeInterval(9100)).first)
        let restored = ForgetAside.restore(kept, database: database, store: machine.store)
        #expect((try? restored.get()) == hanaReviews, "\(restored)")

        let after = shown(try database.writer.read(ChangeCatalogueTests.dump))
        let missing = before.filter { !after.contains($0) }
        let extra = after.filter { !before.contains($0) }
        #expect(missing.isEmpty && extra.isEmpty, "restored file differs — missing: \(missing) extra: \(extra)")
        let queued = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_outbox WHERE kind = 0") ?? 0 }
        #expect(queued == 0, "restored reviews were sent before the forget: none waits to be sent again")
        try LogInvariant.check(database, learners: [learners.hana.id, learners.ken.id], "after --restore")
        let again = ForgetAside.restore(kept, database: database, store: machine.store)
        #expect((try? again.get()) == nil, "a second restore of a learner who is here changes nothing")
    }
}
