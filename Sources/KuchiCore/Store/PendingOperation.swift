import Foundation
import GRDB

/// PendingOperation: one change a session made while its file was busy, kept as the change
/// itself — an answer with its review id, an undo, a Learn swipe — so the file replays it through
/// the same functions once it is free (`PendingSave`). Rows are named by what they are (learner,
/// deck, word), never by the in-memory copy's row ids: another program may have added rows.
enum PendingOperation {
    /// CardIdentity: a card as (learner, deck, question, reading, direction), with its answer
    /// for a card the file does not have yet.
    struct CardIdentity: Equatable {
        var learner: String
        var deck: String
        var question: String
        var reading: String
        var direction: String
        var answer: String
    }

    /// DeckIdentity: a learner deck as (learner, deck).
    struct DeckIdentity: Equatable {
        var learner: String
        var deck: String
    }

    /// SessionWrite: the session snapshot an answer or undo saved with it (nil text: deleted).
    struct SessionWrite {
        var deck: DeckIdentity
        var text: String?
    }

    /// answer: `recorded` logged live; the file keeps its id, time and card (FSRS does not run
    /// again when the file's card is the one it was scheduled from).
    case answer(ReviewInput, card: CardIdentity, scheduler: any CardScheduler, session: SessionWrite?)
    /// undo: the answer with this id taken back, its tombstone kept.
    case undo(uid: String, before: CardRecord, after: CardRecord, card: CardIdentity, session: SessionWrite?)
    /// session: a session snapshot saved (or deleted) with no answer.
    case session(SessionWrite)
    /// learned: Learn marked the card remembered, or not.
    case learned(CardIdentity, Bool)
    /// forgotten: one more "forgot" press in Learn.
    case forgotten(DeckIdentity)
    /// resetLearn: Learn started a new round.
    case resetLearn(DeckIdentity)

    /// answer: the operation for an answer just recorded in `db` (nil when nothing was).
    static func answer(_ recorded: RecordedReview?, scheduler: any CardScheduler, snapshotText: String?, learnerDeck: Int64?,
                       in db: Database) throws -> PendingOperation? {
        let session = try learnerDeck.flatMap { try deck($0, in: db) }.map { SessionWrite(deck: $0, text: snapshotText) }
        guard let recorded else { return session.map(PendingOperation.session) }
        guard let card = try card(recorded.after.id, in: db),
              let row = try Row.fetchOne(db, sql: "SELECT time, rating, duration FROM review WHERE id = ?", arguments: [recorded.reviewID]),
              let rating = Rating(rawValue: row["rating"])
        else { return nil }
        let input = ReviewInput(cardID: recorded.after.id, rating: rating, time: Milliseconds.date(row["time"]), duration: row["duration"],
                                uid: recorded.uid, computed: (basis: recorded.before.card, after: recorded.after.card))
        return .answer(input, card: card, scheduler: scheduler, session: session)
    }

    /// undo: the operation for an undo just made in `db`.
    static func undo(_ recorded: RecordedReview, snapshotText: String?, learnerDeck: Int64?, in db: Database) throws -> PendingOperation? {
        let session = try learnerDeck.flatMap { try deck($0, in: db) }.map { SessionWrite(deck: $0, text: snapshotText) }
        guard let card = try card(recorded.after.id, in: db) else { return nil }
        return .undo(uid: recorded.uid, before: recorded.before, after: recorded.after, card: card, session: session)
    }

    /// card: the identity of card row `id` in `db`.
    static func card(_ id: Int64, in db: Database) throws -> CardIdentity? {
        try Row.fetchOne(db, sql: """
            SELECT d.learner, d.deck, c.question, c.reading, c.direction, c.answer FROM card c JOIN learner_deck d ON d.id = c.learner_deck
            WHERE c.id = ?
            """, arguments: [id]).map {
            CardIdentity(learner: $0["learner"], deck: $0["deck"], question: $0["question"], reading: $0["reading"],
                         direction: $0["direction"], answer: $0["answer"])
        }
    }

    /// deck: the identity of learner deck row `id` in `db`.
    static func deck(_ id: Int64, in db: Database) throws -> DeckIdentity? {
        try Row.fetchOne(db, sql: "SELECT learner, deck FROM learner_deck WHERE id = ?", arguments: [id])
            .map { DeckIdentity(learner: $0["learner"], deck: $0["deck"]) }
    }
}
