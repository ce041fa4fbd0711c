import Foundation
import GRDB
import KuchiData

/// SyncParameters: a weight change as it travels in the sync folder (`"type": "parameters"`):
/// its time, the 21 weights, whether it rescheduled, and its source. The machine that made it
/// is the folder's it is written in.
public struct SyncParameters: Equatable, Sendable {
    /// time: ms since 1970 when the change was made.
    public var time: Int64
    /// weights: the 21 weights.
    public var weights: [Double]
    /// rescheduled: whether due dates were recomputed.
    public var rescheduled: Bool
    /// source: fitted or reset.
    public var source: ParameterChange.Source

    /// fill: the record's fields of a JSON line.
    package static func fill(_ type: inout String?, _ time: inout Int64?, _ weights: inout String?, _ rescheduled: inout Bool?,
                     _ source: inout String?, from change: SyncParameters) {
        type = "parameters"
        time = change.time
        weights = ParameterChange(time: change.time, machine: "", weights: change.weights, rescheduled: change.rescheduled,
                                  source: change.source).weightsText
        rescheduled = change.rescheduled
        source = change.source.rawValue
    }

    /// read: the change a line holds, nil when any field is missing or unusable.
    package static func read(time: Int64?, weights: String?, rescheduled: Bool?, source: String?) -> SyncParameters? {
        guard let time, (SyncRecordCoding.earliest...SyncRecordCoding.latest).contains(time), let text = weights,
              let values = ParameterChange.weights(from: text), let rescheduled,
              let source = source.flatMap(ParameterChange.Source.init(rawValue:)) else { return nil }
        return SyncParameters(time: time, weights: values, rescheduled: rescheduled, source: source)
    }

    /// key: a change as `sync_held` knows it (its time and the machine that made it).
    package static func key(time: Int64, machine: String) -> String {
        "p\u{1F}\(time)\u{1F}\(machine)"
    }

    /// merge: inside a sync's transaction: stores the folder's changes this database lacks (a
    /// new one changes the replay's fingerprint: every card is replayed) and returns this
    /// machine's own changes the folder is not known to hold (`held`, or read this sync), to send.
    package static func merge(_ db: Database, learner: UUID, machine: String, folder: SyncMerge, held: Set<String>) throws -> [SyncRecord] {
        let local = try LearnerDatabase.parameterChanges(db, learner: learner)
        let known = Set(local.map { key(time: $0.time, machine: $0.machine) })
        for (key, change) in folder.parameters.sorted(by: { $0.key < $1.key }) where !known.contains(key) {
            let write = LearnerChange.ParametersWrite(learner: learner, weights: change.weights, source: change.source, reschedule: change.rescheduled,
                                                      desiredRetention: 0.9, time: change.time, machine: change.machine)
            _ = try LearnerDatabase.apply(.parameters(write), in: db, now: Milliseconds.date(change.time), ids: ReviewIDSource())
        }
        return local.filter { change in
            let key = key(time: change.time, machine: change.machine)
            return change.machine == machine && folder.parameters[key] == nil && !held.contains(key)
        }.map { .parameters(SyncParameters(time: $0.time, weights: $0.weights, rescheduled: $0.rescheduled, source: $0.source)) }
    }
}
