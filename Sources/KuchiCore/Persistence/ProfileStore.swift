import Foundation

/// ProfileStore: the learners' profiles on disk, one JSON file each.
///
/// Layout: `<directory>/profiles/<uuid>.json`, each `{"version": 1, "profile": {...}}`. One file
/// per profile lets several learners share a machine and keeps one broken file from taking the
/// others with it. A file that cannot be used is moved aside, never overwritten.
public struct ProfileStore: Sendable {
    /// schemaVersion: the file format this build writes and reads.
    public static let schemaVersion = 1
    /// maximumFileBytes: a profile is a few hundred bytes; anything this large is not ours, and is
    /// refused before it is read into memory.
    public static let maximumFileBytes = 1 << 20

    /// directory: Kuchi's config folder (`…/kuchi`); profiles live in `profiles/` below it.
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// defaultDirectory: `$XDG_CONFIG_HOME/kuchi`, else `~/.config/kuchi`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("kuchi")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent("kuchi")
    }

    var profilesDirectory: URL {
        directory.appendingPathComponent("profiles")
    }

    func fileURL(for id: UUID) -> URL {
        profilesDirectory.appendingPathComponent("\(id.uuidString.lowercased()).json")
    }

    /// LoadResult: the usable profiles, last used first, and what was wrong with the rest.
    public struct LoadResult: Sendable {
        public var profiles: [Profile]
        public var problems: [PersistenceError]
    }

    /// loadAll: reads every profile; broken files are moved aside and reported, not fatal.
    public func loadAll() -> LoadResult {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)
        } catch {
            let exists = FileManager.default.fileExists(atPath: profilesDirectory.path)
            let problem = PersistenceError(.unreadable, path: profilesDirectory.path,
                                           "Could not read the profiles folder \(profilesDirectory.path); starting without saved profiles.")
            return LoadResult(profiles: [], problems: exists ? [problem] : [])
        }
        var result = LoadResult(profiles: [], problems: [])
        removeAbandonedTemporaryFiles(names)
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let url = profilesDirectory.appendingPathComponent(name)
            do throws(PersistenceError) {
                result.profiles.append(try load(url))
            } catch {
                result.problems.append(error)
            }
        }
        result.profiles.sort { $0.lastUsed > $1.lastUsed }
        return result
    }

    /// load: one profile file, or an error after moving the file aside.
    func load(_ url: URL) throws(PersistenceError) -> Profile {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw PersistenceError(.unreadable, path: url.path, "\(url.path) is a folder, not a profile; it was left alone.")
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
        if size > Self.maximumFileBytes {
            throw moveAside(url, kind: .tooLarge, reason: "it is \(size / 1024) KiB, far too large for a profile")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw PersistenceError(.unreadable, path: url.path,
                                   "Could not read the profile \(url.path) (check its permissions); it was left alone.")
        }
        let file: ProfileFile
        do {
            let header = try JSONDecoder().decode(VersionHeader.self, from: data)
            if header.version > Self.schemaVersion {
                throw moveAside(url, kind: .newerVersion,
                                reason: "it was written by a newer Kuchi (format \(header.version), this one reads \(Self.schemaVersion))")
            }
            file = try Self.decoder.decode(ProfileFile.self, from: data)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw moveAside(url, kind: .corrupt, reason: "it is damaged (not a Kuchi profile)")
        }
        let name = file.profile.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard UserManager.isValidName(name) else {
            throw moveAside(url, kind: .corrupt, reason: "its name is not valid")
        }
        return file.profile
    }

    /// save: writes the profile atomically, creating the folders on first use.
    public func save(_ profile: Profile) throws(PersistenceError) {
        do {
            try FileManager.default.createDirectory(at: profilesDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw PersistenceError(.unwritable, path: profilesDirectory.path,
                                   "Could not create \(profilesDirectory.path) to save your profile; nothing was saved.")
        }
        let data: Data
        do {
            data = try Self.encoder.encode(ProfileFile(version: Self.schemaVersion, profile: profile))
        } catch {
            throw PersistenceError(.unwritable, path: fileURL(for: profile.id).path, "Could not encode your profile; nothing was saved.")
        }
        try AtomicFile.write(data, to: fileURL(for: profile.id))
    }

    /// delete: removes a saved profile (Remember me off, or Forget me).
    public func delete(_ id: UUID) throws(PersistenceError) {
        let url = fileURL(for: id)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw PersistenceError(.unwritable, path: url.path, "Could not delete the saved profile \(url.path).")
        }
    }

    /// removeAbandonedTemporaryFiles: a save killed between writing its temporary file and the
    /// rename leaves `.<name>.tmp-<pid>-<n>` behind (the profile itself is intact). Remove those
    /// whose process is gone; a live process may still be about to rename its own.
    private func removeAbandonedTemporaryFiles(_ names: [String]) {
        for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
            let parts = name.components(separatedBy: ".tmp-").last?.split(separator: "-") ?? []
            guard let pid = parts.first.flatMap({ Int32($0) }), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: profilesDirectory.appendingPathComponent(name))
        }
    }

    /// moveAside: renames an unusable file to `<name>.broken-<timestamp>` so it is kept for the
    /// learner (or a newer Kuchi) but never read or overwritten again.
    private func moveAside(_ url: URL, kind: PersistenceError.Kind, reason: String) -> PersistenceError {
        let stamp = Self.stampFormatter.string(from: Date())
        var target = url.appendingPathExtension("broken-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            attempt += 1
            target = url.appendingPathExtension("broken-\(stamp)-\(attempt)")
        }
        do {
            try FileManager.default.moveItem(at: url, to: target)
            return PersistenceError(kind, path: url.path,
                                    "The profile \(url.lastPathComponent) could not be used because \(reason); it was kept as \(target.lastPathComponent).")
        } catch {
            return PersistenceError(kind, path: url.path,
                                    "The profile \(url.lastPathComponent) could not be used because \(reason); it was left in place.")
        }
    }

    private struct VersionHeader: Decodable {
        let version: Int
    }

    private struct ProfileFile: Codable {
        let version: Int
        let profile: Profile
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static var stampFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }
}
