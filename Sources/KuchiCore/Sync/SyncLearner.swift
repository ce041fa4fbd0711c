import Foundation

/// SyncLearner: which learner a sync is for — a saved profile (by id, by name, or the only
/// one), or one the folder holds and this machine does not know yet (brought in by name).
enum SyncLearner {
    /// Choice: the learner's profile, and whether it comes from the folder (not saved yet).
    struct Choice {
        var profile: Profile
        var arriving: Bool
        /// contents: the folder's records for the learner, when already read.
        var contents: SyncFolder.Contents?
    }

    /// choose: the learner for `request`, or why none could be chosen.
    static func choose(_ request: SyncRequest, saved: [Profile], folder: SyncFolder) -> Result<Choice, SyncFailure> {
        if let id = request.learner {
            guard let profile = saved.first(where: { $0.id == id }) else {
                return .failure(.usage("the learner is not saved on this machine (turn Remember me on to sync)."))
            }
            return .success(Choice(profile: profile, arriving: false))
        }
        if let name = request.profileName {
            if let profile = saved.first(where: { $0.isNamed(name) }) { return .success(Choice(profile: profile, arriving: false)) }
            return arriving(named: name, folder: folder, now: request.now)
        }
        switch saved.count {
        case 1: return .success(Choice(profile: saved[0], arriving: false))
        case 0:
            return .failure(.usage("no saved learner on this machine — to bring one in from \(request.folder.path), name them with --profile NAME."))
        default:
            let names = saved.map(\.name).sorted { $0.lowercased() < $1.lowercased() }
            return .failure(.usage("several learners — choose one with --profile NAME: \(names.joined(separator: ", "))"))
        }
    }

    /// arriving: the learner named `name` in the folder (by the name's last value there), as a
    /// profile with the folder's settings; a failure (exit 1) when the folder has none.
    private static func arriving(named name: String, folder: SyncFolder, now: Date) -> Result<Choice, SyncFailure> {
        var names: [String] = []
        var forgotten = 0
        for id in folder.learners() {
            let contents = folder.read(learner: id)
            let merge = SyncMerge(contents.entries)
            // A learner forgotten on every machine is never brought back.
            if merge.forgotten != nil {
                forgotten += 1
                continue
            }
            let base = Profile(id: id, name: "Learner", lastUsed: Date(timeIntervalSince1970: 0))
            var values: [ProfileField: String] = [:]
            for field in SettingValues.travelling {
                if let winner = merge.winner(field, now: now, accept: { SettingValues.isValid($0, for: field, base: base) }) {
                    values[field] = winner.value
                }
            }
            guard values[.name] != nil, var profile = SettingValues.applying(values, to: base) else { continue }
            names.append(profile.name)
            if profile.isNamed(name) {
                profile.lastUsed = Date()
                return .success(Choice(profile: profile, arriving: true, contents: contents))
            }
        }
        var known = names.isEmpty ? "it holds no learner" : "it holds \(names.sorted().joined(separator: ", "))"
        if forgotten > 0 { known += "; \(forgotten) learner\(forgotten == 1 ? " was" : "s were") forgotten there on every machine" }
        return .failure(.nothing("there is no learner named \"\(name)\" on this machine or in \(folder.root.deletingLastPathComponent().path) (\(known))."))
    }
}
