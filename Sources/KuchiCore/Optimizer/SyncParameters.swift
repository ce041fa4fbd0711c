import Foundation
import GRDB

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
    static func fill(_ type: inout String?, _ time: inout Int64?, _ weights: inout String?, _ rescheduled: inout Bool?,
                     _ source: inout String?, from change: SyncParameters) {
        type = "parameters"
        time = change.time
        weights = ParameterChange(time: change.time, machine: "", weights: change.weights, rescheduled: change.rescheduled,
                                  source: change.source).weightsText
        rescheduled = change.rescheduled
        source = change.source.rawValue
    }

    /// read: the change a line holds, nil when any field is missing or unusable.
    static func read(time: Int64?, weights: String?, rescheduled: Bool?, source: String?) -> SyncParameters? {
        guard let time, (SyncRecordCoding.earliest...SyncRecordCoding.latest).contains(time), let text = weights,
              let values = ParameterChange.weights(from: text), let rescheduled,
              let source = source.flatMap(ParameterChange.Source.init(rawValue:)) else { return nil }
        return SyncParameters(time: time, weights: values, rescheduled: rescheduled, source: source)
    }

    /// merge: inside a sync's transaction: stores the folder's changes this database lacks and
    /// returns this machine's own changes the folder lacks (to send).
    static func merge(_ db: Database, learner: UUID, machine: String, folder: SyncMerge) throws -> [SyncRecord] {
        let local = try LearnerDatabase.parameterChanges(db, learner: learner)
        let known = Set(local.map { "\($0.time)/\($0.machine)" })
        for (key, stamped) in folder.parameters where !known.contains(key) {
            let change = stamped.value
            try LearnerDatabase.insertParameterChange(db, learner: learner, ParameterChange(
                time: change.time, machine: stamped.machine, weights: change.weights, rescheduled: change.rescheduled, source: change.source))
        }
        return local.filter { $0.machine == machine && folder.parameters["\($0.time)/\($0.machine)"] == nil }.map {
            .parameters(SyncParameters(time: $0.time, weights: $0.weights, rescheduled: $0.rescheduled, source: $0.source))
        }
    }
}
