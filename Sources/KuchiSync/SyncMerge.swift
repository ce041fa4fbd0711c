import Foundation
import KuchiData

/// SyncMerge: the setting, forget, deck and weight-change records read from the folder — every
/// setting change (the latest change wins, by stamp, then machine id, then value, so every
/// machine picks the same one), whether the learner was forgotten everywhere, the deck contents
/// seen and the weight changes (`kuchi optimize`) read. Reviews, undos and suspensions do not
/// stay here: `SyncIntake` applies them to the database as they stream in.
///
/// A review id seen with two different contents (a damaged copy, a hand-edited file, a bug)
/// keeps the copy whose canonical content hash is smallest (`prefers`) — a rule of the copies
/// alone, so every machine keeps the same one whatever order it read the files in.
package struct SyncMerge {
    /// settings: every setting change read, each with the machine whose folder held it.
    package private(set) var settings: [SettingChange] = []
    /// decks: the deck contents (hashes) read, with the machine that first sent each.
    package private(set) var decks: [String: String] = [:]
    /// receiveDeck: what to do with a deck another machine sent (save it here), returning notices.
    package var receiveDeck: ((SyncDeck, String) -> [String])?
    /// parameters: the weight changes read, by (time, machine), each once (a handful per learner).
    package private(set) var parameters: [String: ParameterChange] = [:]
    /// forgets: every forget record read (Forget me → every machine), judged once everything is
    /// read (`SyncForgetVerdict`): a forged one must not erase the learner.
    package private(set) var forgets: [SyncForgetVerdict.Forget] = []
    /// notices: problems met receiving decks.
    package private(set) var notices: [String] = []

    /// keptPerField: when a folder floods a field with changes, how many of its latest are kept
    /// (the winner is among them unless that many later values are all invalid).
    package static let keptPerField = 64

    /// init: an empty merge.
    package init() {}

    /// init: the merge of `entries` (reviews, undos and suspensions are ignored).
    package init(_ entries: [SyncFolder.Entry]) {
        for entry in entries { add(entry) }
    }

    /// add: one record read from the folder (reviews, undos and suspensions are `SyncIntake`'s).
    package mutating func add(_ entry: SyncFolder.Entry) {
        switch entry.record {
        case .setting(var setting):
            setting.machine = entry.machine
            settings.append(setting)
            if settings.count > 2 * Self.keptPerField * ProfileField.allCases.count { prune() }
        case .forget(let time):
            forgets.append(SyncForgetVerdict.Forget(machine: entry.machine, time: time, file: entry.file))
        case .deck(let deck):
            guard decks[deck.hash] == nil else { return }
            decks[deck.hash] = entry.machine
            if let receiveDeck { notices += receiveDeck(deck, entry.machine) }
        case .parameters(let change):
            let key = SyncParameters.key(time: change.time, machine: entry.machine)
            guard parameters[key] == nil else { return }
            parameters[key] = ParameterChange(time: change.time, machine: entry.machine, weights: change.weights,
                                              rescheduled: change.rescheduled, source: change.source)
        case .review, .undo, .suspension, .ownAnswer:
            break
        }
    }

    /// namedDisagreements: disagreeing reviews named one by one before the rest are counted.
    package static let namedDisagreements = 5

    /// prefers: whether `candidate` is kept over `other`, a copy of the same review id with
    /// other contents: the smaller canonical content hash (the record's sorted-key JSON line),
    /// then the smaller line — the same answer on every machine.
    package static func prefers(_ candidate: SyncReview, over other: SyncReview) -> Bool {
        let mine = canonical(candidate)
        let theirs = canonical(other)
        let (left, right) = (StableHash.hex128(mine), StableHash.hex128(theirs))
        return left != right ? left < right : mine.lexicographicallyPrecedes(theirs)
    }

    /// canonical: a review's record line, as every machine encodes it.
    private static func canonical(_ review: SyncReview) -> Data {
        (try? SyncRecordCoding.encode(.review(review))) ?? Data(review.uid.utf8)
    }

    /// prune: keeps each field's latest `keptPerField` changes (a flood cannot exhaust memory).
    private mutating func prune() {
        var kept: [SettingChange] = []
        for changes in Dictionary(grouping: settings, by: \.field).values {
            kept += changes.sorted { ($0.stamp, $0.machine, $0.value) > ($1.stamp, $1.machine, $1.value) }.prefix(Self.keptPerField)
        }
        settings = kept
    }

    /// stamps: the stamps of `machine`'s setting changes read (what it has sent).
    package func stamps(of machine: String) -> Set<SettingStamp> {
        Set(settings.filter { $0.machine == machine }.map(\.stamp))
    }

    /// winner: the latest change of `field` among those `accept` allows, by stamp, machine and
    /// value — the order every machine uses, whatever its clock (issue 36).
    package func winner(_ field: ProfileField, accept: (String) -> Bool) -> SettingChange? {
        var best: SettingChange?
        for change in settings where change.field == field && accept(change.value) {
            if let known = best, !change.wins(over: known) { continue }
            best = change
        }
        return best
    }
}
