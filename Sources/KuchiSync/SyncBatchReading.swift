import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncBatchReading: one batch file streamed into records, from where the last sync stopped.
extension SyncFolder {
    /// Progress: how far a file has been read (what the ledger keeps for it).
    package struct Progress: Equatable {
        /// size: the file's size when it was read.
        package var size: Int64
        /// offset: the end of the last line consumed.
        package var offset: Int64
        /// records: record lines consumed (the end line's count is checked against it).
        package var records: Int
        /// hash: FNV-1a of the bytes consumed.
        package var hash: UInt64
        /// complete: the end line was read and matched.
        package var complete: Bool
        /// refused: the file was judged unusable (its header); read again only if it changes.
        package var refused = false
        /// modified: the file's modification time when it was read (ns since 1970; 0 unknown).
        package var modified: Int64 = 0
        /// insideLine: reading stopped inside a line too long to keep (the budget, or quitting):
        /// the next sync skips on from `offset` to its end, never reading it again.
        package var insideLine = false
    }

    /// FileRead: what reading one file did.
    package struct FileRead {
        /// progress: where the next sync continues (nil: the file was refused, nothing kept).
        package var progress: Progress?
        /// bytes: bytes consumed this time.
        package var bytes: Int64 = 0
        package var notice: String?
        /// unreadable: nothing in the file could be used.
        package var unreadable = false
        /// stopped: the budget ran out inside the file.
        package var stopped = false
    }

    /// Header: a batch's first line.
    package struct Header: Codable {
        package var format: String
        package var version: Int
        package var learner: String
        package var machine: String
        package var written: Int64?
    }

    /// End: a batch's last line.
    package struct End: Codable {
        package var end: Int
    }

    /// chunkLines: records decoded and handed on together (one JSON array parse each).
    package static let chunkLines = 512

    /// readFile: streams `file`'s records (from `previous`'s offset) to `each`, at most `budget`
    /// bytes, stopping at a line boundary.
    package func readFile(_ file: Listed, learner: UUID, from previous: Progress?, budget: Int64, stop: () -> Bool = { false },
                  each: ([Entry]) throws -> Void) throws -> FileRead {
        let url = machineFolder(learner, file.machine).appendingPathComponent(file.name)
        let shown = Self.shown(url)
        var result = FileRead()
        // Not a file (a folder, FIFO, socket, device or link named like a batch) or a name that
        // is not UTF-8: refused unopened — opening a FIFO or device may block or act — and kept
        // in the ledger as refused, so it is told once.
        if file.size < 0 {
            result.unreadable = true
            result.notice = "\(shown) \((Unusable(rawValue: file.size) ?? .other).phrase); it was skipped."
            result.progress = Progress(size: file.size, offset: 0, records: 0, hash: 0, complete: false, refused: true)
            return result
        }
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            let code = errno
            result.unreadable = true
            result.notice = "\(shown) could not be read (\(code == ELOOP ? "a symbolic link" : String(cString: strerror(code)).lowercased())); it was skipped."
            return result
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            result.unreadable = true
            result.notice = "\(shown) could not be read (not a regular file); it was skipped."
            return result
        }
        var previous = previous
        var checked: Int64 = 0
        // A file that changed since it was read is continued only when what was read is still
        // there: one rewritten in place and grown is read again from its start.
        var rewritten: String?
        if let known = previous, known.offset > 0,
           Int64(info.st_size) != known.size || (known.modified != 0 && Self.modified(info) != known.modified) {
            do {
                let prefix = try SyncLineReader.prefixHolds(fd: fd, offset: known.offset, hash: known.hash, insideLine: known.insideLine,
                                                            maximumLine: Self.maximumLineBytes)
                checked = prefix.bytes
                if !prefix.holds {
                    previous = nil
                    rewritten = "\(shown) was changed in place since the last sync; it was read again from its start."
                }
            } catch {
                previous = nil
            }
        }
        let start = previous.map { $0.offset } ?? 0
        guard lseek(fd, off_t(start), SEEK_SET) == off_t(start) else {
            result.unreadable = true
            result.notice = "\(shown) could not be read (it could not be read from where the last sync stopped); it was skipped."
            return result
        }
        let reader = SyncLineReader(fd: fd, offset: start, hash: previous?.hash ?? SyncLineReader.fnvBasis, maximumLine: Self.maximumLineBytes,
                                    insideLine: previous?.insideLine ?? false)
        var progress = previous ?? Progress(size: Int64(info.st_size), offset: 0, records: 0, hash: 0, complete: false)
        progress.size = Int64(info.st_size)
        progress.modified = Self.modified(info)
        do {
            if previous == nil {
                if let problem = try header(reader, learner: learner, machine: file.machine) {
                    result.unreadable = true
                    result.notice = "\(shown) \(problem); it was skipped."
                    result.bytes = reader.offset + checked
                    result.progress = Progress(size: Int64(info.st_size), offset: 0, records: 0, hash: 0, complete: false, refused: true,
                                               modified: Self.modified(info))
                    return result
                }
            }
            var pending: [Data] = []
            var (used, skipped, firstReason) = (0, 0, nil as String?)
            var partial = false
            /// counted: the end line's count, when the file has one (whole, whatever its lines hold).
            var counted: Int?
            /// flush: decodes the pending lines and hands their records on.
            func flush() throws {
                guard !pending.isEmpty else { return }
                var entries: [Entry] = []
                for decoded in SyncRecordCoding.decodeAll(pending) {
                    switch decoded {
                    case .success(let record): entries.append(Entry(machine: file.machine, record: record, file: shown))
                    case .failure(let refusal):
                        skipped += 1
                        firstReason = firstReason ?? refusal.reason
                    }
                }
                used += entries.count
                pending.removeAll(keepingCapacity: true)
                if !entries.isEmpty { try each(entries) }
            }
            // The budget counts the bytes passed, skipped lines too; a hole seeked over is free.
            func spent() -> Int64 { reader.offset - start - reader.seeked + checked }
            func enough() -> Bool { spent() >= budget || stop() }
            reading: while !enough() {
                switch try reader.next(enough: enough) {
                case nil, .unfinished: break reading
                case .partial(let tail):
                    // A last line without its newline counts only when it is the end line.
                    if let end = try? JSONDecoder().decode(End.self, from: tail) {
                        reader.acceptTail()
                        counted = end.end
                        progress.complete = end.end == progress.records
                    } else {
                        partial = true
                    }
                    break reading
                case .overlong:
                    progress.records += 1
                    skipped += 1
                    firstReason = firstReason ?? "a line longer than \(Self.maximumLineBytes / 1_048_576) MiB"
                case .text(let line):
                    if line.first == UInt8(ascii: "{"), line.starts(with: Data(#"{"end":"#.utf8)),
                       let end = try? JSONDecoder().decode(End.self, from: line) {
                        counted = end.end
                        progress.complete = end.end == progress.records
                        continue
                    }
                    progress.records += 1
                    if line.isEmpty {
                        skipped += 1
                        firstReason = firstReason ?? "an empty line"
                        continue
                    }
                    pending.append(line)
                    if pending.count >= Self.chunkLines { try flush() }
                }
            }
            try flush()
            result.stopped = !partial && reader.offset < Int64(info.st_size) && enough()
            progress.offset = reader.offset
            progress.hash = reader.hash
            progress.insideLine = reader.insideLine
            result.bytes = spent()
            result.progress = progress
            // A file with its end line is whole: what is wrong is in its lines, not its length.
            if skipped > 0 && (progress.complete || counted != nil || result.stopped) {
                result.notice = "\(shown): \(skipped) line\(skipped == 1 ? "" : "s") skipped (\(firstReason ?? "unreadable"))."
            } else if let counted, !progress.complete {
                result.notice = "\(shown) ends saying it holds \(counted) record\(counted == 1 ? "" : "s") but holds \(progress.records); "
                    + "the \(used) that could be read were used."
            } else if !progress.complete && !result.stopped {
                result.notice = "\(shown) is incomplete (still being copied, or cut short); its \(used) whole records were used."
                    + (skipped > 0 ? " \(skipped) line\(skipped == 1 ? " was" : "s were") skipped (\(firstReason ?? "unreadable"))." : "")
            }
            if used == 0 && skipped > 0 { result.unreadable = true }
            if let rewritten { result.notice = result.notice.map { rewritten + " " + $0 } ?? rewritten }
        } catch let failure as BoundedFile.Failure {
            result.unreadable = true
            result.progress = nil
            result.notice = "\(shown) could not be read (\(Self.describe(failure))); it was skipped."
        }
        return result
    }

    /// header: nil when the first line is a header of this learner and machine, else the problem.
    private func header(_ reader: SyncLineReader, learner: UUID, machine: String) throws(BoundedFile.Failure) -> String? {
        guard case .text(let first) = try reader.next(), let header = try? JSONDecoder().decode(Header.self, from: first),
              header.format == "kuchi-sync"
        else { return "is not a Kuchi sync file (or its start is damaged)" }
        guard header.version <= Self.formatVersion else {
            return "was written by a newer Kuchi (format \(header.version)) — update Kuchi to read it"
        }
        guard header.learner == learner.uuidString.lowercased(), header.machine == machine else {
            return "names another learner or machine than its folder"
        }
        return nil
    }

    /// describe: a read failure in a few words.
    package static func describe(_ failure: BoundedFile.Failure) -> String {
        switch failure {
        case .missing: "it disappeared"
        case .folder: "a folder has its name"
        case .notRegular: "not a regular file"
        case .tooLarge(let size): "\(size / 1_048_576) MiB, too large"
        case .unreadable(let code): String(cString: strerror(code)).lowercased()
        }
    }
}
