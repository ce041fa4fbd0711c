import Foundation

/// SyncFolder: the shared folder's `kuchi/` tree, read and written.
///
/// `DIR/kuchi/<learner uuid>/<machine id>/<ms>-<16 hex>.jsonl`: every file is written by one
/// machine (its own folder), once, atomically (a hidden temporary name, then rename), and never
/// changed or deleted, so a sync tool never sees two writers of one file. A batch is JSON Lines:
/// a header naming its learner and machine, the records, and an `{"end": N}` line that tells a
/// whole file from a truncated one. Conflict copies a sync tool makes anyway are read like the
/// original (records merge by id, so a copy adds nothing); hidden and temporary files are skipped.
public struct SyncFolder: Sendable {
    /// root: `DIR/kuchi`.
    public let root: URL

    /// maximumFileBytes: larger files are refused unread (a batch with a deck of 64 MiB fits).
    static let maximumFileBytes = 160 * 1024 * 1024
    /// maximumTotalBytes: a sync reads at most this much of the folder; the rest waits (with a
    /// notice) — a folder stuffed with files cannot exhaust memory.
    static let maximumTotalBytes = 1024 * 1024 * 1024
    /// formatVersion: the batch format this build writes and reads.
    static let formatVersion = 1

    /// init: the tree inside the folder `directory`.
    public init(directory: URL) {
        root = directory.appendingPathComponent("kuchi", isDirectory: true)
    }

    /// Entry: one record read, with the machine whose folder held it.
    struct Entry {
        let machine: String
        let record: SyncRecord
    }

    /// Contents: what the folder holds for one learner.
    struct Contents {
        var entries: [Entry] = []
        /// files: batch files found (conflict copies included).
        var files = 0
        /// unreadableFiles: files none of whose records could be used.
        var unreadableFiles = 0
        /// notices: one sentence per file with skipped or unreadable data.
        var notices: [String] = []
        /// bytes: how much was read.
        var bytes = 0
    }

    /// Header: a batch's first line.
    private struct Header: Codable {
        var format: String
        var version: Int
        var learner: String
        var machine: String
        var written: Int64?
    }

    /// End: a batch's last line.
    private struct End: Codable {
        var end: Int
    }

    /// learners: the learners the folder has data for.
    func learners() -> [UUID] {
        subfolders(of: root).compactMap { name in UUID(uuidString: name).flatMap { $0.uuidString.lowercased() == name ? $0 : nil } }
    }

    /// read: every record the folder holds for `learner`, with notices for what was skipped.
    func read(learner: UUID) -> Contents {
        var contents = Contents()
        let learnerFolder = root.appendingPathComponent(learner.uuidString.lowercased(), isDirectory: true)
        for machine in subfolders(of: learnerFolder).sorted() where ReviewID.isValid(machine) {
            let folder = learnerFolder.appendingPathComponent(machine, isDirectory: true)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter(Self.isBatchCandidate)
            // Originals first, so a record that differs in a damaged copy is taken from the original.
            for name in names.sorted(by: { (Self.isOriginal($0) ? 0 : 1, $0) < (Self.isOriginal($1) ? 0 : 1, $1) }) {
                guard contents.bytes < Self.maximumTotalBytes else {
                    contents.notices.append("\(learnerFolder.path) holds more than \(Self.maximumTotalBytes / 1_073_741_824) GiB; the rest was left for another sync.")
                    return contents
                }
                contents.files += 1
                readFile(folder.appendingPathComponent(name), learner: learner, machine: machine, into: &contents)
            }
        }
        return contents
    }

    /// readFile: the records of one batch file; every problem becomes one notice.
    private func readFile(_ url: URL, learner: UUID, machine: String, into contents: inout Contents) {
        let shown = url.path
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.contents(of: url, limit: Self.maximumFileBytes)
        } catch {
            contents.unreadableFiles += 1
            contents.notices.append("\(shown) could not be read (\(Self.describe(error))); it was skipped.")
            return
        }
        contents.bytes += data.count
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, let header = try? JSONDecoder().decode(Header.self, from: Data(first)),
              header.format == "kuchi-sync"
        else {
            contents.unreadableFiles += 1
            contents.notices.append("\(shown) is not a Kuchi sync file (or its start is damaged); it was skipped.")
            return
        }
        guard header.version <= Self.formatVersion else {
            contents.unreadableFiles += 1
            contents.notices.append("\(shown) was written by a newer Kuchi (format \(header.version)); it was skipped — update Kuchi to read it.")
            return
        }
        guard header.learner == learner.uuidString.lowercased(), header.machine == machine else {
            contents.unreadableFiles += 1
            contents.notices.append("\(shown) names another learner or machine than its folder; it was skipped.")
            return
        }
        var skipped = 0
        var firstReason: String?
        var records = Array(lines.dropFirst())
        var ended = false
        if let last = records.last, let end = try? JSONDecoder().decode(End.self, from: Data(last)) {
            records.removeLast()
            ended = end.end == records.count
        }
        let count = records.count
        for result in SyncRecordCoding.decodeAll(records.map { Data($0) }) {
            switch result {
            case .success(let record):
                contents.entries.append(Entry(machine: machine, record: record))
            case .failure(let refusal):
                skipped += 1
                firstReason = firstReason ?? refusal.reason
            }
        }
        if !ended {
            contents.notices.append("\(shown) is incomplete (still being copied, or cut short); its \(count - skipped) whole records were used.")
        } else if skipped > 0 {
            contents.notices.append("\(shown): \(skipped) record\(skipped == 1 ? "" : "s") skipped (\(firstReason ?? "unreadable")).")
        }
        if count > 0 && skipped == count { contents.unreadableFiles += 1 }
    }

    /// write: a new batch of `records` from `machine`, atomically; returns its URL.
    func write(_ records: [SyncRecord], learner: UUID, machine: String, now: Date, batchID: String) throws -> URL {
        let folder = root.appendingPathComponent(learner.uuidString.lowercased(), isDirectory: true)
            .appendingPathComponent(machine, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(Header(format: "kuchi-sync", version: Self.formatVersion, learner: learner.uuidString.lowercased(),
                                             machine: machine, written: Milliseconds.from(now)))
        data.append(UInt8(ascii: "\n"))
        for record in records {
            data.append(try SyncRecordCoding.encode(record))
            data.append(UInt8(ascii: "\n"))
        }
        data.append(try encoder.encode(End(end: records.count)))
        data.append(UInt8(ascii: "\n"))
        let milliseconds = String(max(0, Milliseconds.from(now)))
        let name = String(repeating: "0", count: max(0, 13 - milliseconds.count)) + milliseconds + "-" + batchID.prefix(16) + ".jsonl"
        let url = folder.appendingPathComponent(name)
        do throws(PersistenceError) {
            try AtomicFile.write(data, to: url)
        } catch {
            throw error
        }
        return url
    }

    /// removeBatches: deletes `machine`'s own batch files of `learner` but `keeping` (a learner
    /// forgotten everywhere: only the tombstone stays). Another machine's files are never touched.
    func removeBatches(learner: UUID, machine: String, keeping: URL?) {
        let folder = root.appendingPathComponent(learner.uuidString.lowercased(), isDirectory: true)
            .appendingPathComponent(machine, isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where Self.isBatchCandidate(name) && name != keeping?.lastPathComponent {
            unlink(folder.appendingPathComponent(name).path)
        }
    }

    /// isBatchCandidate: a file that may hold records: `.jsonl`, not hidden, not a temporary file.
    static func isBatchCandidate(_ name: String) -> Bool {
        name.hasSuffix(".jsonl") && !name.hasPrefix(".") && !name.hasPrefix("~") && !name.contains(".tmp")
    }

    /// isOriginal: the exact name this format writes (not a sync tool's conflict copy).
    static func isOriginal(_ name: String) -> Bool {
        name.wholeMatch(of: /[0-9]{13}-[0-9a-f]{16}\.jsonl/) != nil
    }

    /// subfolders: the names of the folders directly inside `url` (hidden ones skipped).
    private func subfolders(of url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
    }

    /// describe: a read failure in a few words.
    private static func describe(_ failure: BoundedFile.Failure) -> String {
        switch failure {
        case .missing: "it disappeared"
        case .folder: "a folder has its name"
        case .notRegular: "not a regular file"
        case .tooLarge(let size): "\(size / 1_048_576) MiB, over the \(maximumFileBytes / 1_048_576) MiB limit"
        case .unreadable(let code): String(cString: strerror(code)).lowercased()
        }
    }
}
