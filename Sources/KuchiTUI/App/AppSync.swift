import Foundation
import KuchiCore

/// AppSync: the app's background `kuchi sync` — when the app starts and when a session ends,
/// through the learner's *Sync folder* (or `--sync-dir` for one run).
///
/// The sync runs in a detached task, off the main actor, so the first screen never waits for
/// it. The main thread spends its idle time blocked in the terminal read, where main-actor jobs
/// would never run, so the task leaves its result in a locked box and wakes the input loop
/// (`TerminalRestorer.wake`: the result is an event), which takes it (`update(route:)`). A problem becomes a notice; an answer is never lost: the
/// sync and the quiz write through separate connections, each change its own transaction.
@MainActor
final class AppSync {
    /// Box: the finished sync's result, handed from the task to the main thread.
    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var result: Result<SyncReport, SyncFailure>?
        /// finished: signalled when a running sync ends (the exit path may wait for it).
        let finished = DispatchSemaphore(value: 0)

        /// put: the task's result; wakes a waiting exit path.
        func put(_ value: Result<SyncReport, SyncFailure>) {
            lock.withLock { result = value }
            finished.signal()
        }

        /// take: the result, once (nil while none is waiting).
        func take() -> Result<SyncReport, SyncFailure>? {
            lock.withLock {
                defer { result = nil }
                return result
            }
        }
    }

    private let user: UserManager
    /// folderOverride: `--sync-dir DIR`, which wins over the setting for this run.
    private let folderOverride: String?
    private let configDirectory: URL
    private let dataDirectory: URL
    private let seed: UInt64?
    private let box = Box()
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
    init(user: UserManager, folderOverride: String?, configDirectory: URL, dataDirectory: URL, seed: UInt64?) {
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
    func start(now: Date = Date()) {
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
        var request = SyncRequest(folder: URL(fileURLWithPath: path), learner: learner, configDirectory: configDirectory,
                                  dataDirectory: dataDirectory, now: now, seed: seed)
        let stop = SyncStop()
        request.stop = stop
        self.stop = stop
        let box = self.box
        Task.detached(priority: .utility) {
            box.put(SyncService.run(request))
            // The result is an event: the input loop wakes and takes it now (not at the next key).
            TerminalRestorer.wake()
        }
    }

    /// update: called after each event: collects a finished sync (returning its report, for
    /// the app to take what it changed), and starts one when a session has just ended (the
    /// route became Congratulations).
    @discardableResult
    func update(route: Route) -> SyncReport? {
        var finished: SyncReport?
        if let result = box.take() {
            _ = box.finished.wait(timeout: .now())
            running = false
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
                }
            case .failure(let failure):
                notice = "Sync through \(folder ?? "the sync folder") failed: \(failure.message)"
            }
            if again {
                again = false
                start()
            }
        }
        if route == .congratulations && lastRoute != .congratulations { start() }
        lastRoute = route
        return finished
    }

    /// say: a sentence about what a sync changed, shown like its problems.
    func say(_ sentence: String) {
        notice = notice.map { "\($0) \(sentence)" } ?? sentence
    }

    /// clearNotice: the learner has read it.
    func clearNotice() {
        notice = nil
    }

    /// finishBeforeExit: a running sync stops reading at its next line and still sends this
    /// machine's answers and commits what it read (the next sync reads on from there); this waits
    /// for that, at most `timeout` seconds, and returns the sync's notice, if any.
    func finishBeforeExit(timeout: Double = 10) -> String? {
        guard running else { return notice }
        again = false
        stop?.request()
        if box.finished.wait(timeout: .now() + timeout) == .timedOut {
            return "The sync was still running when Kuchi quit; what it had not finished is read and sent next time."
        }
        box.finished.signal()
        update(route: lastRoute ?? .welcome)
        return notice
    }
}
