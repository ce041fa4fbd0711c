import Foundation
import GRDB

/// ParameterChange: one change of the learner's FSRS weights — a fit applied, or a reset to the
/// defaults — stamped with when and on which machine it was made, as it is stored and travels.
public struct ParameterChange: Equatable, Sendable {
    /// Source: where the weights came from.
    public enum Source: String, Sendable {
        /// fitted: `kuchi optimize` (or Settings' Optimize my scheduler) fitted them.
        case fitted
        /// reset: `kuchi optimize --reset` went back to the defaults.
        case reset
    }

    /// time: ms since 1970 (UTC).
    public let time: Int64
    /// machine: the id of the machine that made the change.
    public let machine: String
    /// weights: the 21 FSRS weights from then on.
    public let weights: [Double]
    /// rescheduled: whether review cards' due dates were recomputed too (`--reschedule`).
    public let rescheduled: Bool
    /// source: fitted or reset.
    public let source: Source

    /// init: a change.
    public init(time: Int64, machine: String, weights: [Double], rescheduled: Bool, source: Source) {
        self.time = time
        self.machine = machine
        self.weights = weights
        self.rescheduled = rescheduled
        self.source = source
    }

    /// precedes: the order every machine replays changes in: time, then machine id.
    func precedes(_ other: ParameterChange) -> Bool {
        (time, machine) < (other.time, other.machine)
    }

    /// weightsText: the weights as stored and sent (JSON, each number in its shortest exact form).
    var weightsText: String {
        "[" + weights.map { "\($0)" }.joined(separator: ",") + "]"
    }

    /// weights(from:): the weights a stored or received text holds, nil unless 21 usable ones.
    static func weights(from text: String) -> [Double]? {
        guard text.utf8.count <= 2048, let values = try? JSONDecoder().decode([Double].self, from: Data(text.utf8)),
              FSRSParameters.problems(in: values).isEmpty else { return nil }
        return values
    }
}

/// ParameterTimeline: a learner's weight changes in replay order, each with its scheduler.
struct ParameterTimeline {
    /// changes: oldest first.
    let changes: [ParameterChange]
    /// schedulers: one per change.
    let schedulers: [any CardScheduler]

    /// none: no change: the defaults throughout.
    static var none: ParameterTimeline { ParameterTimeline(changes: [], schedulers: []) }

    /// load: `learner`'s changes from the database.
    static func load(_ db: Database, learner: UUID, desiredRetention: Double) throws -> ParameterTimeline {
        let changes = try LearnerDatabase.parameterChanges(db, learner: learner)
        return ParameterTimeline(changes: changes,
                                 schedulers: changes.map { SchedulerFactory.scheduler(weights: $0.weights, desiredRetention: desiredRetention) })
    }
}

extension LearnerDatabase {
    /// parameterChanges: `learner`'s weight changes, in replay order (unusable rows skipped).
    static func parameterChanges(_ db: Database, learner: UUID) throws -> [ParameterChange] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT time, machine, weights, rescheduled, source FROM scheduler_parameters
            WHERE learner = ? ORDER BY time, machine
            """, arguments: [learner.uuidString.lowercased()])
        return rows.compactMap { row in
            guard let weights = ParameterChange.weights(from: row["weights"]),
                  let source = ParameterChange.Source(rawValue: row["source"]) else { return nil }
            return ParameterChange(time: row["time"], machine: row["machine"], weights: weights, rescheduled: row["rescheduled"] as Bool,
                                   source: source)
        }
    }

    /// insertParameterChange: stores a change (one already stored, from a sync, is kept once).
    static func insertParameterChange(_ db: Database, learner: UUID, _ change: ParameterChange) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO scheduler_parameters (learner, time, machine, weights, rescheduled, source)
            VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [learner.uuidString.lowercased(), change.time, change.machine, change.weightsText, change.rescheduled,
                             change.source.rawValue])
    }

    /// parameterChanges(learner:): `learner`'s weight changes, oldest first.
    public func parameterChanges(learner: UUID) throws -> [ParameterChange] {
        try writer.read { db in try Self.parameterChanges(db, learner: learner) }
    }

    /// parametersInForce: the latest change, nil while the defaults have never been changed.
    public func parametersInForce(learner: UUID) -> ParameterChange? {
        (try? parameterChanges(learner: learner))?.last
    }

    /// applyParameters: puts `weights` in force for `learner` from `now`, as one transaction: the
    /// change is logged (stamped with this machine's id) and every card is replayed from its
    /// log, so its memory is what the new weights make of its history; due dates move only
    /// when `reschedule`. Returns how many cards changed.
    public func applyParameters(_ weights: [Double], learner: UUID, source: ParameterChange.Source, reschedule: Bool,
                                desiredRetention: Double, now: Date) throws -> Int {
        guard FSRSParameters.problems(in: weights).isEmpty else { return 0 }
        return try writer.write { db in
            let machine = try Self.machineID(db, create: true, source: ReviewIDSource()) ?? "local"
            let change = ParameterChange(time: Milliseconds.from(now), machine: machine, weights: weights, rescheduled: reschedule,
                                         source: source)
            try Self.insertParameterChange(db, learner: learner, change)
            let timeline = try ParameterTimeline.load(db, learner: learner, desiredRetention: desiredRetention)
            return try SyncReplay.replay(db, learner: learner, scheduler: SchedulerFactory.scheduler(weights: nil, desiredRetention: desiredRetention),
                                         timeline: timeline, keepDue: !reschedule)
        }
    }
}
