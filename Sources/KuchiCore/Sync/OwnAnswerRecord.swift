import Foundation
import GRDB

/// OwnAnswerRecord: the learner's own answers in the sync folder — a `synonym` line per change
/// (`deck`, `question`, `direction`, `answer`, `value` "kept" or "removed", `time`), merged by
/// the latest stamp (ties by machine id), so a removal travels like the answer did and every
/// machine ends with the same list whatever order the files arrive in.
enum OwnAnswerRecord {
    /// type: the line's `type`.
    static let type = "synonym"

    /// encode: fills a line's fields for `change` (the machine is the folder it is written in).
    static func encode(_ change: SyncOwnAnswer, into type: inout String?, _ deck: inout String?, _ question: inout String?,
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
    static func decode(deck: String?, question: String?, direction: String?, answer: String?, value: String?,
                       time: Int64?) -> Result<SyncOwnAnswer, SyncRecordCoding.Refusal> {
        guard let deck, let question, let answer, [deck, question, answer].allSatisfy(SyncRecordCoding.isCleanText),
              !deck.isEmpty, !question.isEmpty, !answer.trimmingCharacters(in: .whitespaces).isEmpty
        else { return .failure(.init("a synonym record with a missing, overlong or control-character text field")) }
        guard let direction = direction.flatMap(StudyDirection.init(rawValue:)) else {
            return .failure(.init("a synonym record with an unknown direction"))
        }
        guard value == "kept" || value == "removed" else { return .failure(.init("a synonym record that is neither kept nor removed")) }
        guard let time, (SyncRecordCoding.earliest...SyncRecordCoding.latest).contains(time) else {
            return .failure(.init("a synonym record with a time outside 2000–2200"))
        }
        return .success(SyncOwnAnswer(answer: OwnAnswer(deck: deck, word: question, direction: direction, answer: answer),
                                      kept: value == "kept", time: time, machine: ""))
    }

    /// merge: inside the sync's transaction, takes each folder change later than this machine's
    /// row and returns how many were taken and the local changes the folder lacks.
    static func merge(_ db: Database, learner: UUID, merge: SyncMerge, machine: String) throws
        -> (received: Int, outgoing: [SyncOwnAnswer]) {
        var local: [OwnAnswer: SyncOwnAnswer] = [:]
        for change in try LearnerDatabase.syncOwnAnswers(db, learner: learner) { local[change.answer] = change }
        var received = 0
        for (answer, change) in merge.ownAnswers.sorted(by: { $0.value.time < $1.value.time }) {
            if let mine = local[answer], !change.isLater(than: mine) { continue }
            try LearnerDatabase.setOwnAnswer(db, learner: learner, change)
            local[answer] = change
            received += 1
        }
        // A change made before this folder had a machine id is stamped now with it.
        let outgoing = local.values.map { change -> SyncOwnAnswer in
            var change = change
            if change.machine.isEmpty { change.machine = machine }
            return change
        }.filter { !merge.ownAnswerStamps.contains($0) }
        return (received, outgoing.sorted { ($0.time, $0.answer.word, $0.answer.answer) < ($1.time, $1.answer.word, $1.answer.answer) })
    }
}
