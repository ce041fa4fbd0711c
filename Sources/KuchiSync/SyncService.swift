import Foundation
import GRDB
import KuchiBase
import KuchiDeck
import KuchiData

/// SyncService: `kuchi sync DIR` — the one entry point the command and the app call.
///
/// Streams the records the folder holds that this machine has not read yet into the learner
/// database (received reviews inserted, undone ones deleted, the cards they changed replayed
/// from their logs), merges the profile's fields (last writer wins per field), writes this
/// machine's outbox as one new batch file, and saves decks the folder has and this machine
/// lacks. Synchronous and free of the main actor: the app runs it in a detached task; nothing
/// here blocks a screen.
public enum SyncService {
    /// run: one sync (or, with `statusOnly`, its counts with nothing changed). Two syncs of one
    /// data folder at once (the app's and a command's) take turns: the second waits for the
    /// lock in the data folder; `--status` takes no lock (it changes nothing).
    public static func run(_ request: SyncRequest) -> Result<SyncReport, SyncFailure> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: request.folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(.usage("\(SyncFolder.shown(request.folder)) is not a folder; create it (or point to the folder your sync tool shares)."))
        }
        guard !request.statusOnly else { return locked(request) }
        do {
            try FileManager.default.createDirectory(at: request.dataDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return .failure(.usage("Could not create \(SyncFolder.shown(request.dataDirectory)); nothing was synced."))
        }
        let lock = request.dataDirectory.appendingPathComponent(".sync.lock")
        let busy = "Another sync of \(SyncFolder.shown(request.dataDirectory)) is still running; nothing was synced — try again when it ends."
        do throws(PersistenceError) {
            return try DirectoryLock.withLock(lock, target: lock, timeout: request.lockTimeout, busy: busy) { locked(request) }
        } catch {
            return .failure(.usage(error.message))
        }
    }

    /// locked: the sync itself, the lock held.
    private static func locked(_ request: SyncRequest) -> Result<SyncReport, SyncFailure> {
        var store = ProfileStore(directory: request.configDirectory)
        // `--status` changes nothing: a damaged profile is left where it is, not moved aside.
        store.readOnly = request.statusOnly
        let folder = SyncFolder(directory: request.folder)
        let choice: SyncLearner.Choice
        switch SyncLearner.choose(request, saved: store.loadAll().profiles, folder: folder) {
        case .success(let chosen): choice = chosen
        case .failure(let failure): return .failure(failure)
        }
        // Unreadable files of a learner saved here do not stop the sync: this machine's records
        // still go out, and the notices say what was skipped. Only a learner to bring in needs
        // something readable (SyncLearner fails with exit 1 otherwise). `--status` on a machine
        // with no database yet counts against an empty one in memory: it creates nothing.
        let path = request.dataDirectory.appendingPathComponent(LearnerDatabase.fileName).path
        let fresh = !FileManager.default.fileExists(atPath: path)
        // `--status` changes nothing: a file that a real sync would set aside or refuse is only
        // looked at (read-only), and the sentence says what a real sync would do.
        if request.statusOnly, !fresh, let refusal = statusRefusal(path) { return .failure(.usage(refusal)) }
        let database = request.statusOnly && fresh ? LearnerDatabase.inMemory() : LearnerDatabase.open(directory: request.dataDirectory, now: request.now)
        guard database.url != nil || (request.statusOnly && fresh) else {
            return .failure(.usage(commandSentence(database.problem) ?? "Could not open the learner database in \(SyncFolder.shown(request.dataDirectory))."))
        }
        if let seed = request.seed { database.reviewIDs.reseed(seed) }
        var report = SyncReport(arrived: choice.arriving, statusOnly: request.statusOnly, notices: choice.notices)
        // A damaged file set aside by this open (a fresh one holds what could be read): said.
        if let problem = database.problem { report.notices.insert(problem.message, at: 0) }
        let outcome: Outcome
        do {
            outcome = try merged(into: database, profile: choice.profile, arriving: choice.arriving, folder: folder, request: request,
                                 report: &report)
        } catch {
            return .failure(.usage("Could not update the learner database: \("\(error)".split(separator: "\n").first ?? "unknown error")."))
        }
        // The folder says the learner was forgotten everywhere: the merge was rolled back.
        if outcome.forgotten {
            return obeyForget(choice, folder: folder, database: database, request: request, store: store, time: outcome.forgetTime,
                              notices: report.notices)
        }
        guard !request.statusOnly else { return .success(report) }
        saveProfile(outcome.profile, arriving: choice.arriving, changed: report.settingsChanged, store: store, report: &report)
        return .success(report)
    }

    /// statusRefusal: why `--status` cannot count against the file at `path` (damaged, from a
    /// newer Kuchi, another program's, unreadable), judged read-only; nil when it is usable.
    private static func statusRefusal(_ path: String) -> String? {
        let shown = path.escapingControlCharacters
        switch LearnerDatabase.inspectLeavingNoFile(path) {
        case .usable:
            return nil
        case .damaged:
            return "\(shown) is damaged; --status changed nothing. `kuchi sync` (or starting kuchi) keeps it as "
                + "\(LearnerDatabase.fileName).broken-<time>, starts a fresh one with every review that can still be read, and then syncs."
        case .newer(let version):
            return "\(shown) was written by a newer Kuchi (schema \(version), this one knows \(LearnerSchema.version)); "
                + "nothing was changed — update Kuchi to sync it."
        case .foreign:
            return "\(shown) is not a Kuchi learner database (another program's SQLite file?); nothing was changed."
        case .unreadable:
            return "Could not read \(shown) (its permissions, a full disk or a file-size limit); nothing was changed."
        }
    }

    /// commandSentence: the open's problem as a command says it: the app's "this session is not
    /// saved" means, for a sync, that nothing was synced.
    private static func commandSentence(_ problem: PersistenceError?) -> String? {
        guard let message = problem?.message else { return nil }
        for ending in ["; it was left untouched and this session is not saved.", "; this session is not saved.",
                       "; it is left as it is, and this session is not saved.", "; this session goes on in memory and is not saved."]
        where message.hasSuffix(ending) {
            return message.dropLast(ending.count) + "; nothing was synced."
        }
        return message
    }

    /// Outcome: what the database transaction decided.
    private struct Outcome {
        var machine: String
        var records: [SyncRecord]
        var profile: Profile
        /// forgotten: the folder holds a forget record for the learner that is obeyed
        /// (`SyncForgetVerdict`), and its time.
        var forgotten = false
        var forgetTime: Int64 = 0
    }

    /// merged: the database half of a sync, in one transaction (rolled back for `--status`):
    /// the folder's new records streamed in, the settings merged, the changed cards replayed,
    /// and this machine's outbox written as one new batch before the commit.
    private static func merged(into database: LearnerDatabase, profile: Profile, arriving: Bool, folder: SyncFolder,
                               request: SyncRequest, report: inout SyncReport) throws -> Outcome {
        var outcome = Outcome(machine: "", records: [], profile: profile)
        let learner = profile.id
        let library = DeckLibrary(dataDirectory: request.dataDirectory)
        try database.writer.writeWithoutTransaction { db in
            // The machine id is made durable before anything is written into the folder: a first
            // sync killed after its batch is renamed leaves that batch (or a `.tmp`) in this
            // machine's own folder — read, folded, cleaned and forgotten as its own — never under
            // an id that nobody owns.
            if !request.statusOnly {
                try db.inTransaction {
                    _ = try LearnerDatabase.machineID(db, create: true, source: ReviewIDSource())
                    return .commit
                }
            }
            try db.inTransaction { () throws -> Database.TransactionCompletion in
                // The machine id always comes from the system generator, never from KUCHI_SEED: two
                // machines run with one seed must still write in folders of their own.
                let machine = try LearnerDatabase.machineID(db, create: !request.statusOnly, source: ReviewIDSource()) ?? "status"
                outcome.machine = machine
                let now = Milliseconds.from(request.now)
                let intake = SyncIntake(db, learner: learner, machine: machine, place: folder.place, now: now)
                if !request.statusOnly {
                    intake.merge.receiveDeck = { deck, source in
                        guard source != machine else { return [] }
                        let had = library.names().contains(deck.name)
                        let notices = SyncDecks.receive([deck], into: library)
                        if !had, library.names().contains(deck.name) { intake.told.deck(deck.name, from: source) }
                        return notices
                    }
                }
                let firstHere = try SyncBookkeeping.begin(db, folder: folder, learner: learner, machine: machine)
                // Another learner of this name in the folder is told apart by id, once.
                if firstHere.first && !arriving {
                    report.notices += SyncLearner.namesakes(of: profile, folder: folder, budget: Int64(request.budget), now: request.now)
                }
                try intake.take(LearnerDatabase.takeLater(db, learner: learner, limit: intake.latest))
                let reading = try SyncReading.read(folder, learner: learner, ledger: firstHere.ledger, budget: Int64(request.budget),
                                                   stop: request.stop, record: { file, progress in
                                                       try LearnerDatabase.setLedger(db, place: folder.place, learner: learner, machine: file.machine,
                                                                                     name: file.name, progress: progress)
                                                   }, each: intake.take)
                try SyncBookkeeping.forgetGone(db, folder: folder, learner: learner, ledger: firstHere.ledger, listed: reading.listed)
                report.notices += reading.notices
                report.partial = reading.partial
                let merge = intake.merge
                report.notices += merge.notices
                let verdict = try SyncForgetVerdict.judge(db, learner: learner, name: profile.name, forgets: merge.forgets,
                                                          ledger: firstHere.ledger, listed: reading.listed)
                report.notices += verdict.notices
                if let obeyed = verdict.obeyed {
                    outcome.forgotten = true
                    outcome.forgetTime = obeyed.time
                    return .rollback
                }
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
                _ = try LearnerDatabase.apply(.settingsReceived(LearnerChange.SettingsReceived(learner: learner, changes: received)), in: db,
                                          now: request.now, ids: ReviewIDSource())
                let after = try LearnerDatabase.latestChanges(db, learner: learner)
                outcome.profile = LearnerDatabase.applying(after, to: profile)
                let old = SettingValues.values(of: before.isEmpty ? profile : LearnerDatabase.applying(before, to: profile))
                let new = SettingValues.values(of: outcome.profile)
                report.settingsChanged = SettingValues.travelling.filter { old[$0] != new[$0] }
                // What was sent is what the folder holds: a change goes out until it is there
                // (in a file of this machine's still present, or read back from the folder).
                let own = folder.machineFolder(learner, machine)
                let unsentSettings = try LearnerDatabase.unsent(db, learner: learner, machine: machine, inFolder: merge.stamps(of: machine)) { file in
                    SyncFolder.linkInfo(own.appendingPathComponent(file)) != nil
                }
                outcome.records += unsentSettings.map(SyncRecord.setting)
                report.settingsSent = unsentSettings.count
                // Weight changes (kuchi optimize) and suspensions: those read join this database;
                // this machine's the folder is not known to hold go out (`sync_held`).
                let held = try LearnerDatabase.held(db, place: folder.place, learner: learner)
                let knownParameters = Set(try LearnerDatabase.parameterChanges(db, learner: learner).map { SyncParameters.key(time: $0.time, machine: $0.machine) })
                for (key, change) in merge.parameters.sorted(by: { $0.key < $1.key }) where !knownParameters.contains(key) && change.machine != machine {
                    intake.told.parameter(change)
                }
                outcome.records += try SyncParameters.merge(db, learner: learner, machine: machine, folder: merge, held: held)
                let suspensions = try SyncSuspensions.outgoing(db, learner: learner, machine: machine, held: held)
                outcome.records += suspensions
                // The learner's own answers ("I was right"), the same way (`OwnAnswerRecord`).
                let ownAnswers = try OwnAnswerRecord.outgoing(db, learner: learner, machine: machine, held: held)
                report.ownAnswersReceived = intake.ownAnswersReceived
                report.ownAnswersSent = ownAnswers.count
                outcome.records += ownAnswers.map(SyncRecord.ownAnswer)
                // Reviews, undos and suspensions came in with the reading; only the cards whose log
                // changed are replayed — every card when the scheduler (retention, weight changes
                // from any machine) changed or the folder is new here.
                report.received += intake.received
                report.machines = intake.contributors.subtracting([machine]).count
                report.notices += intake.notices
                report.told = intake.told.lines
                report.notices += try SyncBookkeeping.laterNotices(db, learner: learner, intake: intake)
                let replay = LearnerChange.Replay(learner: learner, desiredRetention: outcome.profile.settings.desiredRetention,
                                                  cards: arriving || firstHere.first ? nil : intake.touched)
                let replayed = try LearnerDatabase.apply(.replay(replay), in: db, now: request.now, ids: ReviewIDSource())
                // A card whose first reviews arrived was studied elsewhere, not rescheduled here.
                report.started = replayed.started
                report.rescheduled = replayed.count - replayed.started
                if request.statusOnly {
                    report.notices += SyncSkipped.notices(folder, learner: learner, listed: reading.listed, ledger: firstHere.ledger)
                    report.sent = try SyncOutbox.count(db, learner: learner) + suspensions.count
                    return .rollback
                }
                let known = try LearnerDatabase.knownDecks(db, place: folder.place).union(merge.decks.keys)
                outcome.records += SyncDecks.outgoing(library, known: known).map(SyncRecord.deck)
                try LearnerDatabase.addKnownDecks(db, place: folder.place, hashes: merge.decks.keys)
                try SyncOutbox.send(db, folder: folder, learner: learner, machine: machine, records: outcome.records,
                                    request: request, batchID: database.reviewIDs.next(), report: &report)
                if request.failAfterSend { throw SyncRequest.Interrupted() }
                // Folding reads this machine's old batches again: not while the app is quitting.
                if request.stop?.isRequested != true {
                    _ = try SyncCompaction.fold(db, folder: folder, learner: learner, machine: machine, listed: reading.listed,
                                                now: request.now, batchID: database.reviewIDs.next())
                }
                return .commit
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
}
