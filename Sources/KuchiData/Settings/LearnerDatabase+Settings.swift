import Foundation
import GRDB

/// LearnerDatabase+Settings: the one place a learner's settings are written and read — the
/// `setting_change` log (SettingsSchema). The app's Settings, `kuchi config` and a sync's
/// received changes all go through `record`/`receive`; every reader asks `settings(of:)`.
extension LearnerDatabase {
    /// settings: `profile` with its travelling fields (the name and every setting but the sync
    /// folder) as the log says. A learner with no change logged yet (a profile written by an
    /// older Kuchi, not yet carried over) keeps the values of its profile file.
    public func settings(of profile: Profile) -> Profile {
        guard let changes = try? writer.read({ db in try Self.latestChanges(db, learner: profile.id) }), !changes.isEmpty else {
            return profile
        }
        return Self.applying(changes, to: profile)
    }

    /// record: `values` (fields of `profile` that changed here now) as changes made on this
    /// machine, in one transaction. The learner is carried over from the profile file first.
    public func record(_ fields: some Sequence<ProfileField>, of profile: Profile, now: Date) throws {
        try apply(.settings(LearnerChange.SettingsWrite(profile: profile, fields: Set(fields))), now: now)
    }

    /// isCarriedOver: whether `learner`'s settings are in the log already and this machine has
    /// its id — all `carryOver` would leave as it is. Sign-in reads this first, so a start takes
    /// no write transaction once the learner was carried over (issue 39).
    public func isCarriedOver(_ learner: UUID) -> Bool {
        let logged = try? writer.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM setting_change WHERE learner = ?) AND EXISTS (SELECT 1 FROM sync_meta WHERE key = 'machine')
                """, arguments: [learner.uuidString.lowercased()])
        }
        return logged == true
    }

    /// carryOver: `carryOver(_:machine:now:)` in a transaction of its own (at sign-in).
    public func carryOver(_ profile: Profile, now: Date) throws {
        try apply(.carryOver(profile), now: now)
    }

    /// carryOver: logs the travelling values of a profile file written before settings were a
    /// log, once per learner: a value the folder already holds (the last sync's) as `inherited`,
    /// so any change from another machine wins over it; one changed since as made now.
    package static func carryOver(_ db: Database, profile: Profile, machine: String, now: Date) throws {
        let key = profile.id.uuidString.lowercased()
        let logged = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM setting_change WHERE learner = ?)", arguments: [key]) ?? false
        guard !logged else { return }
        let synced = try syncedFields(db, learner: profile.id)
        let made = SettingStamp.next(now: now, after: nil)
        for (field, value) in SettingValues.values(of: profile).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            // A value no change made here could set (a deck named by a path, issue 36) is not carried.
            guard field == .name || SettingRules.problem(field, in: profile.settings) == nil else { continue }
            let stamp = synced[field] == value ? SettingStamp.inherited : made
            try insertSetting(db, learner: profile.id, change: SettingChange(field: field, value: value, stamp: stamp, machine: machine), counted: stamp)
        }
    }

    /// receive: changes read from the sync folder, each kept once (by field, stamp and machine)
    /// and counted at the stamp it carries, however far ahead: judged from the records alone,
    /// never from the moment this machine received them, so every machine that read the same
    /// records orders them the same way (issue 36). A change made here after seeing one far
    /// ahead still sorts after it (`ChangeStamp`). Returns how many were new.
    package static func receive(_ db: Database, learner: UUID, changes: [SettingChange], now: Date) throws -> Int {
        var added = 0
        for change in changes {
            try insertSetting(db, learner: learner, change: change, counted: change.stamp)
            added += db.changesCount
        }
        return added
    }

    /// unsent: the changes this machine made that the folder does not hold — neither read from
    /// it now (`inFolder`: the stamps of this machine's setting records read) nor noted as written
    /// into a batch file that is still there (`isPresent`). A change is sent until it is durably
    /// in the folder, and sent again if its file goes missing.
    package static func unsent(_ db: Database, learner: UUID, machine: String, inFolder: Set<SettingStamp>,
                       isPresent: (String) -> Bool) throws -> [SettingChange] {
        var files: [String: Bool] = [:]
        let sent = try Row.fetchAll(db, sql: "SELECT field, origin, file FROM setting_sent WHERE learner = ?",
                                    arguments: [learner.uuidString.lowercased()])
        var held: Set<String> = []
        for row in sent {
            let file: String = row["file"]
            let present = files[file] ?? isPresent(file)
            files[file] = present
            if present { held.insert("\(row["field"] as String)\u{1F}\(row["origin"] as Int64)") }
        }
        return try changes(db, learner: learner, sql: "AND machine = ? AND origin > 0", arguments: [machine])
            .map(\.change)
            .filter { !inFolder.contains($0.stamp) && !held.contains("\($0.field.rawValue)\u{1F}\($0.stamp.rawValue)") }
    }

    /// markSent: notes that `changes` are in this machine's batch `file`, once it is durable.
    public func markSent(_ changes: [SettingChange], learner: UUID, file: String) throws {
        guard !changes.isEmpty else { return }
        try writer.write { db in try Self.markSent(db, changes, learner: learner, file: file) }
    }

    /// markSent: the same, inside a transaction that is already open (the sync's).
    package static func markSent(_ db: Database, _ changes: [SettingChange], learner: UUID, file: String) throws {
        for change in changes {
            try db.execute(sql: "INSERT OR REPLACE INTO setting_sent (learner, field, origin, file) VALUES (?, ?, ?, ?)",
                           arguments: [learner.uuidString.lowercased(), change.field.rawValue, change.stamp.rawValue, file])
        }
    }

    /// moveSent: the changes noted as sent in `learner`'s batch files `from` are in `file` now
    /// (those files were folded into it, `SyncCompaction`).
    package static func moveSent(_ db: Database, learner: UUID, from files: [String], to file: String) throws {
        let statement = try db.makeStatement(sql: "UPDATE setting_sent SET file = ? WHERE learner = ? AND file = ?")
        for old in files {
            try statement.execute(arguments: [file, learner.uuidString.lowercased(), old])
        }
    }

    /// latestChanges: each field's winning change, by the stamp it carries, then machine, then
    /// value (`SettingChange.wins`). The stamp as counted on arrival (older Kuchi clamped one far
    /// ahead to the moment it arrived) is not used: machines that received it at different
    /// moments disagreed for good (issue 36).
    package static func latestChanges(_ db: Database, learner: UUID) throws -> [ProfileField: SettingChange] {
        var latest: [ProfileField: SettingChange] = [:]
        for entry in try changes(db, learner: learner, sql: "", arguments: []) {
            if let known = latest[entry.change.field], !entry.change.wins(over: known) { continue }
            latest[entry.change.field] = entry.change
        }
        return latest
    }

    /// latestSeenStamp: the latest stamp of any of the learner's changes, as counted here or as
    /// made (a change from a clock ahead counts from its arrival, but a change made here after
    /// seeing it must sort after it on the machine that made it too).
    package static func latestSeenStamp(_ db: Database, learner: UUID) throws -> SettingStamp? {
        try Int64.fetchOne(db, sql: "SELECT MAX(MAX(stamp), MAX(origin)) FROM setting_change WHERE learner = ?",
                           arguments: [learner.uuidString.lowercased()]).map(SettingStamp.init(rawValue:))
    }

    /// applying: `profile` with each change's value written in (values that no longer decode,
    /// from a newer Kuchi, or that break `SettingRules` are left out).
    package static func applying(_ changes: [ProfileField: SettingChange], to profile: Profile) -> Profile {
        var base = profile
        base.settings = Settings(syncFolder: profile.settings.syncFolder)
        // All at once first (issue 39: the profile written and read back once, not once per
        // field); a value that breaks the profile or the rules sends it field by field.
        if let whole = SettingValues.applying(changes.mapValues(\.value), to: base),
           changes.keys.allSatisfy({ SettingRules.problem($0, in: whole.settings) == nil }) {
            return whole
        }
        var result = base
        for (field, change) in changes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            // A value logged before the rules held (levels [9223372036854775807], a category with
            // a newline) is left out, as one from a newer Kuchi is (issue 36).
            if let applied = SettingValues.applying([field: change.value], to: result), SettingRules.problem(field, in: applied.settings) == nil {
                result = applied
            }
        }
        return result
    }

    /// changes: the learner's logged changes with their counted stamps, filtered by `sql`.
    private static func changes(_ db: Database, learner: UUID, sql: String,
                                arguments: StatementArguments) throws -> [(change: SettingChange, counted: SettingStamp)] {
        let rows = try Row.fetchAll(db, sql: "SELECT field, value, origin, stamp, machine FROM setting_change WHERE learner = ? \(sql)",
                                    arguments: [learner.uuidString.lowercased()] + arguments)
        return rows.compactMap { row in
            guard let field = ProfileField(rawValue: row["field"]) else { return nil }
            let change = SettingChange(field: field, value: row["value"], stamp: SettingStamp(rawValue: row["origin"]), machine: row["machine"])
            return (change, SettingStamp(rawValue: row["stamp"]))
        }
    }

    /// describe: an error's first line, for a sentence.
    public static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
    }

    /// insert: one change, unless it is logged already.
    package static func insertSetting(_ db: Database, learner: UUID, change: SettingChange, counted: SettingStamp) throws {
        try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO setting_change (learner, field, value, origin, stamp, machine) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [learner.uuidString.lowercased(), change.field.rawValue, change.value, change.stamp.rawValue,
                                     counted.rawValue, change.machine])
    }
}
