import Foundation
import GRDB

/// LearnerDatabase+CopyOut: one learner's rows copied into a file of their own — what a forget
/// received from another machine sets aside (`ForgetAside`) before it deletes them here — and
/// whether the learner is here again when that copy is to be restored.
extension LearnerDatabase {
    /// copyLearner: writes the whole database into `copy` (`VACUUM INTO`: consistent, without
    /// stopping other readers), removes every other learner from it through Forget's own table
    /// list (`LearnerTables`), and compacts it.
    package func copyLearner(_ learner: UUID, to copy: URL) throws {
        try writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [copy.path]) }
        let aside = try DatabaseQueue(path: copy.path)
        try aside.write { db in
            for other in try Self.learners(db).filter({ $0 != learner.uuidString.lowercased() }).compactMap(UUID.init(uuidString:)) {
                _ = try LearnerTables.forget(other, in: db)
            }
        }
        try aside.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        try aside.close()
    }

    /// hasDecks: whether `learner` has progress here (a deck of theirs): a copy is not restored
    /// over a learner a sync brought back.
    package static func hasDecks(_ db: Database, learner: UUID) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM learner_deck WHERE learner = ?)", arguments: [learner.uuidString.lowercased()]) ?? false
    }

    /// learners: every learner with rows in the tables a learner is keyed by (as stored: lowercased).
    private static func learners(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT learner FROM learner_deck UNION SELECT learner FROM setting_change UNION SELECT learner FROM suspension
            UNION SELECT learner FROM own_answer UNION SELECT learner FROM scheduler_parameters
            """)
    }
}
