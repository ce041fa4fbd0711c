import Foundation
import KuchiCore
import KuchiData
import KuchiSync

/// AppSync: the app's background `kuchi sync` — when the app starts, when a session ends, and
/// when it quits with answers not yet sent — through the learner's *Sync folder* (or
/// `--sync-dir` for one run).
///
/// The sync is a job of the app's `BackgroundJobs`, off the main actor, so the first screen
/// never waits for it; its result arrives as the input event every job's result is
/// (`finished(_:)`). A problem becomes a notice; an answer is never lost: the sync and the quiz
/// write through separate connections, each change its own transaction.
@MainActor
final class AppSync {
    private let user: UserManager
    /// folderOverride: `--sync-dir DIR`, which wins over the setting for this run.
    private let folderOverride: String?
    private let configDirectory: URL
    private let dataDirectory: URL
    private let seed: UInt64?
    private let jobs: BackgroundJobs
    /// database: the app's connection, asked at quit whether anything waits to be sent.
    private let database: LearnerDatabase?
    /// changesAtStart: the app connection's `changesWritten()` when the last sync began: a
    /// setting or suspension made since is sent by the quit sync.
    private var changesAtStart: Int?
    /// stop: the running sync's stop, requested when the app quits.
    private var stop: SyncStop?
    /// running: a sync is under way (another request waits for it to end).
    private(set) var running = false
    /// again: a sync was asked for while one ran; it starts when that one ends.
    private var again = false
    /// lastRoute: the route seen at the last draw, to notice a session ending.
    private var lastRoute: Route?
    /// notice: the last sync's problem, one sentence, until the learner has read it.
    private(set) var notice: String?
    /// lastReport: the last finished sync's report (tests, and the app's queue refresh).
    private(set) var lastReport: SyncReport?

    /// init: syncs for the learner `user` signs in as, with the app's folders.
    init(user: UserManager, folderOverride: String?, configDirectory: URL, dataDirectory: URL, seed: UInt64?,
         jobs: BackgroundJobs, database: LearnerDatabase? = nil) {
        self.jobs = jobs
        self.database = database
        self.user = user
        self.folderOverride = folderOverride.flatMap { $0.isEmpty ? nil : $0 }
        self.configDirectory = configDirectory
        self.dataDirectory = dataDirectory
        self.seed = seed
    }

    /// folder: where this learner syncs, nil when nowhere (or the learner is not saved).
    var folder: String? {
        guard user.rememberMe, user.profileID != nil else { return nil }
        return folderOverride ?? (user.syncFolder.isEmpty ? nil : user.syncFolder)
    }

    /// start: begins a sync in the background, unless there is no folder; one at a time.
    func start(now: Date = Date(), quitting: Bool = false) {
        guard let folder, let learner = user.profileID else { return }
        if running {
            again = true
            return
        }
        // A folder saved as `~/Sync` (by hand, or by an older Kuchi) means the learner's $HOME;
        // `~name/…` of no account here is no folder (never `./~name`).
        guard let path = SyncFolderPath.resolve(folder) else {
            notice = "Sync through \(folder.escapingControlCharacters) failed: \(SyncFolderPath.unknownAccount(folder)) in Settings."
            return
        }
        running = true
        changesAtStart = database?.changesWritten()
        var request = SyncRequest(folder: URL(fileURLWithPath: path), learner: learner, configDirectory: configDirectory,
                                  dataDirectory: dataDirectory, now: now, seed: seed)
        let stop = SyncStop()
        // The quit sync sends and reads nothing: the next start reads what the folder holds.
        if quitting { stop.request() }
        request.stop = stop
        self.stop = stop
        let sent = request
        jobs.run { _ in .synced(SyncService.run(sent)) }
    }

    /// update: called after each event: starts a sync when a session has just ended (the route
    /// became Congratulations).
    func update(route: Route) {
        if route == .congratulations && lastRoute != .congratulations { start() }
        lastRoute = route
    }

    /// finished: a sync's result, taken from the jobs: its problems become the notice, and a
    /// sync asked for meanwhile starts. Returns the report, for the app to take what it changed.
    @discardableResult
    func finished(_ result: Result<SyncReport, SyncFailure>) -> SyncReport? {
        running = false
        var finished: SyncReport?
        switch result {
        case .success(let report):
            lastReport = report
            finished = report
            if let first = report.notices.first {
                // The rest are not lost: `kuchi sync` prints every notice, and `--status`
                // lists again the files skipped for good (told once).
                let more = report.notices.count - 1
                let shownFolder = (folder ?? "DIR").escapingControlCharacters
                notice = "Sync: \(first)" + (more > 0 ? " (and \(more) more: `kuchi sync \(shownFolder) --status` lists the files it skips)" : "")
            } else if let first = report.told.first {
                // Nothing went wrong, but another machine changed something a learner should hear of.
                notice = "Sync: \(first)" + (report.told.count > 1 ? " (and \(report.told.count - 1) more: `kuchi sync` lists them)" : "")
            }
        case .failure(let failure):
            notice = "Sync through \(folder ?? "the sync folder") failed: \(failure.message)"
        }
        if again {
            again = false
            start()
        }
        return finished
    }

    /// clearNotice: the learner has read it.
    func clearNotice() {
        notice = nil
    }

    /// finishBeforeExit: a running sync stops reading at its next line and still sends this
    /// machine's answers and commits what it read (the next sync reads on from there); then, if
    /// answers or changes made here still wait to be sent (a session left on "Nothing to study
    /// now", a question, Welcome), a quit sync sends them without reading. This waits for both,
    /// at most `timeout` seconds in all, and returns the sync's notice, if any.
    func finishBeforeExit(timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        again = false
        if running {
            stop?.request()
            guard waitForResult(until: deadline) else { return stillRunning }
        }
        guard unsent else { return notice }
        start(quitting: true)
        guard running else { return notice }
        guard waitForResult(until: deadline) else { return stillRunning }
        return notice
    }

    /// unsent: the learner has reviews not sent yet, or this process wrote a change (a setting,
    /// a suspension) since the last sync began.
    private var unsent: Bool {
        guard folder != nil, let database, let learner = user.profileID else { return false }
        return database.hasUnsentReviews(learner: learner) || database.changesWritten() != changesAtStart
    }

    private var stillRunning: String {
        "The sync was still running when Kuchi quit; what it had not finished is read and sent next time."
    }

    /// waitForResult: waits (the input loop has ended) for the running sync's result and takes
    /// it; false when `deadline` came first.
    private func waitForResult(until deadline: Date) -> Bool {
        guard let results = jobs.wait(timeout: max(0, deadline.timeIntervalSinceNow), matching: {
            if case .synced = $0 { true } else { false }
        }) else { return false }
        for case .synced(let result) in results { finished(result) }
        return true
    }
}
