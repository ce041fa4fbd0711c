import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SyncFolderEntries: the batch files of one machine folder, as the listing and the ledger see
/// them — every name ending in `.jsonl`, whatever it is.
///
/// A regular file is listed with its size. Anything else with a batch name (a folder, a FIFO, a
/// socket, a device, a symbolic link) and a name that is not valid UTF-8 is listed too, with a
/// negative size that says what it is (`unusable`): reading refuses it without opening it, and
/// the ledger keeps the refusal, so the learner is told once, not at every sync. A regular file
/// that later takes the name has a size ≥ 0, so it is read.
extension SyncFolder {
    /// Unusable: why a listed entry is not a file to read, as its negative `Listed.size`.
    package enum Unusable: Int64, CaseIterable {
        case undecodableName = -1
        case folder = -2
        case fifo = -3
        case socket = -4
        case device = -5
        case symbolicLink = -6
        case other = -7

        /// init: the kind of a non-regular `lstat` mode.
        package init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .folder
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFCHR, S_IFBLK: self = .device
            case S_IFLNK: self = .symbolicLink
            default: self = .other
            }
        }

        /// phrase: what the entry is, as a notice says it.
        package var phrase: String {
            switch self {
            case .undecodableName: "has a name that is not valid UTF-8"
            case .folder: "is a folder, not a batch file"
            case .fifo: "is a FIFO (named pipe), not a batch file"
            case .socket: "is a socket, not a batch file"
            case .device: "is a device, not a batch file"
            case .symbolicLink: "is a symbolic link, not a batch file"
            case .other: "is not a regular file"
            }
        }
    }

    /// batchEntries: the batch candidates of the machine folder `url` with their sizes (a
    /// negative `Unusable` for what cannot be read), originals first, then by name. One
    /// `readdir` pass and one `lstat` each; names are taken as bytes, so one that is not UTF-8
    /// is seen (Foundation's listing drops it silently) and shown escaped.
    package static func batchEntries(in url: URL) -> [(name: String, size: Int64, modified: Int64)] {
        guard let directory = opendir(url.path) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, size: Int64, modified: Int64)] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard bytes.count > 6, bytes.suffix(6).elementsEqual(".jsonl".utf8) else { continue }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = escapedName(bytes)
                if isBatchCandidate(shown) { entries.append((shown, Unusable.undecodableName.rawValue, 0)) }
                continue
            }
            guard isBatchCandidate(name), let info = linkInfo(url.appendingPathComponent(name)) else { continue }
            let regular = info.st_mode & S_IFMT == S_IFREG
            entries.append((name, regular ? Int64(info.st_size) : Unusable(mode: info.st_mode).rawValue, regular ? modified(info) : 0))
        }
        return entries.sorted { ($0.name.isOriginalName ? 0 : 1, $0.name) < ($1.name.isOriginalName ? 0 : 1, $1.name) }
    }

    /// escapedName: a name that is not UTF-8, its valid runs kept and each other byte as `\xff`.
    package static func escapedName(_ bytes: [UInt8]) -> String {
        var shown = ""
        var index = 0
        while index < bytes.count {
            // The longest valid UTF-8 run from here (at most 4 bytes per scalar).
            var taken = false
            for length in (1...min(4, bytes.count - index)).reversed() {
                if let text = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                    shown += text
                    index += length
                    taken = true
                    break
                }
            }
            if !taken {
                shown += "\\x" + (bytes[index] < 0x10 ? "0" : "") + String(bytes[index], radix: 16)
                index += 1
            }
        }
        return shown
    }
}

private extension String {
    /// isOriginalName: `SyncFolder.isOriginal`, for sorting.
    var isOriginalName: Bool { SyncFolder.isOriginal(self) }
}
