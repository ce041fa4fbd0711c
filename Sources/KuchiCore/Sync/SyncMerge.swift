import Foundation

/// SyncMerge: the folder's records for one learner, deduplicated by id — a review or undo read
/// twice (a conflict copy, a second sync of the same file) counts once — and the winning value
/// of each profile field (last writer wins, by time, then machine id, then value, so every
/// machine picks the same one).
struct SyncMerge {
    /// Stamped: a value with the machine that wrote it.
    struct Stamped<Value> {
        let value: Value
        let machine: String
    }

    /// reviews: every review in the folder, by id (the first copy read wins).
    private(set) var reviews: [String: Stamped<SyncReview>] = [:]
    /// undos: every undone review id, with the machine that first wrote it.
    private(set) var undos: [String: String] = [:]
    /// settings: every field's values.
    private(set) var settings: [ProfileField: [Stamped<SyncSetting>]] = [:]
    /// decks: deck files by hash.
    private(set) var decks: [String: Stamped<SyncDeck>] = [:]
    /// ownAnswers: the latest change of each own answer (by deck, word, direction, answer).
    private(set) var ownAnswers: [OwnAnswer: SyncOwnAnswer] = [:]
    /// ownAnswerStamps: every own-answer change in the folder, so one already sent is not sent again.
    private(set) var ownAnswerStamps: Set<SyncOwnAnswer> = []
    /// notices: records that disagreed with another copy of themselves.
    private(set) var notices: [String] = []

    /// init: the merge of `entries`.
    init(_ entries: [SyncFolder.Entry]) {
        var disagreeing = 0
        for entry in entries {
            switch entry.record {
            case .review(let review):
                if let known = reviews[review.uid] {
                    if known.value != review { disagreeing += 1 }
                } else {
                    reviews[review.uid] = Stamped(value: review, machine: entry.machine)
                }
            case .undo(let uid):
                if undos[uid] == nil { undos[uid] = entry.machine }
            case .setting(let setting):
                settings[setting.field, default: []].append(Stamped(value: setting, machine: entry.machine))
            case .deck(let deck):
                if decks[deck.hash] == nil { decks[deck.hash] = Stamped(value: deck, machine: entry.machine) }
            case .ownAnswer(var change):
                change.machine = entry.machine
                ownAnswerStamps.insert(change)
                if ownAnswers[change.answer].map({ change.isLater(than: $0) }) ?? true { ownAnswers[change.answer] = change }
            }
        }
        if disagreeing > 0 {
            notices.append("\(disagreeing) review record\(disagreeing == 1 ? "" : "s") in the sync folder disagreed with another copy of the same review; the first copy read was kept.")
        }
    }

    /// add: this machine's own new setting values, as if already in the folder.
    mutating func add(_ setting: SyncSetting, machine: String) {
        settings[setting.field, default: []].append(Stamped(value: setting, machine: machine))
    }

    /// winner: the last value written for `field` among those `accept` allows.
    func winner(_ field: ProfileField, accept: (String) -> Bool) -> Stamped<SyncSetting>? {
        settings[field, default: []].filter { accept($0.value.value) }.max { left, right in
            (left.value.time, left.machine, left.value.value) < (right.value.time, right.machine, right.value.value)
        }
    }
}
