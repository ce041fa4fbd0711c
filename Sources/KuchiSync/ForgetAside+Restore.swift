import Foundation
import KuchiBase
import KuchiData

/// ForgetAside+Restore: a copy set aside brought back into the learner database as one catalogue
/// change (`LearnerChange.restoreLearner`), and the profile saved again (`kuchi forget --restore
/// --profile NAME`).
extension ForgetAside {
    /// restore: brings `kept` back; fails with a sentence when the learner is here already (a
    /// sync brought them in again) or the database cannot take the rows.
    public static func restore(_ kept: Kept, database: LearnerDatabase, store: ProfileStore) -> Result<Int, SyncFailure> {
        let applied: AppliedChange
        do {
            applied = try database.apply(.restoreLearner(LearnerChange.LearnerRestore(learner: kept.profile.id, aside: kept.database,
                                                                                      forgetTime: kept.forgetTime)))
        } catch {
            return .failure(.usage("Could not restore \(kept.profile.name.escapingControlCharacters) (\(LearnerDatabase.describe(error))); nothing was changed."))
        }
        guard applied.changed else {
            return .failure(.usage("\(kept.profile.name.escapingControlCharacters) has progress on this machine again; nothing was restored."))
        }
        do throws(PersistenceError) {
            if case .nameTaken(let other) = try store.create(kept.profile) {
                return .failure(.usage("The progress was restored, but another learner here is named \(other.name.escapingControlCharacters); "
                    + "rename them and run the command again to get the profile back."))
            }
        } catch {
            return .failure(.usage(error.message))
        }
        // A busy file takes the restore when it is free, reading this copy then: it stays until its 30 days end.
        if database.pendingSave == nil { remove(kept) }
        return .success(applied.count)
    }
}
