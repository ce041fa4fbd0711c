import Foundation
import GRDB
import KuchiDeck

/// OwnAnswer: an answer the learner kept as right for one card ("I was right"): accepted from
/// then on for that word in that direction, compared as the judge compares (`OwnAnswers`).
public struct OwnAnswer: Hashable, Sendable, Codable {
    /// deck: the deck's title (a card's deck, as reviews name it).
    public var deck: String
    /// word: the card's question (its written form).
    public var word: String
    /// direction: the card's direction.
    public var direction: StudyDirection
    /// answer: the answer as the judge compares it (`OwnAnswers.kept`: normalised English, kana
    /// for the Japanese directions); rows kept before that are the answer as typed.
    public var answer: String

    /// init: an answer kept for (deck, word, direction).
    public init(deck: String, word: String, direction: StudyDirection, answer: String) {
        self.deck = deck
        self.word = word
        self.direction = direction
        self.answer = answer
    }
}

/// SyncOwnAnswer: a change to the learner's own answers as it travels: kept or removed, stamped
/// with when (ms since 1970) and where (`machine`) it was made.
public struct SyncOwnAnswer: Hashable, Sendable {
    /// answer: which answer of which card.
    public var answer: OwnAnswer
    /// kept: true when kept, false when removed.
    public var kept: Bool
    /// time: when the change was made (ms since 1970).
    public var time: Int64
    /// machine: the machine that made it (the folder it was read from; this machine's id locally).
    public var machine: String

    /// isLater: this change wins over `other` (later stamp; ties by machine id, then kept last).
    package func isLater(than other: SyncOwnAnswer) -> Bool {
        (time, machine, kept ? 1 : 0) > (other.time, other.machine, other.kept ? 1 : 0)
    }
}

/// LearnerDatabase+OwnAnswers: keeping, removing and listing the learner's own answers. Each
/// change is one row written in its own transaction, stamped for sync.
extension LearnerDatabase {
    /// keepOwnAnswer: `answer` is accepted for the card from now on (again, if it was removed).
    public func keepOwnAnswer(_ answer: OwnAnswer, learner: UUID, now: Date) throws {
        try apply(.ownAnswer(LearnerChange.OwnAnswerWrite(learner: learner, answers: [answer], kept: true, matching: nil, stamp: nil, machine: nil)), now: now)
    }

    /// removeOwnAnswers: the kept answers of `word` that `answer` is (compared as the judge
    /// compares a typed answer with them, `OwnAnswers.accepts`), in every direction and in any
    /// deck or only `deck`'s, are accepted no more; returns those removed.
    public func removeOwnAnswers(word: String, answer: String, deck: String? = nil, learner: UUID, now: Date) throws -> [OwnAnswer] {
        try apply(.ownAnswer(LearnerChange.OwnAnswerWrite(learner: learner, answers: [], kept: false, matching: (word, answer, deck),
                                                          stamp: nil, machine: nil)), now: now).ownAnswers
    }

    /// removeOwnAnswer: exactly this kept answer is accepted no more (undo of a keep).
    public func removeOwnAnswer(_ answer: OwnAnswer, learner: UUID, now: Date) throws {
        try apply(.ownAnswer(LearnerChange.OwnAnswerWrite(learner: learner, answers: [answer], kept: false, matching: nil, stamp: nil, machine: nil)), now: now)
    }

    /// ownAnswers: the learner's kept answers (of `deck` only, when given), by word, direction, answer.
    public func ownAnswers(learner: UUID, deck: String? = nil) throws -> [OwnAnswer] {
        try writer.read { db in try Self.ownAnswers(db, learner: learner).filter { deck == nil || $0.deck == deck } }
    }

    /// ownAnswers: kept answers, in a stable order.
    package static func ownAnswers(_ db: Database, learner: UUID) throws -> [OwnAnswer] {
        // A database opened read-only before its migration to v4 has no such table yet: none kept.
        guard try db.hasTable("own_answer") else { return [] }
        return try Row.fetchAll(db, sql: """
            SELECT deck, question, direction, answer FROM own_answer WHERE learner = ? AND kept = 1
            ORDER BY deck, question, direction, answer
            """, arguments: [learner.uuidString.lowercased()]).compactMap { row in
            guard let direction = StudyDirection(rawValue: row["direction"]) else { return nil }
            return OwnAnswer(deck: row["deck"], word: row["question"], direction: direction, answer: row["answer"])
        }
    }

    /// syncOwnAnswers: every change of the learner's own answers (removals too), as it travels.
    package static func syncOwnAnswers(_ db: Database, learner: UUID) throws -> [SyncOwnAnswer] {
        try Row.fetchAll(db, sql: """
            SELECT deck, question, direction, answer, kept, time, machine FROM own_answer WHERE learner = ?
            ORDER BY deck, question, direction, answer
            """, arguments: [learner.uuidString.lowercased()]).compactMap { row in
            guard let direction = StudyDirection(rawValue: row["direction"]) else { return nil }
            return SyncOwnAnswer(answer: OwnAnswer(deck: row["deck"], word: row["question"], direction: direction, answer: row["answer"]),
                                 kept: row["kept"] as Int != 0, time: row["time"], machine: row["machine"])
        }
    }

    /// setOwnAnswer: writes one change (the row's latest stamp).
    package static func setOwnAnswer(_ db: Database, learner: UUID, _ change: SyncOwnAnswer) throws {
        try db.execute(sql: """
            INSERT INTO own_answer (learner, deck, question, direction, answer, kept, time, machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (learner, deck, question, direction, answer) DO UPDATE SET kept = excluded.kept, time = excluded.time,
                machine = excluded.machine
            """, arguments: [learner.uuidString.lowercased(), change.answer.deck, change.answer.word, change.answer.direction.rawValue,
                             change.answer.answer, change.kept ? 1 : 0, change.time, change.machine])
    }
}
