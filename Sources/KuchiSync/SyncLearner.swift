import Foundation
import KuchiData

/// SyncLearner: which learner a sync is for — a saved profile (by id, by name, or the only
/// one), or one the folder holds and this machine does not know yet (brought in by name).
package enum SyncLearner {
    /// Choice: the learner's profile, and whether it comes from the folder (not saved yet).
    package struct Choice {
        package var profile: Profile
        package var arriving: Bool
        /// notices: what choosing met (none yet; the sync's reading reports the folder).
        package var notices: [String] = []
    }

    /// choose: the learner for `request`, or why none could be chosen.
    package static func choose(_ request: SyncRequest, saved: [Profile], folder: SyncFolder) -> Result<Choice, SyncFailure> {
        if let id = request.learner {
            guard let profile = saved.first(where: { $0.id == id }) else {
                return .failure(.usage("the learner is not saved on this machine (turn Remember me on to sync)."))
            }
            return .success(Choice(profile: profile, arriving: false))
        }
        if let name = request.profileName {
            if let profile = saved.first(where: { $0.isNamed(name) }) { return .success(Choice(profile: profile, arriving: false)) }
            return arriving(named: name, folder: folder, saved: saved, budget: Int64(request.budget), now: request.now)
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
    /// profile with the folder's settings; a failure (exit 1) when the folder has none. Only the
    /// setting records are kept while the folder streams past. Two learners of that name in the
    /// folder, or one whose name a learner saved here already has under another id, are refused
    /// naming both: bringing in the wrong one would merge a stranger's history. A learner
    /// forgotten on every machine is never brought back.
    private static func arriving(named name: String, folder: SyncFolder, saved: [Profile], budget: Int64, now: Date) -> Result<Choice, SyncFailure> {
        var names: [String] = []
        var found: [Profile] = []
        var forgotten = 0
        for id in folder.learners() {
            guard let held = folderLearner(id, folder: folder, budget: budget, now: now) else { continue }
            guard case .named(var profile) = held else {
                forgotten += 1
                continue
            }
            names.append(profile.name)
            if profile.isNamed(name) {
                profile.lastUsed = Date()
                found.append(profile)
            }
        }
        let shownFolder = SyncFolder.shown(folder.root.deletingLastPathComponent())
        if found.count > 1 {
            let ids = found.map { $0.id.uuidString.lowercased() }.sorted()
            return .failure(.usage("\(shownFolder) holds two learners named \"\(found[0].name.escapingControlCharacters)\" (ids \(ids[0]) and \(ids[1])); "
                + "nothing was brought in — remove the one that is not you from \(SyncFolder.shown(folder.root))."))
        }
        if let arrival = found.first {
            if let local = saved.first(where: { $0.isNamed(arrival.name) && $0.id != arrival.id }) {
                return .failure(.usage("the learner \"\(arrival.name.escapingControlCharacters)\" in \(shownFolder) (id \(arrival.id.uuidString.lowercased())) "
                    + "is not this machine's \"\(local.name.escapingControlCharacters)\" (id \(local.id.uuidString.lowercased())); nothing was brought in."))
            }
            return .success(Choice(profile: arrival, arriving: true))
        }
        var known = names.isEmpty ? "it holds no learner" : "it holds \(names.sorted().map(\.escapingControlCharacters).joined(separator: ", "))"
        if forgotten > 0 { known += "; \(forgotten) learner\(forgotten == 1 ? " was" : "s were") forgotten there on every machine" }
        return .failure(.nothing("there is no learner named \"\(name.escapingControlCharacters)\" on this machine or in \(shownFolder) (\(known))."))
    }

    /// FolderLearner: a learner as the folder holds it.
    private enum FolderLearner {
        /// named: its profile, with the folder's settings.
        case named(Profile)
        /// forgotten: forgotten on every machine.
        case forgotten
    }

    /// folderLearner: learner `id` as the folder holds it; nil when it has no valid name there.
    /// A forget from a machine that wrote nothing else for the learner is not believed (issue 36).
    private static func folderLearner(_ id: UUID, folder: SyncFolder, budget: Int64, now: Date) -> FolderLearner? {
        var merge = SyncMerge()
        let reading = try? SyncReading.read(folder, learner: id, ledger: [:], budget: budget, record: { _, _ in }, each: { entries in
            for entry in entries { merge.add(entry) }
        })
        if merge.forgets.contains(where: { SyncForgetVerdict.wrote($0, ledger: [:], listed: reading?.listed ?? []) }) { return .forgotten }
        let base = Profile(id: id, name: "Learner", lastUsed: Date(timeIntervalSince1970: 0))
        var values: [ProfileField: String] = [:]
        for field in SettingValues.travelling {
            if let winner = merge.winner(field, accept: { SettingValues.isValid($0, for: field, base: base) }) {
                values[field] = winner.value
            }
        }
        guard values[.name] != nil, let profile = SettingValues.applying(values, to: base) else {
            // Forgotten, and nothing of the learner left to bring in.
            return merge.forgets.isEmpty ? nil : .forgotten
        }
        return .named(profile)
    }

    /// namesakes: a sentence for each other learner of the folder named as `profile` is — told
    /// apart by id, never merged: a learner made here under the name of one already in the folder
    /// (the same person on a new machine, or a stranger on the share) syncs as a learner of its own,
    /// and the learner is told so, once, at its first sync with the folder.
    package static func namesakes(of profile: Profile, folder: SyncFolder, budget: Int64, now: Date) -> [String] {
        let shownFolder = SyncFolder.shown(folder.root.deletingLastPathComponent())
        return folder.learners().filter { $0 != profile.id }.compactMap { id in
            guard case .named(let other) = folderLearner(id, folder: folder, budget: budget, now: now), other.isNamed(profile.name) else { return nil }
            return "\(shownFolder) also holds a learner named \"\(other.name.escapingControlCharacters)\" (id \(id.uuidString.lowercased())), "
                + "who is not this machine's \"\(profile.name.escapingControlCharacters)\" (id \(profile.id.uuidString.lowercased())): the two are kept "
                + "apart, nothing of theirs was taken. To be that learner here, rename this one and run `kuchi sync \(shownFolder) --profile NAME`."
        }
    }
}
