import Foundation
import GRDB
import KuchiData

/// LearnerDatabase+Machines: changes named by the machine that made them — what `kuchi optimize
/// --show` says of the parameters in force, and `kuchi synonyms --remove-from MACHINE`, which
/// takes back every answer a machine kept (2,331 forged "x is right" records, issue 36).
extension LearnerDatabase {
    /// thisMachine: this data folder's machine id, nil before it has one.
    public func thisMachine() -> String? {
        try? writer.read { db in try Self.machineID(db, create: false, source: ReviewIDSource()) }
    }

    /// ownAnswerMachines: the machines whose kept answers the learner holds, with how many.
    public func ownAnswerMachines(learner: UUID) throws -> [(machine: String, count: Int)] {
        try writer.read { db in
            try Self.syncOwnAnswers(db, learner: learner).filter(\.kept)
        }.reduce(into: [String: Int]()) { $0[$1.machine, default: 0] += 1 }.map { ($0.key, $0.value) }.sorted { $0.machine < $1.machine }
    }

    /// removeOwnAnswers: every answer kept by the machine whose id starts with `machine` (at
    /// least 8 hex digits; "here" is this machine), taken back as one change made here — stamped
    /// after them, so the removal travels and wins on every machine. Returns those removed, or
    /// nil when the prefix names no machine or more than one.
    public func removeOwnAnswers(fromMachine machine: String, learner: UUID, now: Date) throws -> [OwnAnswer]? {
        let wanted = machine == "here" ? (thisMachine() ?? "") : machine.lowercased()
        let kept = try writer.read { db in try Self.syncOwnAnswers(db, learner: learner).filter(\.kept) }
        let machines = Set(kept.map(\.machine).filter { !wanted.isEmpty && (wanted.count >= 8 || wanted == $0) && $0.hasPrefix(wanted) })
        guard machines.count == 1, let chosen = machines.first else { return machines.isEmpty ? [] : nil }
        let answers = kept.filter { $0.machine == chosen }.map(\.answer)
        guard !answers.isEmpty else { return [] }
        return try apply(.ownAnswer(LearnerChange.OwnAnswerWrite(learner: learner, answers: answers, kept: false, matching: nil, stamp: nil,
                                                                 machine: nil)), now: now).ownAnswers
    }
}
