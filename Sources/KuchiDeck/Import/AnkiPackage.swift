import Foundation
import ZIPFoundation

/// AnkiPackage: an `.apkg` or `.colpkg` (a zip archive) opened safely, its collection copied
/// into a private temporary folder for SQLite to read, and the folder removed afterwards.
///
/// Of the collections a package may hold, the newest format wins: `collection.anki21b`
/// (zstd-compressed, current Anki), then `collection.anki21`, then `collection.anki2` — newer
/// packages also carry an `anki2` placeholder whose one note asks to update Anki, which must be
/// ignored. Nothing is extracted under an entry's own name, so `..` and absolute names cannot
/// write anywhere; such names are still refused, since no genuine package has them.
package enum AnkiPackage {
    /// maximumExpandedBytes: the most a collection may expand to.
    package static let maximumExpandedBytes = 512 * 1024 * 1024
    /// maximumRatio, ratioAllowance: a collection may expand to `maximumRatio` times its
    /// compressed size plus the allowance (empty SQLite pages compress very well, so small
    /// collections get room); zip bombs expand by thousands.
    package static let maximumRatio = 100
    package static let ratioAllowance = 8 * 1024 * 1024
    /// collectionNames: the collection entries, preferred first.
    package static let collectionNames = ["collection.anki21b", "collection.anki21", "collection.anki2"]

    /// collection: reads the package at `url` into an `AnkiCollection`, plus whether it holds
    /// media files (which are not imported), unpacking in a private folder in `temporaryDirectory`.
    package static func collection(at url: URL, temporaryDirectory: URL) throws(ImportError) -> (collection: AnkiCollection, hasMediaFiles: Bool) {
        let name = url.lastPathComponent
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw ImportError(.content, "\(name) is not a readable Anki package (a zip archive); is the file complete?")
        }
        var entries: [String: Entry] = [:]
        var hasMediaFiles = false
        for entry in archive {
            let path = entry.path
            if isUnsafe(path) {
                throw ImportError(.content, "\(name) contains an entry named '\(path)' that points outside the package; no genuine Anki package does, so nothing was imported.")
            }
            if collectionNames.contains(path), entries[path] == nil {
                entries[path] = entry
            } else if path != "media", path != "meta", entry.type == .file {
                hasMediaFiles = true
            }
        }
        guard let chosen = collectionNames.first(where: { entries[$0] != nil }), let entry = entries[chosen] else {
            throw ImportError(.content, "\(name) has no Anki collection in it (collection.anki21b, .anki21 or .anki2).")
        }
        let folder: URL
        do {
            folder = try ImportScratch.makeFolder(in: temporaryDirectory)
        } catch {
            throw ImportError(.content, "could not make a temporary folder to read \(name) in: \(error.localizedDescription)")
        }
        defer { ImportScratch.removeFolder(folder) }
        let database = folder.appendingPathComponent("collection.sqlite")
        try extract(entry, of: archive, named: name, compressed: chosen.hasSuffix("b"), to: database)
        do throws(AnkiCollection.Failure) {
            return (try AnkiCollection(path: database.path), hasMediaFiles)
        } catch {
            throw ImportError(.content, "the collection in \(name) is damaged or not an Anki collection (\(error.detail)).")
        }
    }

    /// isUnsafe: an entry name that is absolute or climbs out with `..`.
    package static func isUnsafe(_ path: String) -> Bool {
        path.hasPrefix("/") || path.hasPrefix("\\") || path.contains("\0")
            || path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// extract: writes the collection entry to `target`, decompressing zstd when `compressed`,
    /// with the size and ratio caps checked on the bytes as they come, not on the headers.
    private static func extract(_ entry: Entry, of archive: Archive, named name: String, compressed: Bool, to target: URL) throws(ImportError) {
        let bomb = ImportError(.content, "\(name) expands far beyond any real collection (a zip bomb?); nothing was imported.")
        guard FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = try? FileHandle(forWritingTo: target) else {
            throw ImportError(.content, "could not write a temporary copy of the collection in \(name).")
        }
        defer { try? handle.close() }
        let zipLimit = limit(compressedSize: Int(entry.compressedSize))
        var written = 0
        do {
            // The zstd stream is capped against the zstd bytes read so far, so a lying header
            // cannot raise its allowance.
            let zstd = compressed ? try Zstd(limit: { limit(compressedSize: $0) }) : nil
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                written += chunk.count
                if written > zipLimit { throw bomb }
                if let zstd {
                    try zstd.feed(chunk) { try handle.write(contentsOf: $0) }
                } else {
                    try handle.write(contentsOf: chunk)
                }
            }
            try zstd?.finish()
        } catch let error as ImportError {
            throw error
        } catch Zstd.Failure.tooLarge {
            throw bomb
        } catch let Zstd.Failure.corrupt(reason) {
            throw ImportError(.content, "the collection in \(name) is damaged (zstd: \(reason)).")
        } catch {
            throw ImportError(.content, "the collection in \(name) could not be unpacked; the package is damaged (\(error.localizedDescription)).")
        }
    }

    /// limit: the most `compressedSize` bytes may expand to.
    package static func limit(compressedSize: Int) -> Int {
        min(maximumExpandedBytes, compressedSize.multipliedReportingOverflow(by: maximumRatio).partialValue + ratioAllowance)
    }
}
