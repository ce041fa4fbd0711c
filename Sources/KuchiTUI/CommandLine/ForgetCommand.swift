import ArgumentParser
import Foundation
import KuchiCore
import KuchiData
import KuchiSync

/// ForgetCommand: `kuchi forget --profile NAME [--everywhere] --yes` — what Settings' Forget me
/// does: the learner's reviews, cards, sessions, settings and profile deleted on this machine;
/// with `--everywhere`, a tombstone in their Sync folder makes every other machine forget them
/// at its next sync too. Without `--yes` it refuses (exit 2): nothing a script mistypes deletes
/// a learner.
struct ForgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Delete a learner's progress, settings and profile (Settings' Forget me).",
        discussion: "Needs --profile NAME and --yes. --restore brings back, on this machine, a learner that another machine's Forget me (--everywhere) removed here in the last 30 days. With --everywhere, every machine that syncs through the learner's Sync folder forgets them at its next sync. Exit status 2 without --yes, for an unknown learner, or when nothing could be deleted."
    )

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Flag(help: "Forget the learner on every machine that shares their Sync folder, not only on this one.")
    var everywhere = false

    @Flag(help: "Yes, delete: the command refuses without it.")
    var yes = false

    @Flag(help: "Bring back a learner another machine's Forget me removed here (kept for 30 days); --profile NAME chooses among several.")
    var restore = false

    /// execute: forgets the learner and says what was deleted; returns the exit status.
    @MainActor
    func execute(now: Date = Date(), environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let options = learner.resolved(root: root)
        if restore { return restoreLearner(options, now: now, environment: environment) }
        guard let name = options.profile else {
            return LearnerOptions.fail(.init(message: "forget needs the learner named: kuchi forget --profile NAME --yes."))
        }
        guard yes else {
            return LearnerOptions.fail(.init(message: "forget deletes \(name)'s progress, settings and profile; add --yes to do it."))
        }
        do throws(LearnerOptions.CommandFailure) {
            let profile = try options.learner()
            let dataDirectory = options.paths(environment).dataDirectory
            let configDirectory = options.paths(environment).configDirectory
            let database = LearnerDatabase.open(directory: dataDirectory, now: now)
            if let refusal = database.commandRefusal {
                throw .init(message: refusal.replacingOccurrences(of: "nothing was changed", with: "nothing was forgotten"))
            }
            let store = ProfileStore(directory: configDirectory)
            let result: Result<Int, SyncFailure>
            if everywhere {
                // The Sync folder as the learner's settings have it now (the database's log, where
                // Settings, `kuchi config` and other machines write it), not the profile file's copy.
                let folder = database.settings(of: profile).settings.syncFolder
                guard !folder.isEmpty else {
                    throw .init(message: "\(profile.name) has no Sync folder, so no other machine can be told; run without --everywhere to forget them here.")
                }
                guard let path = SyncFolderPath.resolve(folder) else {
                    throw .init(message: "\(SyncFolderPath.unknownAccount(folder)) in Settings; nothing was forgotten.")
                }
                result = SyncService.forgetEverywhere(profile.id, folder: URL(fileURLWithPath: path), database: database, store: store, now: now)
            } else {
                result = SyncService.forgetHere(profile.id, database: database, store: store, now: now)
            }
            switch result {
            case .success(let reviews):
                let scope = everywhere ? "here; the other machines forget them at their next sync" : "on this machine"
                StandardOutput.write("forgot \(profile.name) \(scope) (\(reviews) review\(reviews == 1 ? "" : "s") deleted)")
                return StandardOutput.finish(0)
            case .failure(let failure):
                throw .init(message: failure.message)
            }
        } catch {
            return LearnerOptions.fail(error)
        }
    }

    /// restoreLearner: `--restore`: the copy a received forget set aside (`ForgetAside`) copied
    /// back, the learner's profile saved again; says what came back.
    @MainActor
    private func restoreLearner(_ options: LearnerOptions, now: Date, environment: [String: String]) -> Int32 {
        let paths = options.paths(environment)
        let kept = ForgetAside.kept(paths.dataDirectory, now: now)
        let chosen = options.profile.map { name in kept.filter { $0.profile.isNamed(name) } } ?? kept
        guard let copy = chosen.first else {
            let known = kept.map(\.profile.name.escapingControlCharacters)
            let what = options.profile.map { "of \($0.escapingControlCharacters) " } ?? ""
            return LearnerOptions.fail(.init(message: "no learner \(what)was set aside by a Forget me from another machine in the last "
                + "\(ForgetAside.keptDays) days" + (known.isEmpty ? "." : "; kept: \(known.joined(separator: ", ")).")))
        }
        guard options.profile != nil || Set(chosen.map(\.profile.id)).count == 1 else {
            let names = Set(chosen.map(\.profile.name.escapingControlCharacters)).sorted()
            return LearnerOptions.fail(.init(message: "several learners were set aside — choose one with --profile NAME: \(names.joined(separator: ", "))"))
        }
        let database = LearnerDatabase.open(directory: paths.dataDirectory, now: now)
        if let refusal = database.commandRefusal {
            return LearnerOptions.fail(.init(message: refusal.replacingOccurrences(of: "nothing was changed", with: "nothing was restored")))
        }
        switch ForgetAside.restore(copy, database: database, store: ProfileStore(directory: paths.configDirectory)) {
        case .success(let reviews):
            StandardOutput.write("restored \(copy.profile.name.escapingControlCharacters) on this machine (\(reviews) review\(reviews == 1 ? "" : "s")); "
                + "their Forget me from another machine is no longer obeyed here")
            return StandardOutput.finish(0)
        case .failure(let failure):
            return LearnerOptions.fail(.init(message: failure.message))
        }
    }

    /// run: ArgumentParser's entry; main.swift calls `execute()` instead.
    func run() throws {
        let status = MainActor.assumeIsolated { execute() }
        if status != 0 { throw ExitCode(status) }
    }
}
