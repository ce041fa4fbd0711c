import Foundation
import GRDB
import KuchiBase
import KuchiData

/// SyncForget: Forget me on every machine — a learner tombstone in the sync folder that each
/// machine obeys at its next sync, deleting the learner's progress, settings and profile there
/// (and its own files of that learner in the folder), and saying so.
extension SyncService {
    /// forgetEverywhere: writes the tombstone into `folder` (this machine's own files of the
    /// learner are then removed: the tombstone is all it leaves), then forgets the learner here.
    /// Nothing is forgotten when the tombstone could not be written.
    public static func forgetEverywhere(_ learner: UUID, folder: URL, database: LearnerDatabase, store: ProfileStore,
                                        now: Date) -> Result<Int, SyncFailure> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            return .failure(.usage("\(folder.path) is not a folder, so the other machines could not be told; nothing was forgotten."))
        }
        let machine: String
        do {
            machine = try database.writer.write { db in try LearnerDatabase.machineID(db, create: true, source: ReviewIDSource()) } ?? ""
        } catch {
            return .failure(.usage("Could not open the learner database (\(LearnerDatabase.describe(error))); nothing was forgotten."))
        }
        let sync = SyncFolder(directory: folder)
        let tombstone: URL
        do {
            tombstone = try sync.write([.forget(time: Milliseconds.from(now))], learner: learner, machine: machine, now: now,
                                       batchID: database.reviewIDs.next())
        } catch {
            return .failure(.usage("Could not write to \(folder.path) (\(LearnerDatabase.describe(error))); nothing was forgotten."))
        }
        sync.removeBatches(learner: learner, machine: machine, keeping: tombstone)
        return forgetHere(learner, database: database, store: store, now: now)
    }

    /// forgetHere: deletes the learner's progress, settings and profile on this machine and
    /// remembers that they were forgotten everywhere (a sync never brings them back).
    public static func forgetHere(_ learner: UUID, database: LearnerDatabase, store: ProfileStore, now: Date) -> Result<Int, SyncFailure> {
        let reviews: Int
        do {
            reviews = try database.forget(learner: learner)
            try database.writer.write { db in
                try LearnerForgottenTable.remember(db, learner: learner, stamp: Milliseconds.from(now))
            }
        } catch {
            return .failure(.usage("Could not delete the learner's progress (\(LearnerDatabase.describe(error)))."))
        }
        do throws(PersistenceError) {
            try store.delete(learner)
        } catch {
            return .failure(.usage(error.message))
        }
        return .success(reviews)
    }

    /// obeyForget: a forget the folder holds was judged genuine (`SyncForgetVerdict`): the learner
    /// is forgotten here too (nothing for `--status`). What it removes is set aside for 30 days
    /// (`ForgetAside`, `kuchi forget --restore`), and this machine's own batch files stay: a
    /// record received never deletes them (issue 36). The forget is written again in this
    /// machine's folder, so a machine that arrives later meets it from a machine that wrote for
    /// the learner.
    package static func obeyForget(_ choice: SyncLearner.Choice, folder: SyncFolder, database: LearnerDatabase, request: SyncRequest,
                           store: ProfileStore, time: Int64, notices: [String]) -> Result<SyncReport, SyncFailure> {
        let name = choice.profile.name.escapingControlCharacters
        if choice.arriving {
            return .failure(.nothing("\(name) was forgotten on every machine (Forget me); there is no learner to bring in."))
        }
        var report = SyncReport(arrived: false, statusOnly: request.statusOnly, notices: notices)
        report.forgotten = true
        guard !request.statusOnly else {
            report.notices.append("\(name) was forgotten on every machine; a sync would delete their progress here too "
                + "(kept aside for \(ForgetAside.keptDays) days: `kuchi forget --restore`).")
            return .success(report)
        }
        do {
            try ForgetAside.keep(choice.profile, database: database, dataDirectory: request.dataDirectory, forgetTime: time, now: request.now)
        } catch {
            return .failure(.usage("\(name) was forgotten on another machine, but a copy could not be set aside in "
                + "\(SyncFolder.shown(ForgetAside.folder(request.dataDirectory))) (\(LearnerDatabase.describe(error))); nothing was deleted."))
        }
        if let machine = try? database.writer.read({ db in try LearnerDatabase.machineID(db, create: false, source: ReviewIDSource()) }) {
            _ = try? folder.write([.forget(time: time)], learner: choice.profile.id, machine: machine, now: request.now,
                                  batchID: database.reviewIDs.next())
        }
        switch forgetHere(choice.profile.id, database: database, store: store, now: request.now) {
        case .success(let reviews):
            report.notices.append("\(name) was forgotten on another machine (Forget me → every machine); their \(reviews) review\(reviews == 1 ? "" : "s"), "
                + "settings and profile were deleted here too. `kuchi forget --restore --profile \(name.contains(" ") ? "\"\(name)\"" : name)` brings them back on this machine within "
                + "\(ForgetAside.keptDays) days.")
            return .success(report)
        case .failure(let failure):
            return .failure(failure)
        }
    }
}
