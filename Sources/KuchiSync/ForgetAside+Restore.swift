import Foundation
import GRDB
import KuchiBase
import KuchiData

/// ForgetAside+Restore: a copy set aside copied back into the learner database, and the profile
/// saved again (`kuchi forget --restore --profile NAME`).
extension ForgetAside {
    /// restore: brings `kept` back; fails with a sentence when the learner is here already (a
    /// sync brought them in again) or the database cannot take the rows.
    public static func restore(_ kept: Kept, database: LearnerDatabase, store: ProfileStore) -> Result<Int, SyncFailure> {
        let learner = kept.profile.id.uuidString.lowercased()
        let reviews: Int
        do {
            reviews = try database.writer.writeWithoutTransaction { db -> Int in
                let present = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM learner_deck WHERE learner = ?)", arguments: [learner]) ?? false
                guard !present else { return -1 }
                try db.execute(sql: "ATTACH DATABASE ? AS aside", arguments: [kept.database.path])
                defer { try? db.execute(sql: "DETACH DATABASE aside") }
                var count = 0
                try db.inTransaction {
                    count = try copyRows(db, learner: learner)
                    try db.execute(sql: "DELETE FROM learner_forgotten WHERE learner = ?", arguments: [learner])
                    try db.execute(sql: "INSERT OR REPLACE INTO sync_meta (key, value) VALUES (?, ?)",
                                   arguments: [SyncForgetVerdict.restoredKey(kept.profile.id), String(kept.forgetTime)])
                    return .commit
                }
                return count
            }
        } catch {
            return .failure(.usage("Could not restore \(kept.profile.name.escapingControlCharacters) (\(LearnerDatabase.describe(error))); nothing was changed."))
        }
        guard reviews >= 0 else {
            return .failure(.usage("\(kept.profile.name.escapingControlCharacters) has progress on this machine again; nothing was restored."))
        }
        do throws(PersistenceError) {
            if case .nameTaken(let other) = try store.create(kept.profile) {
                return .failure(.usage("The progress was restored, but another learner here is named \(other.name.escapingControlCharacters); "
                    + "rename them and run the command again to get the profile back."))
            }
        } catch {
            return .failure(.usage(error.message))
        }
        remove(kept)
        return .success(reviews)
    }

    /// copyRows: the learner's rows from `aside` into `main`, decks and cards matched by identity;
    /// returns the reviews restored. Reviews restored are not queued to be sent (they were sent
    /// before the forget; the other machines obeyed it).
    private static func copyRows(_ db: Database, learner: String) throws -> Int {
        let arguments: StatementArguments = ["learner": learner]
        func columns(_ table: String, except: Set<String>) throws -> [String] {
            let main = Set(try Row.fetchAll(db, sql: "PRAGMA main.table_info(\(table))").map { $0["name"] as String })
            return try Row.fetchAll(db, sql: "PRAGMA aside.table_info(\(table))").map { $0["name"] as String }
                .filter { main.contains($0) && !except.contains($0) }
        }
        func copy(_ table: String, except: Set<String> = [], mapped: String = "", from: String, alias: String = "t") throws {
            let names = try columns(table, except: except)
            var list = names.map { "\"\($0)\"" }
            var selected = names.map { "\(alias).\"\($0)\"" }
            if let split = mapped.firstIndex(of: "=") {
                list.append(mapped[..<split].trimmingCharacters(in: .whitespaces))
                selected.append(mapped[mapped.index(after: split)...].trimmingCharacters(in: .whitespaces))
            }
            try db.execute(sql: "INSERT OR IGNORE INTO main.\(table) (\(list.joined(separator: ", "))) SELECT \(selected.joined(separator: ", ")) FROM \(from)",
                           arguments: arguments)
        }
        /// deckOf, cardOf: the joins from a row of `aside` to its deck (`md`) or card (`mc`) in main.
        let deckOf = { (column: String) in
            "JOIN aside.learner_deck ad ON ad.id = \(column) JOIN main.learner_deck md ON md.learner = ad.learner AND md.deck = ad.deck"
        }
        let cardOf = { (column: String) in
            "JOIN aside.card ac ON ac.id = \(column) \(deckOf("ac.learner_deck")) JOIN main.card mc ON mc.learner_deck = md.id "
                + "AND mc.question = ac.question AND mc.reading = ac.reading AND mc.direction = ac.direction"
        }
        try copy("learner_deck", except: ["id"], from: "aside.learner_deck t WHERE t.learner = :learner")
        try copy("card", except: ["id", "learner_deck"], mapped: "learner_deck = md.id",
                 from: "aside.card t \(deckOf("t.learner_deck")) WHERE ad.learner = :learner")
        let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM main.review") ?? 0
        try copy("review", except: ["id", "card"], mapped: "card = mc.id", from: "aside.review t \(cardOf("t.card")) WHERE ad.learner = :learner")
        let restored = (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM main.review") ?? 0) - before
        try copy("session", except: ["learner_deck"], mapped: "learner_deck = md.id",
                 from: "aside.session t \(deckOf("t.learner_deck")) WHERE ad.learner = :learner")
        try copy("leech_notice", except: ["card"], mapped: "card = mc.id", from: "aside.leech_notice t \(cardOf("t.card")) WHERE ad.learner = :learner")
        try copy("review_tombstone", except: ["card"], mapped: "card = mc.id",
                 from: "aside.review_tombstone t \(cardOf("t.card")) WHERE ad.learner = :learner")
        for table in ["setting_change", "setting_sent", "suspension", "own_answer", "scheduler_parameters", "sync_field"] {
            guard try db.tableExists(table, in: "main") else { continue }
            try copy(table, from: "aside.\(table) t WHERE t.learner = :learner")
        }
        try db.execute(sql: """
            DELETE FROM sync_outbox WHERE kind = 0 AND uid IN (
                SELECT r.uid FROM review r JOIN card c ON c.id = r.card JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = :learner)
            """, arguments: arguments)
        return restored
    }
}
