import Foundation
import KuchiData

/// UserManager+Reload: what the learner's settings log holds that the settings in use do not
/// yet — a change made by another window, `kuchi config` or a sync — looked at without taking
/// it, so a session under way keeps its settings until it ends.
extension UserManager {
    /// settingsChangedInLog: the fields whose latest change in the log differs from the
    /// settings in use; nothing is applied (`reloadSettings` takes them).
    public func settingsChangedInLog() -> [ProfileField] {
        guard let settingsLog, let profileID, isRegistered else { return [] }
        let current = Profile(id: profileID, name: name, settings: settings, lastUsed: clock())
        let logged = settingsLog.settings(of: current)
        let old = SettingValues.values(of: current)
        let new = SettingValues.values(of: logged)
        return SettingValues.travelling.filter { old[$0] != new[$0] }
    }
}
