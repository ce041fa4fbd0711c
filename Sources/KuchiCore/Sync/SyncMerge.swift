import Foundation

/// SyncMerge: the folder's records for one learner, deduplicated by id — a review or undo read
/// twice (a conflict copy, a second sync of the same file) counts once — and every setting
/// change (the latest change wins, by stamp, then machine id, then value, so every machine picks
/// the same one).
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
    /// settings: every setting change read, each with the machine whose folder held it.
    private(set) var settings: [SettingChange] = []
    /// decks: deck files by hash.
    private(set) var decks: [String: Stamped<SyncDeck>] = [:]
    /// ownAnswers: the latest change of each own answer (by deck, word, direction, answer).
    private(set) var ownAnswers: [OwnAnswer: SyncOwnAnswer] = [:]
    /// ownAnswerStamps: every own-answer change in the folder, so one already sent is not sent again.
    private(set) var ownAnswerStamps: Set<SyncOwnAnswer> = []
    /// forgotten: the learner was forgotten on every machine (the machine that said so first).
    private(set) var forgotten: String?
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
            case .setting(var setting):
                setting.machine = entry.machine
                settings.append(setting)
            case .forget:
                forgotten = forgotten ?? entry.machine
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

    /// stamps: the stamps of `machine`'s setting changes in the folder (what it has sent).
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
