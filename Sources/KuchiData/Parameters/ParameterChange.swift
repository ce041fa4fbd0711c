import Foundation
import GRDB
import KuchiMemory

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
    package func precedes(_ other: ParameterChange) -> Bool {
        (time, machine) < (other.time, other.machine)
    }

    /// weightsText: the weights as stored and sent (JSON, each number in its shortest exact form).
    package var weightsText: String {
        "[" + weights.map { "\($0)" }.joined(separator: ",") + "]"
    }

    /// weights(from:): the weights a stored or received text holds, nil unless 21 usable ones.
    package static func weights(from text: String) -> [Double]? {
        guard text.utf8.count <= 2048, let values = try? JSONDecoder().decode([Double].self, from: Data(text.utf8)),
              FSRSParameters.problems(in: values).isEmpty else { return nil }
        return values
    }
}

/// ParameterTimeline: what scheduled a learner's reviews, in time order — each weight change
/// and each change of desired retention, with the scheduler in force from then on.
///
/// Retention lives on the same timeline as the weights (issue 35): a change applies from the
/// moment it was made, on every machine, synced or not. A replay schedules each review with the
/// retention in force at its time — the scheduler the live answer used — so a sync never
/// reschedules what this machine already scheduled (before, the replay applied today's
/// retention to the whole log and moved 91 of 100 due dates at the first sync after a change).
package struct ParameterTimeline {
    /// Event: from `time` on, `scheduler` schedules; `recompute` (a weight change) recomputes each
    /// card's memory from its history with it, keeping its due date unless `rescheduled`.
    package struct Event {
        package let time: Int64
        package let scheduler: any CardScheduler
        package let recompute: Bool
        package let rescheduled: Bool
    }

    /// changes: the weight changes, oldest first.
    package let changes: [ParameterChange]
    /// events: weight and retention changes in replay order.
    package let events: [Event]
    /// base: the scheduler before the first event (the default weights, the first retention).
    package let base: any CardScheduler
    /// fingerprint: what the replay depends on, to tell when every card must be replayed.
    package let fingerprint: String

    /// none: the defaults throughout, at `desiredRetention`.
    package static func none(desiredRetention: Double) -> ParameterTimeline {
        let base = SchedulerFactory.scheduler(weights: nil, desiredRetention: desiredRetention)
        return ParameterTimeline(changes: [], events: [], base: base, fingerprint: String(describing: base))
    }

    /// load: `learner`'s weight changes and retention changes from the database; a learner
    /// with no retention logged keeps `desiredRetention` throughout.
    package static func load(_ db: Database, learner: UUID, desiredRetention: Double) throws -> ParameterTimeline {
        let changes = try LearnerDatabase.parameterChanges(db, learner: learner)
        let retentions = try LearnerDatabase.retentionChanges(db, learner: learner)
        var retention = retentions.first?.value ?? desiredRetention
        var weights: [Double]? = nil
        var events: [Event] = []
        var weightIndex = 0
        var retentionIndex = 1
        // Merged by time; at equal times the retention first, so a fit made at that moment uses it.
        while weightIndex < changes.count || retentionIndex < retentions.count {
            let nextRetention = retentionIndex < retentions.count ? retentions[retentionIndex] : nil
            let nextWeights = weightIndex < changes.count ? changes[weightIndex] : nil
            if let nextRetention, nextWeights.map({ nextRetention.time <= $0.time }) ?? true {
                retentionIndex += 1
                guard nextRetention.value != retention else { continue }
                retention = nextRetention.value
                events.append(Event(time: nextRetention.time, scheduler: SchedulerFactory.scheduler(weights: weights, desiredRetention: retention),
                                    recompute: false, rescheduled: false))
            } else if let change = nextWeights {
                weightIndex += 1
                weights = change.weights
                events.append(Event(time: change.time, scheduler: SchedulerFactory.scheduler(weights: weights, desiredRetention: retention),
                                    recompute: true, rescheduled: change.rescheduled))
            }
        }
        let base = SchedulerFactory.scheduler(weights: nil, desiredRetention: retentions.first?.value ?? desiredRetention)
        let fingerprint = String(describing: base) + events.map { " \($0.time)/\(String(describing: $0.scheduler))" }.joined()
        return ParameterTimeline(changes: changes, events: events, base: base, fingerprint: fingerprint)
    }
}

extension LearnerDatabase {
    /// parameterChanges: `learner`'s weight changes, in replay order (unusable rows skipped).
    package static func parameterChanges(_ db: Database, learner: UUID) throws -> [ParameterChange] {
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
    package static func insertParameterChange(_ db: Database, learner: UUID, _ change: ParameterChange) throws {
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

    /// retentionChanges: the learner's desired-retention changes in the order the settings log
    /// ranks them (counted stamp, machine, value), each at the millisecond it counts from.
    package static func retentionChanges(_ db: Database, learner: UUID) throws -> [(time: Int64, value: Double)] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT value, stamp FROM setting_change WHERE learner = ? AND field = ? ORDER BY stamp, machine, value
            """, arguments: [learner.uuidString.lowercased(), ProfileField.desiredRetention.rawValue])
        return rows.compactMap { row in
            guard let value = Double(row["value"] as String), value.isFinite else { return nil }
            let stamp = SettingStamp(rawValue: row["stamp"])
            return (stamp == .inherited ? 0 : stamp.milliseconds, Settings.clampDesiredRetention(value))
        }
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
        return try apply(.parameters(LearnerChange.ParametersWrite(learner: learner, weights: weights, source: source, reschedule: reschedule,
                                                                   desiredRetention: desiredRetention, time: nil, machine: nil)), now: now).count
    }
}
