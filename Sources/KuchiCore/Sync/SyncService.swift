import Foundation
import GRDB

/// SyncService: `kuchi sync DIR` — the one entry point the command and the app call.
///
/// Reads every machine's records for the learner from the folder, merges them into the learner
/// database (received reviews inserted, undone ones deleted, every card replayed from its log),
/// merges the profile's fields (last writer wins per field), writes this machine's new records
/// as one new batch file, and saves decks the folder has and this machine lacks. Synchronous and
/// free of the main actor: the app runs it in a detached task; nothing here blocks a screen.
public enum SyncService {
    /// run: one sync (or, with `statusOnly`, its counts with nothing changed).
    public static func run(_ request: SyncRequest) -> Result<SyncReport, SyncFailure> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: request.folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(.usage("\(request.folder.path) is not a folder; create it (or point to the folder your sync tool shares)."))
        }
        let store = ProfileStore(directory: request.configDirectory)
        let folder = SyncFolder(directory: request.folder)
        let choice: SyncLearner.Choice
        switch SyncLearner.choose(request, saved: store.loadAll().profiles, folder: folder) {
        case .success(let chosen): choice = chosen
        case .failure(let failure): return .failure(failure)
        }
        let contents = choice.contents ?? folder.read(learner: choice.profile.id)
        // Unreadable files of a learner saved here do not stop the sync: this machine's records
        // still go out, and the notices say what was skipped. Only a learner to bring in needs
        // something readable (SyncLearner fails with exit 1 otherwise).
        let database = LearnerDatabase.open(directory: request.dataDirectory, now: request.now)
        guard database.url != nil else {
            return .failure(.usage(database.problem?.message ?? "Could not open the learner database in \(request.dataDirectory.path)."))
        }
        if let seed = request.seed { database.reviewIDs.reseed(seed) }
        var merge = SyncMerge(contents.entries)
        if merge.forgotten != nil {
            return obeyForget(choice, folder: folder, database: database, request: request, store: store)
        }
        var report = SyncReport(arrived: choice.arriving, statusOnly: request.statusOnly, notices: contents.notices + merge.notices)
        let outcome: Outcome
        do {
            outcome = try merged(into: database, profile: choice.profile, arriving: choice.arriving, merge: &merge, request: request,
                                 report: &report)
        } catch {
            return .failure(.usage("Could not update the learner database: \("\(error)".split(separator: "\n").first ?? "unknown error")."))
        }
        guard !request.statusOnly else { return .success(report) }
        if !outcome.records.isEmpty {
            do {
                let written = try folder.write(outcome.records, learner: choice.profile.id, machine: outcome.machine, now: request.now,
                                               batchID: database.reviewIDs.next())
                // Durable now (AtomicFile syncs the file and its folder): only now are its settings sent.
                let settings = outcome.records.compactMap { record -> SettingChange? in
                    if case .setting(let change) = record { return change }
                    return nil
                }
                try? database.markSent(settings, learner: choice.profile.id, file: written.lastPathComponent)
            } catch {
                // The database is merged; what was not written is found unsent next time.
                report.sent = 0
                report.ownAnswersSent = 0
                report.notices.append("Could not write to \(request.folder.path) (\(describe(error))); this machine's changes will be sent next time.")
            }
        }
        saveProfile(outcome.profile, arriving: choice.arriving, changed: report.settingsChanged, store: store, report: &report)
        let library = DeckLibrary(dataDirectory: request.dataDirectory)
        report.notices += SyncDecks.receive(merge.decks.values.filter { $0.machine != outcome.machine }.map(\.value), into: library)
        return .success(report)
    }

    /// Outcome: what the database transaction decided.
    private struct Outcome {
        var machine: String
        var records: [SyncRecord]
        var profile: Profile
    }

    /// merged: the database half of a sync, in one transaction (rolled back for `--status`).
    private static func merged(into database: LearnerDatabase, profile: Profile, arriving: Bool, merge: inout SyncMerge,
                               request: SyncRequest, report: inout SyncReport) throws -> Outcome {
        var outcome = Outcome(machine: "", records: [], profile: profile)
        let learner = profile.id
        try database.writer.writeWithoutTransaction { db in
            try db.inTransaction { () throws -> Database.TransactionCompletion in
                // The machine id always comes from the system generator, never from KUCHI_SEED: two
                // machines run with one seed must still write in folders of their own.
                let machine = try LearnerDatabase.machineID(db, create: !request.statusOnly, source: ReviewIDSource()) ?? "status"
                outcome.machine = machine
                // Settings: the folder's changes join the learner's log (each kept once); the
                // log's latest change of each field is the setting, the same on every machine.
                if !arriving { try LearnerDatabase.carryOver(db, profile: profile, machine: machine, now: request.now) }
                let before = try LearnerDatabase.latestChanges(db, learner: learner)
                var rejected = 0
                let received = merge.settings.filter { change in
                    let valid = SettingValues.isValid(change.value, for: change.field, base: profile)
                    if !valid { rejected += 1 }
                    return valid
                }
                if rejected > 0 { report.notices.append("\(rejected) setting\(rejected == 1 ? "" : "s") in the sync folder could not be used and \(rejected == 1 ? "was" : "were") skipped.") }
                _ = try LearnerDatabase.receive(db, learner: learner, changes: received, now: request.now)
                let after = try LearnerDatabase.latestChanges(db, learner: learner)
                outcome.profile = LearnerDatabase.applying(after, to: profile)
                let old = SettingValues.values(of: before.isEmpty ? profile : LearnerDatabase.applying(before, to: profile))
                let new = SettingValues.values(of: outcome.profile)
                report.settingsChanged = SettingValues.travelling.filter { old[$0] != new[$0] }
                // What was sent is what the folder holds: a change goes out until it is there.
                let own = SyncFolder(directory: request.folder).root.appendingPathComponent(learner.uuidString.lowercased(), isDirectory: true)
                    .appendingPathComponent(machine, isDirectory: true)
                let unsentSettings = try LearnerDatabase.unsent(db, learner: learner, machine: machine, inFolder: merge.stamps(of: machine)) { file in
                    FileManager.default.fileExists(atPath: own.appendingPathComponent(file).path)
                }
                outcome.records += unsentSettings.map(SyncRecord.setting)
                // Reviews: undos first (an undone review never comes back), then new reviews.
                let localReviews = try LearnerDatabase.syncReviews(db, learner: learner)
                let localIDs = Set(localReviews.map(\.uid))
                let undone = try LearnerDatabase.allTombstones(db)
                var contributors: Set<String> = []
                let undoing = Set(merge.undos.keys).intersection(localIDs)
                report.received += try LearnerDatabase.applyUndos(db, learner: learner, uids: undoing)
                for uid in undoing { contributors.insert(merge.undos[uid] ?? machine) }
                // A review id this machine holds with other contents than the folder's preferred
                // copy: the same copy is kept everywhere (SyncMerge.prefers).
                let settled = merge.settle(local: localReviews.filter { !undoing.contains($0.uid) })
                try LearnerDatabase.reviseReviews(db, learner: learner, reviews: settled.replaced)
                report.notices += settled.notices
                report.received += settled.replaced.count
                let incoming = merge.reviews.values.filter {
                    !localIDs.contains($0.value.uid) && merge.undos[$0.value.uid] == nil && !undone.contains($0.value.uid)
                }
                try LearnerDatabase.insertReviews(db, learner: learner, reviews: incoming.map(\.value).sorted { $0.uid < $1.uid })
                report.received += incoming.count
                contributors.formUnion(incoming.map(\.machine))
                report.machines = contributors.subtracting([machine]).count
                // Weight changes (kuchi optimize) from every machine, applied at their place in the replay.
                outcome.records += try SyncParameters.merge(db, learner: learner, machine: machine, folder: merge)
                let retention = outcome.profile.settings.desiredRetention
                let timeline = try ParameterTimeline.load(db, learner: learner, desiredRetention: retention)
                report.rescheduled = try SyncReplay.replay(db, learner: learner, scheduler: SchedulerFactory.scheduler(weights: nil, desiredRetention: retention),
                                                           timeline: timeline)
                // What this machine sends: its reviews and undos the folder does not hold yet.
                let unsent = localReviews.filter { merge.reviews[$0.uid] == nil && merge.undos[$0.uid] == nil } + settled.sent
                let undos = try LearnerDatabase.syncUndos(db, learner: learner).filter { merge.reviews[$0] != nil && merge.undos[$0] == nil }
                outcome.records += unsent.map(SyncRecord.review) + undos.sorted().map { SyncRecord.undo(uid: $0) }
                report.sent = unsent.count + undos.count
                report.settingsSent = unsentSettings.count
                outcome.records += try SyncSuspensions.merge(db, learner: learner, incoming: merge.suspensions, machine: machine,
                                                             report: &report)
                let ownAnswers = try OwnAnswerRecord.merge(db, learner: learner, merge: merge, machine: machine)
                report.ownAnswersReceived = ownAnswers.received
                report.ownAnswersSent = ownAnswers.outgoing.count
                outcome.records += ownAnswers.outgoing.map(SyncRecord.ownAnswer)
                if !request.statusOnly {
                    let library = DeckLibrary(dataDirectory: request.dataDirectory)
                    outcome.records += SyncDecks.outgoing(library, known: Set(merge.decks.keys)).map(SyncRecord.deck)
                }
                return request.statusOnly ? .rollback : .commit
            }
        }
        return outcome
    }

    /// saveProfile: writes the merged profile — a new file for an arriving learner, else only
    /// the fields another machine changed (a name another local learner has is kept out).
    private static func saveProfile(_ profile: Profile, arriving: Bool, changed: [ProfileField], store: ProfileStore,
                                    report: inout SyncReport) {
        do throws(PersistenceError) {
            if arriving {
                if case .nameTaken(let other) = try store.create(profile) {
                    report.notices.append("Another learner here is already named \(other.name); \(profile.name) was not brought in.")
                }
                return
            }
            // Settings are in the learner database's log; the file keeps only the name it lists.
            guard changed.contains(.name) else { return }
            var fields: [ProfileField] = [.name]
            if changed.contains(.name), store.loadAll().profiles.contains(where: { $0.id != profile.id && $0.isNamed(profile.name) }) {
                fields.removeAll { $0 == .name }
                report.notices.append("Another machine renamed this learner \(profile.name), a name another learner here has; the name was kept.")
            }
            _ = try store.update(profile, fields: fields)
        } catch {
            report.notices.append(error.message)
        }
    }

    /// describe: an error's first line.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? PersistenceError { return error.message }
        return "\(error)".split(separator: "\n").first.map(String.init) ?? "unknown error"
    }
}
