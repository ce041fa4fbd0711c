import Foundation
import KuchiCore
import KuchiData

/// SynonymsCommand+Machine: `kuchi synonyms --remove-from MACHINE` — every answer one machine
/// kept, taken back at once (a machine that flooded the folder with "x is right", issue 36).
extension SynonymsCommand {
    /// removing: takes back every answer `machine` kept and lists them; 1 when it kept none.
    func removing(fromMachine machine: String, learner: UUID, options: LearnerOptions, now: Date) throws(LearnerOptions.CommandFailure) -> Int32 {
        let database = LearnerDatabase.open(directory: options.paths().dataDirectory, now: now)
        if let refusal = database.commandRefusal {
            throw LearnerOptions.CommandFailure(message: refusal.replacingOccurrences(of: "nothing was changed", with: "nothing was removed"))
        }
        let removed: [OwnAnswer]?
        let machines: [(machine: String, count: Int)]
        do {
            machines = try database.ownAnswerMachines(learner: learner)
            removed = try database.removeOwnAnswers(fromMachine: machine, learner: learner, now: now)
        } catch {
            throw LearnerOptions.CommandFailure(message: "could not update the learner database: \(error)")
        }
        let known = machines.map { "\(String($0.machine.prefix(8))) (\($0.count))" }.joined(separator: ", ")
        guard let removed else {
            throw LearnerOptions.CommandFailure(message: "“\(machine.escapingControlCharacters)” names more than one machine; give more of its id: \(known).")
        }
        guard !removed.isEmpty else {
            StandardError.write("kuchi: no answer kept by machine “\(machine.escapingControlCharacters)”"
                + (known.isEmpty ? " (no machine kept any)." : "; machines with kept answers: \(known)."))
            return 1
        }
        let severalDecks = Set(removed.map(\.deck)).count > 1
        for own in removed {
            Self.writeLine(["removed", own.word, own.direction.rawValue, OwnAnswers.shown(own.answer, direction: own.direction)] + (severalDecks ? [own.deck] : []))
        }
        return StandardOutput.finish(0)
    }
}
