import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// LearnerWatch: the running app hears every change to its learner, whoever made it — another
/// window, `kuchi config`, `kuchi word --suspend`, `kuchi optimize`, a sync.
///
/// An inotify watch on the data folder wakes a thread of its own when the learner database or
/// its WAL is written; the thread posts `.filesChanged` to the app's jobs (the event a sync's
/// result uses), and the app asks SQLite's `data_version` whether another connection committed
/// (`App.noticeChanges`). Idle, the thread sleeps in `poll` and nothing runs: no timer, no
/// polling of the file. The app's own commits wake it too; `data_version` does not move for
/// them, so they cost one pragma.
final class LearnerWatch: @unchecked Sendable {
    /// watchedNames: the files whose writes mean a commit (the WAL, or the file after a checkpoint).
    static let watchedNames: Set<String> = ["kuchi.sqlite", "kuchi.sqlite-wal"]

    private let inotify: Int32
    /// stopPipe: `stop()` writes to it; the thread then ends.
    private let stopPipe: (read: Int32, write: Int32)
    private let jobs: BackgroundJobs

    /// init: a watch on `directory` (nil when inotify or the folder cannot be watched: the app
    /// then hears changes when it next reads them, as before).
    init?(directory: URL, jobs: BackgroundJobs) {
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
        var ends: [Int32] = [-1, -1]
        guard inotify_add_watch(inotify, directory.path, mask) >= 0, pipe(&ends) == 0 else {
            close(inotify)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.inotify = inotify
        self.stopPipe = (ends[0], ends[1])
        self.jobs = jobs
    }

    /// start: the watching thread. It blocks every signal, so a resize or Ctrl-C always reaches
    /// the input thread (whose wait they must interrupt).
    func start() {
        let thread = Thread { [self] in
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            watch()
        }
        thread.name = "kuchi.watch"
        thread.start()
    }

    /// stop: ends the thread (at quit); the descriptors are closed by it.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    /// watch: waits for inotify events until stopped; a batch naming a watched file posts once.
    private func watch() {
        var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = poll(&fds, nfds_t(fds.count), -1)
            if count < 0 && errno == EINTR { continue }
            if count < 0 || fds[1].revents != 0 { break }
            var changed = false
            while true {
                let length = read(inotify, &buffer, buffer.count)
                guard length > 0 else { break }
                if Self.names(in: buffer[..<length]).contains(where: Self.watchedNames.contains) { changed = true }
            }
            if changed { jobs.post(.filesChanged) }
        }
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// names: the file names of the inotify events in `bytes` (struct inotify_event: wd, mask,
    /// cookie, len, then `len` bytes of NUL-padded name).
    static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        let header = MemoryLayout<inotify_event>.size
        var names: [String] = []
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let length = bytes[(offset + 12)..<(offset + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
            let start = offset + header
            guard start + length <= bytes.endIndex else { break }
            let name = bytes[start..<(start + length)].prefix { $0 != 0 }
            names.append(String(decoding: name, as: UTF8.self))
            offset = start + length
        }
        return names
    }
}
