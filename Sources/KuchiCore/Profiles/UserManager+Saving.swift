import Foundation
import KuchiBase
import KuchiData
import KuchiSync

/// UserManager saving: how the current learner's changes reach the profile store, and what
/// happens when the file is gone or the disk says no.
extension UserManager {
    /// save: writes `fields` of the current learner into their file as it is on disk now.
    /// `lastUsed` nil keeps the saved stamp. A learner whose first save failed is created whole
    /// now; a learner whose file was deleted elsewhere is not written back (`removedElsewhere`).
    func save(_ fields: Set<ProfileField>, lastUsed: Date?) {
        guard let store, rememberMe, let profileID, isRegistered else { return }
        let stamp = lastUsed ?? savedProfiles.first { $0.id == profileID }?.lastUsed ?? clock()
        let profile = Profile(id: profileID, name: name, settings: settings, lastUsed: stamp)
        guard persisted else {
            let outcome = create(profile)
            if case .nameTaken(let taken) = outcome.result {
                rememberMe = false
                problem = "Another saved profile is now called \(taken.name), so \(name) was not saved; your changes last until you quit."
            }
            persisted = outcome.saved
            return
        }
        // The learner's settings are a log in the learner database (one place, the same on every
        // machine); the profile file keeps only what belongs to this machine.
        let logged = fields.filter { SettingValues.travelling.contains($0) }
        let local = fields.subtracting(logged)
        var logFailed = false
        if !logged.isEmpty, let settingsLog {
            // A learner forgotten in another window stays forgotten: nothing of theirs is written.
            guard FileManager.default.fileExists(atPath: store.fileURL(for: profileID).path) else {
                removedElsewhere(profile)
                return
            }
            do {
                try settingsLog.record(logged, of: profile, now: clock())
                clearProblem()
            } catch {
                logFailed = true
                problem = "Could not save your settings in the learner database (\(LearnerDatabase.describe(error))); they last until you quit."
            }
        }
        guard !local.isEmpty else { return }
        do throws(PersistenceError) {
            guard let saved = try store.update(profile, fields: local) else {
                removedElsewhere(profile)
                return
            }
            keep(saved)
            if !logFailed { clearProblem() }
        } catch {
            problem = error.message
        }
    }

    /// create: saves `profile` as a new file. `saved` is false when nothing was written (a name
    /// already taken, or a failure now in `problem`).
    func create(_ profile: Profile) -> (result: RegistrationResult, saved: Bool) {
        guard let store else { return (.registered, false) }
        do throws(PersistenceError) {
            switch try store.create(profile) {
            case .nameTaken(let taken):
                keep(taken)
                return (.nameTaken(taken), false)
            case .created:
                keep(profile)
                clearProblem()
                return (.registered, true)
            }
        } catch {
            problem = error.message
            return (.registered, false)
        }
    }

    /// delete: removes one saved profile; false (with `problem` set) when that failed.
    @discardableResult
    func delete(_ id: UUID) -> Bool {
        guard let store else { return true }
        do throws(PersistenceError) {
            try store.delete(id)
            if savedProfiles.contains(where: { $0.id == id }) { savedProfiles.removeAll { $0.id == id } }
            return true
        } catch {
            problem = error.message
            return false
        }
    }

    /// removedElsewhere: the learner's file was deleted by another window (Forget me there). It
    /// must stay deleted: this window stops saving, keeps the settings in memory for the session
    /// and says so once (later changes find `rememberMe` off and write nothing).
    func removedElsewhere(_ profile: Profile) {
        persisted = false
        if rememberMe { rememberMe = false }
        if savedProfiles.contains(where: { $0.id == profile.id }) { savedProfiles.removeAll { $0.id == profile.id } }
        problem = "The saved profile for \(profile.name) was deleted in another Kuchi window; it stays deleted, and your changes here last until you quit."
    }

    /// keep: puts `profile` in `savedProfiles` as saved, last used first.
    func keep(_ profile: Profile) {
        var list = savedProfiles.filter { $0.id != profile.id }
        let index = list.firstIndex { $0.lastUsed < profile.lastUsed } ?? list.endIndex
        list.insert(profile, at: index)
        if list != savedProfiles { savedProfiles = list }
    }
}
