import Foundation
import GRDB

/// LearnerDatabase+Learn: Learn progress, one small write per swipe (kept for the file too
/// while it is busy, `PendingSave`).
extension LearnerDatabase {
    /// setLearned: Learn marked the card remembered (or, on restart, not); one row changed.
    public func setLearned(cardID: Int64, _ learned: Bool) throws {
        try change { db in try Self.setLearned(in: db, cardID: cardID, learned) }
            pending: { db in try PendingOperation.card(cardID, in: db).map { .learned($0, learned) } }
    }

    /// addForgotten: one more "forgot" press in Learn, counted in the database (not rewritten
    /// from this window's count, so two windows add up).
    public func addForgotten(learnerDeck: Int64) throws {
        try change { db in try Self.addForgotten(in: db, learnerDeck: learnerDeck) }
            pending: { db in try PendingOperation.deck(learnerDeck, in: db).map(PendingOperation.forgotten) }
    }

    /// resetLearn: Learn starts a new round: nothing remembered, no forgets.
    public func resetLearn(learnerDeck: Int64) throws {
        try change { db in try Self.resetLearn(in: db, learnerDeck: learnerDeck) }
            pending: { db in try PendingOperation.deck(learnerDeck, in: db).map(PendingOperation.resetLearn) }
    }

    /// setLearned(in:): the swipe's write, live or replayed.
    static func setLearned(in db: Database, cardID: Int64, _ learned: Bool) throws {
        try db.execute(sql: "UPDATE card SET learned = ? WHERE id = ?", arguments: [learned ? 1 : 0, cardID])
    }

    /// addForgotten(in:): the "forgot" press's write, live or replayed.
    static func addForgotten(in db: Database, learnerDeck: Int64) throws {
        try db.execute(sql: "UPDATE learner_deck SET learn_forgotten = learn_forgotten + 1 WHERE id = ?", arguments: [learnerDeck])
    }

    /// resetLearn(in:): the new round's writes, live or replayed.
    static func resetLearn(in db: Database, learnerDeck: Int64) throws {
        try db.execute(sql: "UPDATE card SET learned = 0 WHERE learner_deck = ? AND learned != 0", arguments: [learnerDeck])
        try db.execute(sql: "UPDATE learner_deck SET learn_forgotten = 0 WHERE id = ?", arguments: [learnerDeck])
    }

    /// change: `write` in one transaction; while the file is busy, `pending` names the change
    /// for it (in the same transaction, so the rows it names are the ones written).
    private func change(_ write: (Database) throws -> Void, pending makeOperation: (Database) throws -> PendingOperation?) throws {
        let pending = pendingSave
        let operation = try writer.write { db -> PendingOperation? in
            try write(db)
            return pending == nil ? nil : try makeOperation(db)
        }
        if let operation { pending?.append(operation) }
    }
}
