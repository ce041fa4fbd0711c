import Foundation
import KuchiBase
import KuchiData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncFolder: the shared folder's `kuchi/` tree, listed, read and written.
///
/// `DIR/kuchi/<learner uuid>/<machine id>/<ms>-<16 hex>.jsonl`: every file is written by one
/// machine (its own folder), once, atomically (a hidden temporary name, then rename); only its
/// machine ever removes it, after folding it into a newer file (`SyncCompaction`). A batch is
/// JSON Lines: a header naming its learner and machine, the records, and an `{"end": N}` line that
/// tells a whole file from a truncated one. Conflict copies a sync tool makes anyway are read like
/// the original (records merge by id, so a copy adds nothing); hidden and temporary files are
/// skipped. The folder is untrusted: a symlink at any level is refused (nothing is read from or
/// written outside the folder through one), and a file is streamed line by line.
public struct SyncFolder: Sendable {
    /// root: `DIR/kuchi`.
    public let root: URL

    /// maximumLineBytes: the longest line read or written (a deck of up to ~8 MiB travels);
    /// longer lines are skipped as they stream past, so they never hold memory.
    package static let maximumLineBytes = 8 * 1024 * 1024
    /// defaultBudget: how many bytes one sync reads at most; the rest is read by the next ones,
    /// each continuing where the last stopped.
    public static let defaultBudget = 256 * 1024 * 1024
    /// formatVersion: the batch format this build writes and reads.
    package static let formatVersion = 1

    /// place: the folder as the ledger knows it — its real path, so `~/Sync` and the same
    /// folder reached through a symlink share what was read.
    package let place: String

    /// init: the tree inside the folder `directory`.
    public init(directory: URL) {
        root = directory.appendingPathComponent("kuchi", isDirectory: true)
        place = directory.resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Entry: one record read, with the machine whose folder held it.
    package struct Entry {
        package let machine: String
        package let record: SyncRecord
        /// file: the batch file the record was read from (notices name it).
        package var file = ""
    }

    /// Listed: one batch file found: its machine, name and size (negative for an entry that
    /// is not a readable file: `Unusable`).
    package struct Listed: Hashable {
        package let machine: String
        package let name: String
        package let size: Int64
        /// modified: its modification time (ns since 1970), as `lstat` gives it.
        package var modified: Int64 = 0
    }

    /// learners: the learners the folder has data for (real folders only).
    package func learners() -> [UUID] {
        guard Self.isRealFolder(root) else { return [] }
        return subfolders(of: root).compactMap { name in UUID(uuidString: name).flatMap { $0.uuidString.lowercased() == name ? $0 : nil } }
    }

    /// learnerFolder: `DIR/kuchi/<learner>`.
    package func learnerFolder(_ learner: UUID) -> URL {
        root.appendingPathComponent(learner.uuidString.lowercased(), isDirectory: true)
    }

    /// machineFolder: `DIR/kuchi/<learner>/<machine>`.
    package func machineFolder(_ learner: UUID, _ machine: String) -> URL {
        learnerFolder(learner).appendingPathComponent(machine, isDirectory: true)
    }

    /// list: every batch file of `learner`, machine by machine (names in order), and a notice
    /// for each machine folder refused (a symlink, or `kuchi/` itself one).
    package func list(learner: UUID) -> (files: [Listed], notices: [String]) {
        var notices: [String] = []
        for url in [root, learnerFolder(learner)] where Self.isSymlink(url) {
            return ([], ["\(Self.shown(url)) is a symbolic link; Kuchi reads and writes only real folders in the sync folder, so it was skipped."])
        }
        let folder = learnerFolder(learner)
        var files: [Listed] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            guard let info = Self.linkInfo(url) else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                notices.append("\(Self.shown(url)) is a symbolic link, not a machine's folder; it was skipped.")
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR, ReviewID.isValid(name) else { continue }
            // Originals first, so a record that differs in a damaged copy is taken from the original.
            for file in Self.batchEntries(in: url) {
                files.append(Listed(machine: name, name: file.name, size: file.size, modified: file.modified))
            }
        }
        return (files, notices)
    }

    /// removeBatches: deletes `machine`'s own batch files of `learner` but `keeping` (a learner
    /// forgotten everywhere: only the tombstone stays). Another machine's files are never touched.
    package func removeBatches(learner: UUID, machine: String, keeping: URL?) {
        let folder = root.appendingPathComponent(learner.uuidString.lowercased(), isDirectory: true)
            .appendingPathComponent(machine, isDirectory: true)
        // Never through a symlink: only files inside the sync folder are removed.
        guard !Self.isSymlink(root), Self.isRealFolder(learnerFolder(learner)), Self.isRealFolder(folder) else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where Self.isBatchCandidate(name) && name != keeping?.lastPathComponent {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// write: a whole batch of `records` from `machine` (a forget record, say), made visible at
    /// once; returns its URL.
    package func write(_ records: [SyncRecord], learner: UUID, machine: String, now: Date, batchID: String) throws -> URL {
        let writer = try SyncBatchWriter(self, learner: learner, machine: machine, now: now, batchID: batchID)
        for record in records { try writer.add(record) }
        return try writer.finish().url
    }

    /// isBatchCandidate: a file that may hold records: `.jsonl`, not hidden, not a temporary file.
    package static func isBatchCandidate(_ name: String) -> Bool {
        name.hasSuffix(".jsonl") && !name.hasPrefix(".") && !name.hasPrefix("~") && !name.contains(".tmp")
    }

    /// isOriginal: the exact name this format writes, `<13 digits>-<16 hex>.jsonl` (not a sync
    /// tool's conflict copy) — checked byte by byte: it runs for every file of every sync.
    package static func isOriginal(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count == 36, bytes[13] == UInt8(ascii: "-"), bytes[30...].elementsEqual(".jsonl".utf8) else { return false }
        return bytes[0..<13].allSatisfy { (48...57).contains($0) } && bytes[14..<30].allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// batchName: the name a batch written at `now` with `batchID` gets.
    package static func batchName(now: Date, batchID: String) -> String {
        let milliseconds = String(max(0, Milliseconds.from(now)))
        return String(repeating: "0", count: max(0, 13 - milliseconds.count)) + milliseconds + "-" + batchID.prefix(16) + ".jsonl"
    }

    /// removeStaleTemporaries: this machine's own half-written files (`.<name>.tmp-<pid>-<nonce>`)
    /// left by a killed sync; only called under the data folder's sync lock, so none is live.
    package func removeStaleTemporaries(learner: UUID, machine: String) -> Int {
        let folder = machineFolder(learner, machine)
        guard Self.isRealFolder(folder) else { return 0 }
        var removed = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            guard let temporary = AtomicFile.TemporaryName(name), temporary.target.hasSuffix(".jsonl") else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    /// subfolders: the names of the real folders directly inside `url` (hidden ones and
    /// symlinks skipped).
    private func subfolders(of url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            !name.hasPrefix(".") && Self.linkInfo(url.appendingPathComponent(name)).map { $0.st_mode & S_IFMT == S_IFDIR } == true
        }
    }

    /// linkInfo: `lstat` of `url` (the link itself, not what it points to).
    package static func linkInfo(_ url: URL) -> stat? {
        var info = stat()
        return lstat(url.path, &info) == 0 ? info : nil
    }

    /// modified: a file's modification time in nanoseconds since 1970.
    package static func modified(_ info: stat) -> Int64 {
        Int64(info.st_mtim.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ Int64(info.st_mtim.tv_nsec)
    }

    /// isSymlink: whether `url` is a symbolic link.
    package static func isSymlink(_ url: URL) -> Bool {
        linkInfo(url).map { $0.st_mode & S_IFMT == S_IFLNK } ?? false
    }

    /// isRealFolder: a folder, not a symlink to one.
    package static func isRealFolder(_ url: URL) -> Bool {
        linkInfo(url).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// shown: a path as a message prints it, its control characters (a newline in a file
    /// name, an escape sequence) written visibly.
    package static func shown(_ url: URL) -> String {
        url.path.escapingControlCharacters
    }
}
