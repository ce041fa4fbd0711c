import Foundation
import GRDB
import KuchiMemory

/// LearnerChange+Portable: a change whose rows are named by identity, not by this copy's row
/// ids — what a busy copy keeps for the file (another program may have added rows there, so
/// its ids differ).
extension LearnerChange {
    /// portable: the change with every row id read as the identity it has in `db`.
    package func portable(in db: Database) throws -> LearnerChange {
        switch self {
        case .answer(let answer):
            return .answer(try answer.portable(in: db))
        case .undo(let undo):
            return .undo(try undo.portable(in: db))
        case .overrule(let undo, let answer):
            return .overrule(try undo.portable(in: db), try answer.portable(in: db))
        case .learned(let card, let learned):
            return .learned(try card.portable(in: db), learned)
        case .forgotten(let deck):
            return .forgotten(try deck.portable(in: db))
        case .resetLearn(let deck):
            return .resetLearn(try deck.portable(in: db))
        case .leechNoticed(let card):
            return .leechNoticed(try card.portable(in: db))
        case .received(var log):
            // Named by learner and word already; the cards found so far are this copy's rows.
            log.cards = ReceivedCards(learner: log.learner)
            return .received(log)
        case .replay(var replay):
            // Its cards are this copy's rows: the file replays every card of the learner.
            replay.cards = nil
            return .replay(replay)
        case .deckOpened, .settings, .settingsReceived, .carryOver, .suspension, .ownAnswer, .parameters, .forgetLearner, .restoreLearner:
            // Named by learner and word already.
            return self
        }
    }
}

extension LearnerChange.CardReference {
    /// portable: the card's identity in `db` (a row that is gone stays a row: nothing to replay).
    package func portable(in db: Database) throws -> LearnerChange.CardReference {
        guard case .row(let id) = self else { return self }
        let row = try Row.fetchOne(db, sql: """
            SELECT d.learner, d.deck, c.question, c.reading, c.direction, c.answer FROM card c JOIN learner_deck d ON d.id = c.learner_deck
            WHERE c.id = ?
            """, arguments: [id])
        guard let row else { return self }
        return .identity(LearnerChange.CardIdentity(learner: row["learner"], deck: row["deck"], question: row["question"],
                                                    reading: row["reading"], direction: row["direction"], answer: row["answer"]))
    }
}

extension LearnerChange.DeckReference {
    /// portable: the learner deck's identity in `db`.
    package func portable(in db: Database) throws -> LearnerChange.DeckReference {
        guard case .row(let id) = self else { return self }
        guard let row = try Row.fetchOne(db, sql: "SELECT learner, deck FROM learner_deck WHERE id = ?", arguments: [id]) else { return self }
        return .identity(LearnerChange.DeckIdentity(learner: row["learner"], deck: row["deck"]))
    }
}

extension LearnerChange.SessionWrite {
    package func portable(in db: Database) throws -> Self {
        Self(deck: try deck.portable(in: db), text: text)
    }
}

extension LearnerChange.Answer {
    /// init: a live answer of card `review.cardID`, with the session snapshot of `learnerDeck`.
    public init(review: ReviewInput?, scheduler: any CardScheduler, snapshotText: String?, learnerDeck: Int64?) {
        self.init(review: review, card: review.map { .row($0.cardID) }, scheduler: scheduler,
                  session: learnerDeck.map { LearnerChange.SessionWrite(deck: .row($0), text: snapshotText) })
    }

    package func portable(in db: Database) throws -> Self {
        var answer = self
        answer.card = try card?.portable(in: db)
        answer.session = try session?.portable(in: db)
        return answer
    }
}

extension LearnerChange.Undo {
    /// init: a live undo of `recorded`, with the session snapshot of `learnerDeck`.
    public init(recorded: RecordedReview, snapshotText: String?, learnerDeck: Int64?) {
        self.init(recorded: recorded, card: .row(recorded.after.id),
                  session: learnerDeck.map { LearnerChange.SessionWrite(deck: .row($0), text: snapshotText) })
    }

    package func portable(in db: Database) throws -> Self {
        var undo = self
        undo.card = try card.portable(in: db)
        undo.session = try session?.portable(in: db)
        return undo
    }
}

/// Row lookups by reference: a row id is used as it is; an identity is found, or made (a deck,
/// or a New card) when the file lacks it.
extension LearnerDatabase {
    /// deckID: the learner deck row a reference names.
    package static func deckID(_ deck: LearnerChange.DeckReference, in db: Database) throws -> Int64 {
        switch deck {
        case .row(let id):
            return id
        case .identity(let identity):
            try db.execute(sql: "INSERT OR IGNORE INTO learner_deck (learner, deck) VALUES (?, ?)", arguments: [identity.learner, identity.deck])
            return try Int64.fetchOne(db, sql: "SELECT id FROM learner_deck WHERE learner = ? AND deck = ?",
                                      arguments: [identity.learner, identity.deck]) ?? 0
        }
    }

    /// cardID: the card row a reference names.
    package static func cardID(_ card: LearnerChange.CardReference, in db: Database) throws -> Int64 {
        switch card {
        case .row(let id):
            return id
        case .identity(let card):
            let deck = try deckID(.identity(LearnerChange.DeckIdentity(learner: card.learner, deck: card.deck)), in: db)
            let identity: StatementArguments = [deck, card.question, card.reading, card.direction]
            try db.execute(sql: "INSERT OR IGNORE INTO card (learner_deck, question, reading, direction, answer, step) VALUES (?, ?, ?, ?, ?, 0)",
                           arguments: identity + [card.answer])
            return try Int64.fetchOne(db, sql: "SELECT id FROM card WHERE learner_deck = ? AND question = ? AND reading = ? AND direction = ?",
                                      arguments: identity) ?? 0
        }
    }
}
