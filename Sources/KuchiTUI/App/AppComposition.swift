import Foundation
import KuchiCore

/// AppComposition: the objects one run of the app is made of, wired one way. `main.swift` builds
/// the app here from the command line's choices and the tests' Pilot builds it here from theirs,
/// so a test drives the app as it is put together for the learner; what only a real run has
/// (sound, the sync folder, the file watch) comes as `Services`.
@MainActor
final class AppComposition {
    /// Services: what a run outside the screen tests adds to the app.
    struct Services {
        var dataDirectory: URL
        var configDirectory: URL
        /// syncFolder: `--sync-dir`, over the learner's setting.
        var syncFolder: String?
        var seed: UInt64?
        var environment: [String: String]
    }

    let state: AppState
    let app: App
    let sync: AppSync?
    let watch: LearnerWatch?

    /// init: the app over `session`, opening on `route`, drawing on `backend`; background jobs
    /// post to `jobs`.
    init(session: LearnerSession, route: Route, backend: any TerminalBackend, jobs: BackgroundJobs = BackgroundJobs(), log: RenderLog,
         redrawEverything: Bool = false, services: Services?) {
        let state = AppState(route: route, jobs: jobs)
        if let services {
            state.audio = AppAudio(dataDirectory: services.dataDirectory, environment: services.environment)  // posts to state.jobs
        }
        let app = App(state: state, session: session, backend: backend, log: log, redrawEverything: redrawEverything)
        let sync = services.map {
            AppSync(user: session.user, folderOverride: $0.syncFolder, configDirectory: $0.configDirectory, dataDirectory: $0.dataDirectory,
                    seed: $0.seed, jobs: state.jobs, database: session.database)
        }
        app.sync = sync
        // Changes another process makes to the learner reach the running app (no polling).
        watch = services == nil ? nil : session.database?.url.flatMap {
            LearnerWatch(directory: $0.deletingLastPathComponent(), jobs: state.jobs)
        }
        self.state = state
        self.app = app
        self.sync = sync
    }

    /// run: the sync and the watch started, then the input loop until the learner quits; returns
    /// the signal that ended it, if one did.
    func run() -> Int32? {
        sync?.start()
        watch?.start()
        let signal = app.run()
        watch?.stop()
        return signal
    }

    /// finish: once the screen is gone — Forget me's deletion waited for, then the quit sync;
    /// returns the sync's notice.
    func finish() -> String? {
        app.finishForgetBeforeExit()
        return sync?.finishBeforeExit()
    }
}
