import Foundation

/// SyncMerge: the setting and deck records read from the folder — the winning value of each
/// profile field (last writer wins, by time, then machine id, then value, so every machine picks
/// the same one) and the deck contents seen. Reviews and undos do not stay here: `SyncIntake`
/// applies them to the database as they stream in.
struct SyncMerge {
    /// Stamped: a value with the machine that wrote it.
    struct Stamped<Value> {
        let value: Value
        let machine: String
    }

    /// settings: every field's values.
    private(set) var settings: [ProfileField: [Stamped<SyncSetting>]] = [:]
    /// decks: the deck contents (hashes) read, with the machine that first sent each.
    private(set) var decks: [String: String] = [:]
    /// receiveDeck: what to do with a deck another machine sent (save it here), returning notices.
    var receiveDeck: ((SyncDeck, String) -> [String])?
    /// notices: problems met receiving decks.
    private(set) var notices: [String] = []

    /// init: an empty merge.
    init() {}

    /// init: the merge of `entries` (settings and decks; reviews and undos are ignored).
    init(_ entries: [SyncFolder.Entry]) {
        for entry in entries { add(entry) }
    }

    /// add: one setting or deck record read from the folder.
    mutating func add(_ entry: SyncFolder.Entry) {
        switch entry.record {
        case .setting(let setting):
            add(setting, machine: entry.machine)
        case .deck(let deck):
            guard decks[deck.hash] == nil else { return }
            decks[deck.hash] = entry.machine
            if let receiveDeck { notices += receiveDeck(deck, entry.machine) }
        case .review, .undo:
            break
        }
    }

    /// add: this machine's own new setting values, as if already in the folder.
    mutating func add(_ setting: SyncSetting, machine: String) {
        settings[setting.field, default: []].append(Stamped(value: setting, machine: machine))
        // A folder flooded with setting records keeps the latest few per field, not all of them.
        if let values = settings[setting.field], values.count > 2 * Self.keptPerField {
            settings[setting.field] = Array(values.sorted { Self.stamp($0) > Self.stamp($1) }.prefix(Self.keptPerField))
        }
    }

    /// keptPerField: how many of a field's latest values are kept (the winner is among them
    /// unless that many later values are all invalid).
    static let keptPerField = 64

    /// stamp: the order values win in.
    private static func stamp(_ value: Stamped<SyncSetting>) -> (Int64, String, String) {
        (value.value.time, value.machine, value.value.value)
    }

    /// winner: the last value written for `field` among those `accept` allows.
    func winner(_ field: ProfileField, accept: (String) -> Bool) -> Stamped<SyncSetting>? {
        settings[field, default: []].filter { accept($0.value.value) }.max { Self.stamp($0) < Self.stamp($1) }
    }
}
