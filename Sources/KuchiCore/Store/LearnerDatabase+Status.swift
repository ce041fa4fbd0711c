import Foundation
import GRDB

/// LearnerDatabase+Status: whether a learner has begun (their standing in what they study is
/// `status(learner:deck:selection:…)`, the one rule Welcome and `kuchi due` share).
extension LearnerDatabase {
    /// hasCards: whether the learner has any card yet (none before their first session).
    public func hasCards(learner: UUID) throws -> Bool {
        try writer.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM card WHERE learner_deck IN (SELECT id FROM learner_deck WHERE learner = ?))
                """, arguments: [learner.uuidString.lowercased()]) ?? false
        }
    }
}
