import Foundation

/// SyncMerge: the folder's records for one learner, deduplicated by id — a review or undo read
/// twice (a conflict copy, a second sync of the same file) counts once — and every setting
/// change (the latest change wins, by stamp, then machine id, then value, so every machine picks
/// the same one).
///
/// A review id seen with two different contents (a damaged copy, a hand-edited file, a bug)
/// keeps the copy whose canonical content hash is smallest (`prefers`) — a rule of the copies
/// alone, so every machine keeps the same one whatever order it read the files in; this
/// machine's own copy takes part (`SyncService` replaces it when it loses, sends it when it wins).
struct SyncMerge {
    /// Stamped: a value with the machine that wrote it.
    struct Stamped<Value> {
        let value: Value
        let machine: String
    }

    /// reviews: every review in the folder, by id (of copies that differ, the preferred one).
    private(set) var reviews: [String: Stamped<SyncReview>] = [:]
    /// undos: every undone review id, with the machine that first wrote it.
    private(set) var undos: [String: String] = [:]
    /// settings: every setting change read, each with the machine whose folder held it.
    private(set) var settings: [SettingChange] = []
    /// decks: deck files by hash.
    private(set) var decks: [String: Stamped<SyncDeck>] = [:]
    /// parameters: every weight change in the folder, by (time, machine), read once.
    private(set) var parameters: [String: Stamped<SyncParameters>] = [:]
    /// ownAnswers: the latest change of each own answer (by deck, word, direction, answer).
    private(set) var ownAnswers: [OwnAnswer: SyncOwnAnswer] = [:]
    /// ownAnswerStamps: every own-answer change in the folder, so one already sent is not sent again.
    private(set) var ownAnswerStamps: Set<SyncOwnAnswer> = []
    /// forgotten: the learner was forgotten on every machine (the machine that said so first).
    private(set) var forgotten: String?
    /// suspensions: every suspension change in the folder (applied latest stamp first wins).
    private(set) var suspensions: [Suspension] = []
    /// notices: records that disagreed with another copy of themselves.
    private(set) var notices: [String] = []
    /// disagreements: review ids read with different contents, with the files that hold them.
    private(set) var disagreements: [String: Set<String>] = [:]
    /// files: the file each kept review was read from.
    private var files: [String: String] = [:]

    /// init: the merge of `entries`.
    init(_ entries: [SyncFolder.Entry]) {
        for entry in entries {
            switch entry.record {
            case .review(let review):
                if let known = reviews[review.uid] {
                    guard known.value != review else { continue }
                    disagreements[review.uid, default: [files[review.uid] ?? ""]].insert(entry.file)
                    if Self.prefers(review, over: known.value) {
                        reviews[review.uid] = Stamped(value: review, machine: entry.machine)
                        files[review.uid] = entry.file
                    }
                } else {
                    reviews[review.uid] = Stamped(value: review, machine: entry.machine)
                    files[review.uid] = entry.file
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
            case .parameters(let change):
                let key = "\(change.time)/\(entry.machine)"
                if parameters[key] == nil { parameters[key] = Stamped(value: change, machine: entry.machine) }
            case .suspension(let change):
                suspensions.append(change)
            case .ownAnswer(var change):
                change.machine = entry.machine
                ownAnswerStamps.insert(change)
                if ownAnswers[change.answer].map({ change.isLater(than: $0) }) ?? true { ownAnswers[change.answer] = change }
            }
        }
        for uid in disagreements.keys.sorted().prefix(Self.namedDisagreements) {
            let named = (disagreements[uid] ?? []).filter { !$0.isEmpty }.sorted()
            notices.append("Review \(uid) has different contents in \(named.joined(separator: " and ")); "
                + "every machine keeps the copy in \(files[uid] ?? "the folder") (the smallest content hash).")
        }
        if disagreements.count > Self.namedDisagreements {
            let more = disagreements.count - Self.namedDisagreements
            notices.append("\(more) more review\(more == 1 ? "" : "s") had different contents in the sync folder; the same rule chose each.")
        }
    }

    /// namedDisagreements: disagreeing reviews named one by one before the rest are counted.
    static let namedDisagreements = 5

    /// prefers: whether `candidate` is kept over `other`, a copy of the same review id with
    /// other contents: the smaller canonical content hash (the record's sorted-key JSON line),
    /// then the smaller line — the same answer on every machine.
    static func prefers(_ candidate: SyncReview, over other: SyncReview) -> Bool {
        let mine = canonical(candidate)
        let theirs = canonical(other)
        let (left, right) = (StableHash.hex128(mine), StableHash.hex128(theirs))
        return left != right ? left < right : mine.lexicographicallyPrecedes(theirs)
    }

    /// canonical: a review's record line, as every machine encodes it.
    private static func canonical(_ review: SyncReview) -> Data {
        (try? SyncRecordCoding.encode(.review(review))) ?? Data(review.uid.utf8)
    }

    /// settle: this machine's own reviews against the folder's copies of the same ids: those
    /// the folder's preferred copy beats are to be `replaced` here; those that beat it are to be
    /// `sent` (the folder lacks the preferred copy). Notices name this machine's copies.
    func settle(local: [SyncReview]) -> (replaced: [SyncReview], sent: [SyncReview], notices: [String]) {
        var replaced: [SyncReview] = []
        var sent: [SyncReview] = []
        var notices: [String] = []
        for review in local {
            guard let folder = reviews[review.uid]?.value, folder != review else { continue }
            if Self.prefers(review, over: folder) {
                sent.append(review)
            } else {
                replaced.append(folder)
                notices.append("Review \(review.uid) here differed from the copy in \(files[review.uid] ?? "the sync folder"); "
                    + "this machine now keeps that copy, as every machine does.")
            }
        }
        return (replaced, sent, notices)
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
