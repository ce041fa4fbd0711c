import Foundation

/// SyncMerge: the setting, forget and deck records read from the folder — every setting change
/// (the latest change wins, by stamp, then machine id, then value, so every machine picks the
/// same one), whether the learner was forgotten everywhere, and the deck contents seen. Reviews
/// and undos do not stay here: `SyncIntake` applies them to the database as they stream in.
struct SyncMerge {
    /// settings: every setting change read, each with the machine whose folder held it.
    private(set) var settings: [SettingChange] = []
    /// decks: the deck contents (hashes) read, with the machine that first sent each.
    private(set) var decks: [String: String] = [:]
    /// receiveDeck: what to do with a deck another machine sent (save it here), returning notices.
    var receiveDeck: ((SyncDeck, String) -> [String])?
    /// forgotten: the learner was forgotten on every machine (the machine that said so first).
    private(set) var forgotten: String?
    /// notices: problems met receiving decks.
    private(set) var notices: [String] = []

    /// keptPerField: when a folder floods a field with changes, how many of its latest are kept
    /// (the winner is among them unless that many later values are all invalid).
    static let keptPerField = 64

    /// init: an empty merge.
    init() {}

    /// init: the merge of `entries` (settings, forgets and decks; reviews and undos are ignored).
    init(_ entries: [SyncFolder.Entry]) {
        for entry in entries { add(entry) }
    }

    /// add: one record read from the folder (reviews and undos are `SyncIntake`'s).
    mutating func add(_ entry: SyncFolder.Entry) {
        switch entry.record {
        case .setting(var setting):
            setting.machine = entry.machine
            settings.append(setting)
            if settings.count > 2 * Self.keptPerField * ProfileField.allCases.count { prune() }
        case .forget:
            forgotten = forgotten ?? entry.machine
        case .deck(let deck):
            guard decks[deck.hash] == nil else { return }
            decks[deck.hash] = entry.machine
            if let receiveDeck { notices += receiveDeck(deck, entry.machine) }
        case .review, .undo:
            break
        }
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
    func stamps(of machine: String) -> Set<SettingStamp> {
        Set(settings.filter { $0.machine == machine }.map(\.stamp))
    }

    /// winner: the latest change of `field` among those `accept` allows, as a machine whose
    /// clock says `now` counts them (`SettingStamp.received`).
    func winner(_ field: ProfileField, now: Date, accept: (String) -> Bool) -> SettingChange? {
        var best: (change: SettingChange, counted: SettingStamp)?
        for change in settings where change.field == field && accept(change.value) {
            let counted = change.stamp.received(now: now)
            if let known = best, (known.counted, known.change.machine, known.change.value) >= (counted, change.machine, change.value) { continue }
            best = (change, counted)
        }
        return best?.change
    }
}
