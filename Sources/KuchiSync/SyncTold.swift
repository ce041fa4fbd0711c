import Foundation
import KuchiData

/// SyncTold: what other machines changed that a learner would not expect from a sync, told
/// by machine (issue 36) — weights put in force, answers kept as right, a deck added. Before,
/// forged weights pushed every due date to 2126 while the sync said only "100 cards
/// rescheduled", and 2,331 kept answers arrived unnamed.
package struct SyncTold {
    private var parameters: [String: [ParameterChange]] = [:]
    private var ownAnswers: [String: Int] = [:]
    private var decks: [String: [String]] = [:]

    /// parameter: a weight change another machine made, taken here.
    package mutating func parameter(_ change: ParameterChange) { parameters[change.machine, default: []].append(change) }
    /// ownAnswer: an answer another machine kept, taken here.
    package mutating func ownAnswer(from machine: String) { ownAnswers[machine, default: 0] += 1 }
    /// deck: a deck another machine sent, saved here.
    package mutating func deck(_ name: String, from machine: String) { decks[machine, default: []].append(name) }

    /// lines: one sentence per machine and kind, machines in id order.
    package var lines: [String] {
        var lines: [String] = []
        for machine in Set(parameters.keys).union(ownAnswers.keys).union(decks.keys).sorted() {
            let name = "machine \(SyncRefusals.short(machine))"
            for change in parameters[machine] ?? [] {
                let what = change.source == .fitted ? "its own fit of the scheduler's parameters" : "the default parameters (a reset)"
                lines.append("\(name) put \(what) in force on \(SyncForgetVerdict.day(change.time)) (`kuchi optimize --show`; `kuchi optimize --reset` goes back)")
            }
            if let count = ownAnswers[machine] {
                lines.append("\(name) kept \(count) answer\(count == 1 ? "" : "s") of your own as right "
                    + "(`kuchi synonyms --remove-from \(SyncRefusals.short(machine))` takes \(count == 1 ? "it" : "them all") back)")
            }
            for deck in decks[machine] ?? [] {
                lines.append("\(name) added the deck “\(deck.escapingControlCharacters)” (`kuchi decks`)")
            }
        }
        return lines
    }
}
