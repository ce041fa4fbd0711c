import Foundation
import GRDB
import KuchiDeck

/// Suspension: one word's suspended flag as it travels — set or cleared at `stamp` (ms since
/// 1970) on `machine`. The latest stamp wins, ties by machine id, so every machine computes the
/// same flag whatever order the changes arrive in.
public struct Suspension: Equatable, Sendable, Codable {
    public var deck: String
    public var question: String
    public var reading: String
    public var suspended: Bool
    public var stamp: Int64
    public var machine: String

    /// init: a change from its fields.
    public init(deck: String, question: String, reading: String, suspended: Bool, stamp: Int64, machine: String) {
        self.deck = deck
        self.question = question
        self.reading = reading
        self.suspended = suspended
        self.stamp = stamp
        self.machine = machine
    }
}

/// LearnerDatabase+Suspension: suspended words ("I know this word", a leech put away) and the
/// leeches already announced — each change one row, written in its own transaction.
extension LearnerDatabase {
    /// apply: a suspension made elsewhere (its own stamp and machine), through the catalogue;
    /// an older change (by stamp, then machine) than the one kept is ignored. Returns whether
    /// the row changed.
    @discardableResult
    public func apply(_ change: Suspension, learner: UUID) throws -> Bool {
        try apply(.suspension(LearnerChange.SuspensionWrite(learner: learner, deck: change.deck, question: change.question,
                                                            reading: change.reading, suspended: change.suspended, stamp: change.stamp,
                                                            machine: change.machine))).changed
    }

    /// apply: the upsert, inside a caller's transaction (a sync applies many in one).
    package static func apply(_ change: Suspension, learner: UUID, db: Database) throws -> Bool {
        try db.execute(sql: """
            INSERT INTO suspension (learner, deck, question, reading, suspended, stamp, machine) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (learner, deck, question, reading) DO UPDATE SET
                suspended = excluded.suspended, stamp = excluded.stamp, machine = excluded.machine
            WHERE excluded.stamp > suspension.stamp OR (excluded.stamp = suspension.stamp AND excluded.machine > suspension.machine)
            """, arguments: [learner.uuidString.lowercased(), change.deck, change.question, change.reading, change.suspended,
                             change.stamp, change.machine])
        return db.changesCount > 0
    }

    /// setSuspended: suspends (or brings back) a word of `deck` now. A change made here and now
    /// always takes effect: it is stamped by the one rule (`ChangeStamp`), after the stamp kept.
    public func setSuspended(_ suspended: Bool, learner: UUID, deck: String, question: String, reading: String, now: Date = Date()) throws {
        try apply(.suspension(LearnerChange.SuspensionWrite(learner: learner, deck: deck, question: question, reading: reading,
                                                            suspended: suspended, stamp: nil, machine: nil)), now: now)
    }

    /// isSuspended: whether the word is suspended.
    public func isSuspended(learner: UUID, deck: String, question: String, reading: String) throws -> Bool {
        try writer.read { db in
            // A file not yet migrated (opened read-only by a command) has no suspended word.
            guard try db.tableExists("suspension") else { return false }
            return try Bool.fetchOne(db, sql: "SELECT suspended FROM suspension WHERE learner = ? AND deck = ? AND question = ? AND reading = ?",
                              arguments: [learner.uuidString.lowercased(), deck, question, reading]) ?? false
        }
    }

    /// suspendedWords: the suspended words of `deck`, as (question, reading) keys.
    public func suspendedWords(learner: UUID, deck: String) throws -> Set<SuspendedWord> {
        try writer.read { db in
            // Asked of the schema table in one statement: GRDB's `tableExists` was 1.7M
            // instructions, a twelfth of `kuchi --version`, in every `kuchi due` and Welcome count.
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'suspension')") == true
            else { return [] }
            return Set(try Row.fetchAll(db, sql: "SELECT question, reading FROM suspension WHERE learner = ? AND deck = ? AND suspended = 1",
                                 arguments: [learner.uuidString.lowercased(), deck]).map { SuspendedWord(question: $0["question"], reading: $0["reading"]) })
        }
    }

    /// suspensions: every change kept for `learner` (what a sync sends).
    public func suspensions(learner: UUID) throws -> [Suspension] {
        try writer.read { db in
            guard try db.tableExists("suspension") else { return [] }
            return try Row.fetchAll(db, sql: """
                SELECT deck, question, reading, suspended, stamp, machine FROM suspension WHERE learner = ? ORDER BY deck, question, reading
                """, arguments: [learner.uuidString.lowercased()]).map {
                Suspension(deck: $0["deck"], question: $0["question"], reading: $0["reading"], suspended: $0["suspended"],
                           stamp: $0["stamp"], machine: $0["machine"])
            }
        }
    }

    /// markLeechNoticed: marks the card's leech notice as told (once per card).
    public func markLeechNoticed(card: Int64) throws {
        try apply(.leechNoticed(.row(card)))
    }

    /// wasLeechNoticed: the card's leech notice was already told.
    public func wasLeechNoticed(card: Int64) throws -> Bool {
        try writer.read { db in
            guard try db.tableExists("leech_notice") else { return false }
            return try Bool.fetchOne(db, sql: "SELECT 1 FROM leech_notice WHERE card = ?", arguments: [card]) ?? false
        }
    }
}

/// SuspendedWord: a suspended word's key (its cards in every direction are suspended).
public struct SuspendedWord: Hashable, Sendable {
    public var question: String
    public var reading: String

    /// init: a key from its fields.
    public init(question: String, reading: String) {
        self.question = question
        self.reading = reading
    }
}

extension Deck {
    /// excluding: the deck without the suspended words (what Welcome and `kuchi due` count).
    public func excluding(_ suspended: Set<SuspendedWord>) -> Deck {
        Deck(title: title, attribution: attribution,
             challenges: challenges.filter { !suspended.contains(SuspendedWord(question: $0.question, reading: $0.reading ?? "")) })
    }
}
