import Foundation
import GRDB
import KuchiData

/// LearnerDatabase+SyncLedger: what a sync remembers of one folder, in sync's own terms — the
/// files read and how far (`SyncFolder.Progress`), the decks and stamped changes the folder
/// holds, and the records kept aside (`SyncRecord`). The statements are KuchiData's, beside the
/// tables' schema (`SyncFileTable`, `SyncOutboxTable`, `SyncLaterTable`, `SyncDeckTable`,
/// `SyncHeldTable`); this file only turns sync's values into their rows and back.
extension LearnerDatabase {
    /// LedgerKey: a file of the ledger, by machine and name.
    package struct LedgerKey: Hashable {
        package let machine: String
        package let name: String
    }

    /// ledger: every file read from `place` for `learner`, with how far.
    package static func ledger(_ db: Database, place: String, learner: UUID) throws -> [LedgerKey: SyncFolder.Progress] {
        var files: [LedgerKey: SyncFolder.Progress] = [:]
        for file in try SyncFileTable.rows(db, place: place, learner: learner) {
            let reading = SyncFileTable.Reading(rawValue: file.complete)
            files[LedgerKey(machine: file.machine, name: file.name)] = SyncFolder.Progress(
                size: file.size, offset: file.offset, records: file.records, hash: file.hash, complete: reading == .whole,
                refused: reading == .refused, modified: file.modified, insideLine: reading == .insideLine)
        }
        return files
    }

    /// setLedger: records how far `name` of `machine` has been read.
    package static func setLedger(_ db: Database, place: String, learner: UUID, machine: String, name: String, progress: SyncFolder.Progress) throws {
        let reading: SyncFileTable.Reading = progress.refused ? .refused : (progress.complete ? .whole : (progress.insideLine ? .insideLine : .partly))
        try SyncFileTable.set(db, place: place, learner: learner, file: SyncFileTable.File(
            machine: machine, name: name, size: progress.size, offset: progress.offset, records: progress.records, hash: progress.hash,
            reading: reading, modified: progress.modified))
    }

    /// forgetLedger: drops the ledger rows of files that are gone (a folded or deleted batch).
    package static func forgetLedger(_ db: Database, place: String, learner: UUID, files: [LedgerKey]) throws {
        try SyncFileTable.remove(db, place: place, learner: learner, files: files.map { ($0.machine, $0.name) })
    }

    /// requeueAll: every review (and stamped change) of `learner` waits to be sent again (a folder
    /// never synced with, or one that lost this machine's files); reading the folder drops those it
    /// holds, and queues the undo of each review it holds that was undone here (`SyncIntake`) — an
    /// undone answer the folder never had never reaches it.
    package static func requeueAll(_ db: Database, learner: UUID, place: String) throws {
        try SyncOutboxTable.queueLog(db, learner: learner)
        try SyncDeckTable.removeAll(db, place: place)
        try SyncHeldTable.removeAll(db, place: place, learner: learner)
        try SyncFileTable.removeAll(db, place: place, learner: learner)
    }

    /// knownDecks: the deck contents (hashes) `place` is known to hold.
    package static func knownDecks(_ db: Database, place: String) throws -> Set<String> {
        try SyncDeckTable.hashes(db, place: place)
    }

    /// addKnownDecks: records deck contents `place` holds.
    package static func addKnownDecks(_ db: Database, place: String, hashes: some Sequence<String>) throws {
        try SyncDeckTable.add(db, place: place, hashes: hashes)
    }

    /// keepLater: a record dated after the receiver's tomorrow (a review, or a stamped change:
    /// `stamped`), kept aside as read under `key` (a review's id; a change's content hash).
    package static func keepLater(_ db: Database, learner: UUID, record: SyncRecord, key: Data, time: Int64, machine: String, stamped: Bool) throws {
        try SyncLaterTable.keep(db, learner: learner, key: key, time: time, machine: machine, record: try SyncRecordCoding.encode(record),
                                stamped: stamped)
    }

    /// takeLater: the records kept aside whose time has come (by `limit`), removed from the side.
    package static func takeLater(_ db: Database, learner: UUID, limit: Int64) throws -> [SyncFolder.Entry] {
        try SyncLaterTable.take(db, learner: learner, limit: limit).compactMap { kept in
            guard case .success(let record) = SyncRecordCoding.decode(kept.record) else { return nil }
            return SyncFolder.Entry(machine: kept.machine, record: record)
        }
    }

    /// laterCount: reviews (or, `stamped`, changes) still kept aside for `learner`, and the
    /// latest one's time.
    package static func laterCount(_ db: Database, learner: UUID, stamped: Bool = false) throws -> (count: Int, latest: Int64?) {
        try SyncLaterTable.count(db, learner: learner, stamped: stamped)
    }

    /// held: the keys of `learner`'s stamped changes `place` is known to hold (`SyncHeld`).
    package static func held(_ db: Database, place: String, learner: UUID) throws -> Set<String> {
        try SyncHeldTable.keys(db, place: place, learner: learner)
    }

    /// addHeld: records stamped changes `place` holds (read there, or written there).
    package static func addHeld(_ db: Database, place: String, learner: UUID, keys: some Sequence<String>) throws {
        try SyncHeldTable.add(db, place: place, learner: learner, keys: keys)
    }
}
