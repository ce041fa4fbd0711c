import Foundation
import KuchiCore
import KuchiSync

/// App+Changes: what the app's jobs answered, taken as the app settles after an event — a
/// sync's report, a fit's progress, a word said, and changes another process made to the learner.
extension App {
    /// takeJobResults: every result posted since the last event, in order. Returns the report of
    /// a sync that finished, if one did.
    @discardableResult
    func takeJobResults() -> SyncReport? {
        var synced: SyncReport?
        for result in state.jobs.take() {
            switch result {
            case .synced(let outcome):
                guard let report = sync?.finished(outcome) else { continue }
                synced = report
                take(report)
                // What else changed meanwhile (`kuchi config` during the sync) is heard now.
                noticeChanges(force: true)
            case .optimizing, .optimized: takeOptimize(result)
            case .said, .speechFailed: state.audio?.take(result)
            case .filesChanged: noticeChanges()
            case .forgot(let problem): finishForget(problem: problem)
            }
        }
        return synced
    }

    /// take: what a finished sync changed, at once: a learner forgotten on every machine is
    /// signed out; settings another machine changed are taken from the learner's log (a session
    /// under way keeps its word and uses them from the next one, and the learner is told).
    func take(_ report: SyncReport) {
        if report.forgotten {
            session.signOutForgotten()
            state.openRegister(from: nil)
            say("This learner was forgotten on another machine (Forget me → every machine), so here too.")
            return
        }
        guard !report.settingsChanged.isEmpty else { return }
        if session.isInProgress {
            settingsArrived = true
            announcedSettings.formUnion(report.settingsChanged)
            let names = report.settingsChanged.map(\.settingTitle).joined(separator: ", ")
            say("Settings changed on another machine (\(names)); this session goes on as it was, and the next one uses them.")
            return
        }
        takeArrivedSettings(as: "Settings changed on another machine")
    }

    /// takeArrivedSettings: the settings the log holds now, taken and said ("`lead`: questions.").
    func takeArrivedSettings(as lead: String = "Settings changed during the session now apply") {
        settingsArrived = false
        announcedSettings = []
        let changed = user.reloadSettings()
        guard !changed.isEmpty else { return }
        say("\(lead): \(changed.map(\.settingTitle).joined(separator: ", ")).")
    }

    /// noticeChanges: the file watch woke the loop. When SQLite's `data_version` moved, another
    /// connection committed: settings changed elsewhere are taken (or, during a session, kept for
    /// the next one) and said, and Welcome's counts and Settings' parameters are read again.
    /// While a sync runs its own report says what it brought; `force` looks after it ends.
    func noticeChanges(force: Bool = false) {
        // Forget me is deleting the learner on another thread: nothing reads them meanwhile.
        guard state.forgetting == nil else { return }
        guard let database = session.database, let version = database.dataVersion() else { return }
        guard force || version != knownDataVersion else { return }
        if sync?.running == true, !force { return }
        knownDataVersion = version
        state.parametersSummary = nil
        if state.route == .welcome || state.route == .congratulations { session.refreshStatus(force: true) }
        let changed = user.settingsChangedInLog()
        guard !changed.isEmpty else { return }
        if session.isInProgress {
            settingsArrived = true
            let new = changed.filter { !announcedSettings.contains($0) }
            announcedSettings.formUnion(new)
            guard !new.isEmpty else { return }
            say("Settings changed elsewhere (\(new.map(\.settingTitle).joined(separator: ", "))); this session goes on as it was, and the next one uses them.")
            return
        }
        takeArrivedSettings(as: "Settings changed elsewhere")
    }

    /// say: a sentence about what changed, shown as a notice until read.
    func say(_ sentence: String) {
        changeNotice = changeNotice.map { "\($0) \(sentence)" } ?? sentence
    }
}

/// Forget me's end, taken like any job result (`SettingsScene.startForget` began it).
extension App {
    /// finishForget: Forget me's deletions ended: the learner is signed out to Register, or the
    /// problem is shown and the learner kept.
    func finishForget(problem: String?) {
        guard state.forgetting != nil else { return }
        state.forgetting = nil
        session.finishForget(problem: problem)
        if problem == nil { state.openRegister(from: nil) }
    }

    /// finishForgetBeforeExit: a Forget me still running when the app quits is waited for (its
    /// transaction is the learner's deletion, all or nothing) and finished, so nothing saves the
    /// forgotten profile again on the way out.
    func finishForgetBeforeExit() {
        guard state.forgetting != nil else { return }
        if case .forgot(let problem) = state.jobs.waitForOne(timeout: 3600, matching: { if case .forgot = $0 { true } else { false } }) {
            finishForget(problem: problem)
        }
    }
}
