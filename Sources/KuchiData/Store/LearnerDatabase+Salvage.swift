import Foundation
import GRDB
import KuchiBase
import KuchiMemory

/// Damage found in the file: checked whole off the key path (at quit), and set aside with every
/// row that still reads copied into a fresh file, so a damaged page costs the reviews on that
/// page, not the learner's history.
extension LearnerDatabase {
    /// Salvage: what a damaged file left behind.
    public struct Salvage: Equatable, Sendable {
        /// keptAs: the damaged file's new name (next to the old one).
        public let keptAs: String
        /// reviews: the reviews copied into the fresh file.
        public let reviews: Int
    }

    /// checkWholeFile: runs `quick_check` over every table — the review log too, which start-up
    /// skips — and, when the file is damaged, sets it aside keeping what reads (`salvage`).
    /// Returns the sentence to tell the learner, nil when the file is sound (or in memory).
    /// Meant for quit, after the screen is gone: 16 ms for 100 000 reviews and 10 000 cards.
    public func checkWholeFile(now: Date = Date()) -> PersistenceError? {
        guard let url else { return nil }
        let sound = (try? writer.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }) == "ok"
        if sound { return nil }
        let path = url.path
        guard let salvage = Self.salvage(url, from: writer, now: now) else {
            return PersistenceError(.corrupt, path: path, "\(path) is damaged and could not be set aside; start kuchi again to retry.")
        }
        return PersistenceError(.corrupt, path: path,
            "\(path) had a damaged page; it was kept as \(url.deletingLastPathComponent().appendingPathComponent(salvage.keptAs).path) and a fresh one holds the \(salvage.reviews) reviews that could be read.")
    }

    /// salvage: copies every readable row of `source` (the damaged file at `url`) into a new
    /// file, moves the damaged one aside with its `-wal`/`-shm`, and puts the new one in its
    /// place. Nil (nothing moved) when the new file cannot be written.
    package static func salvage(_ url: URL, from source: some DatabaseReader, now: Date) -> Salvage? {
        let fresh = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).salvage-\(getpid())")
        try? FileManager.default.removeItem(at: fresh)
        var reviews = 0
        do {
            let target = try DatabaseQueue(path: fresh.path, configuration: fileConfiguration(readonly: false))
            try LearnerSchema.migrator.migrate(target)
            try LearnerSchema.claim(target)
            // Parents before children (a row whose parent was lost is dropped with it); the
            // summary and the cards' tallies are rebuilt by their triggers as the rows go in.
            let tables = try target.read { db in
                try String.fetchAll(db, sql: """
                    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                    AND name NOT IN ('grdb_migrations', 'review_slot', 'card_tally')
                    """)
            }
            let order = ["learner_deck", "card"] + tables.filter { !["learner_deck", "card", "review"].contains($0) } + ["review"]
            for table in order where tables.contains(table) {
                let copied = try copyReadableRows(of: table, from: source, to: target)
                if table == "review" { reviews = copied }
            }
            try target.close()
        } catch {
            try? FileManager.default.removeItem(at: fresh)
            return nil
        }
        guard let keptAs = moveAside(url, now: now) else {
            try? FileManager.default.removeItem(at: fresh)
            return nil
        }
        do {
            try FileManager.default.moveItem(at: fresh, to: url)
        } catch {
            return nil
        }
        return Salvage(keptAs: keptAs, reviews: reviews)
    }

    /// copyReadableRows: the rows of `table` that read, in rowid order, past any damaged page;
    /// returns how many went in.
    private static func copyReadableRows(of table: String, from source: some DatabaseReader, to target: DatabaseQueue) throws -> Int {
        let columns = try target.read { db in try db.columns(in: table).map(\.name) }
        let sourceColumns = (try? source.read { db in try db.columns(in: table).map(\.name) }) ?? []
        let shared = columns.filter(sourceColumns.contains)
        guard !shared.isEmpty else { return 0 }
        let list = shared.map { "\"\($0)\"" }.joined(separator: ", ")
        let select = "SELECT rowid, \(list) FROM \"\(table)\" WHERE rowid >= ? ORDER BY rowid LIMIT ?"
        let insert = "INSERT OR IGNORE INTO \"\(table)\" (\(list)) VALUES (\(shared.map { _ in "?" }.joined(separator: ", ")))"
        // `from`, inclusive: past a damaged page, `rowid > last` would descend into it again.
        var from = Int64.min
        var copied = 0
        // Batches of 500; after a failed batch, one row at a time up to the damage, then past it.
        var batch = 500
        var singles = 0
        while true {
            if batch == 1 && singles >= 500 { batch = 500 }
            let rows: [Row]
            do {
                rows = try source.read { db in try Row.fetchAll(db, sql: select, arguments: [from, batch]) }
            } catch {
                if batch > 1 {
                    batch = 1
                    singles = 0
                    continue
                }
                guard let next = nextReadableRowid(of: table, from: from, in: source) else { break }
                from = next
                batch = 500
                continue
            }
            guard let final = rows.last else { break }
            try target.write { db in
                for row in rows {
                    let values = (1...shared.count).map { row[$0] as DatabaseValue }
                    do {
                        if table == "review" {
                            copied += try copyReview(Dictionary(zip(shared, values)) { first, _ in first }, in: db)
                            continue
                        }
                        try db.execute(sql: insert, arguments: StatementArguments(values))
                        copied += db.changesCount
                    } catch {
                        continue  // a row whose parent was lost on a damaged page
                    }
                }
            }
            let lastRowid: Int64 = final[0]
            if lastRowid == Int64.max { break }
            from = lastRowid + 1
            singles += rows.count
        }
        return copied
    }

    /// copyReview: a salvaged review row written through the review log's one path (0 when
    /// it does not decode); a row from before review ids gets one derived from its content, as
    /// v3's migration derives them.
    private static func copyReview(_ values: [String: DatabaseValue], in db: Database) throws -> Int {
        guard let card = Int64.fromDatabaseValue(values["card"] ?? .null), let time = Int64.fromDatabaseValue(values["time"] ?? .null),
              let rating = Int.fromDatabaseValue(values["rating"] ?? .null).flatMap(Rating.init(rawValue:)),
              let state = Int.fromDatabaseValue(values["state"] ?? .null).flatMap(CardState.init(rawValue:))
        else { return 0 }
        let duration = Int.fromDatabaseValue(values["duration"] ?? .null) ?? 0
        let stored = Data.fromDatabaseValue(values["uid"] ?? .null).map(ReviewID.text)
        let uid = stored.flatMap { ReviewID.isValid($0) ? $0 : nil }
            ?? StableHash.hex128(Data("salvaged\u{1F}\(card)\u{1F}\(time)\u{1F}\(rating.rawValue)\u{1F}\(duration)".utf8))
        return try ReviewLog.write(.add(ReviewLog.Entry(card: card, time: time, rating: rating, state: state, duration: duration, uid: uid)),
                                   in: db)
    }

    /// nextReadableRowid: the first rowid at or after `from` (where a read failed: a damaged
    /// page) that a read can reach: probes forward with doubling steps, then narrows back so no
    /// readable row is skipped; nil when nothing after the damage reads.
    private static func nextReadableRowid(of table: String, from: Int64, in source: some DatabaseReader) -> Int64? {
        // A probe: .some(first rowid ≥ start, nil when none) when the read works, nil when not.
        let probe = { (start: Int64) -> Int64?? in
            do {
                let found = try source.read { db in
                    try Int64.fetchOne(db, sql: "SELECT rowid FROM \"\(table)\" WHERE rowid >= ? ORDER BY rowid LIMIT 1", arguments: [start])
                }
                return .some(found)
            } catch {
                return nil
            }
        }
        // Kuchi's rowids are positive: a damaged first page is probed past from 0, not from
        // Int64.min (where doubling steps would never reach them).
        var low = max(from, 0)
        if let found = probe(low) { return found }
        var step: Int64 = 1
        var upper: Int64?
        while step < Int64(1) << 62 {
            let (candidate, overflow) = low.addingReportingOverflow(step)
            if overflow { return nil }
            if let found = probe(candidate) {
                guard found != nil else { return nil }  // nothing after the damage
                upper = candidate
                break
            }
            step *= 2
        }
        guard var high = upper else { return nil }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if probe(middle) != nil { high = middle } else { low = middle }
        }
        return probe(high) ?? nil
    }
}
