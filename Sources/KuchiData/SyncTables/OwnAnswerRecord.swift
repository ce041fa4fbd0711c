import Foundation
import GRDB
import KuchiDeck

/// OwnAnswerRecord: the learner's own answers in the sync folder — a `synonym` line per change
/// (`deck`, `question`, `direction`, `answer`, `value` "kept" or "removed", `time`), merged by
/// the latest stamp (ties by machine id), so a removal travels like the answer did and every
/// machine ends with the same list whatever order the files arrive in.
package enum OwnAnswerRecord {
    /// type: the line's `type`.
    package static let type = "synonym"

    /// encode: fills a line's fields for `change` (the machine is the folder it is written in).
    package static func encode(_ change: SyncOwnAnswer, into type: inout String?, _ deck: inout String?, _ question: inout String?,
                       _ direction: inout String?, _ answer: inout String?, _ value: inout String?, _ time: inout Int64?) {
        type = Self.type
        deck = change.answer.deck
        question = change.answer.word
        direction = change.answer.direction.rawValue
        answer = change.answer.answer
        value = change.kept ? "kept" : "removed"
        time = change.time
    }

    /// decode: a line's fields as a change, every field checked (the folder is untrusted).
    package static func decode(deck: String?, question: String?, direction: String?, answer: String?, value: String?,
                       time: Int64?) -> Result<SyncOwnAnswer, RecordRules.Refusal> {
        guard let deck, let question, let answer, [deck, question, answer].allSatisfy(RecordRules.isCleanText),
              !deck.isEmpty, !question.isEmpty, !answer.trimmingSpaces().isEmpty
        else { return .failure(.init("a synonym record with a missing, overlong or control-character text field")) }
        guard let direction = direction.flatMap(StudyDirection.init(rawValue:)) else {
            return .failure(.init("a synonym record with an unknown direction"))
        }
        guard value == "kept" || value == "removed" else { return .failure(.init("a synonym record that is neither kept nor removed")) }
        guard let time, (RecordRules.earliest...RecordRules.latest).contains(time) else {
            return .failure(.init("a synonym record with a missing or impossible time"))
        }
        return .success(SyncOwnAnswer(answer: OwnAnswer(deck: deck, word: question, direction: direction, answer: answer),
                                      kept: value == "kept", time: time, machine: ""))
    }

    /// key: a change as `sync_held` knows it (its card, answer, stamp and machine).
    package static func key(_ change: SyncOwnAnswer) -> String {
        ["o", change.answer.deck, change.answer.word, change.answer.direction.rawValue, change.answer.answer, change.kept ? "1" : "0",
         String(change.time), change.machine].joined(separator: "\u{1F}")
    }

    /// apply: inside the sync's transaction, a change read from the folder (its machine set from
    /// the folder it was read in) when it is later than this machine's row; true when it was.
    package static func apply(_ db: Database, learner: UUID, _ change: SyncOwnAnswer) throws -> Bool {
        let local = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT kept, time, machine FROM own_answer WHERE learner = ? AND deck = ? AND question = ? AND direction = ? AND answer = ?
            """), arguments: [learner.uuidString.lowercased(), change.answer.deck, change.answer.word, change.answer.direction.rawValue,
                              change.answer.answer]).map {
            SyncOwnAnswer(answer: change.answer, kept: $0["kept"] as Int != 0, time: $0["time"], machine: $0["machine"])
        }
        if let local, !change.isLater(than: local) { return false }
        try LearnerDatabase.setOwnAnswer(db, learner: learner, change)
        return true
    }

    /// outgoing: this machine's changes the folder is not known to hold (`held`), to send, each
    /// once per folder. A change made before this machine had an id is stamped with it now.
    package static func outgoing(_ db: Database, learner: UUID, machine: String, held: Set<String>) throws -> [SyncOwnAnswer] {
        guard try db.hasTable("own_answer") else { return [] }
        return try LearnerDatabase.syncOwnAnswers(db, learner: learner).compactMap { change -> SyncOwnAnswer? in
            guard change.machine.isEmpty || change.machine == machine else { return nil }
            var change = change
            change.machine = machine
            return held.contains(key(change)) ? nil : change
        }.sorted { ($0.time, $0.answer.word, $0.answer.answer) < ($1.time, $1.answer.word, $1.answer.answer) }
    }
}
