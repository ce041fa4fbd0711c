import Foundation
import KuchiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ProfileStore: the learners' profiles on disk, one JSON file each.
///
/// Layout: `<directory>/profiles/<uuid>.json`, each `{"version": 1, "profile": {...}}`. One file
/// per profile lets several learners share a machine and keeps one broken file from taking the
/// others with it. A file that cannot be used is moved aside, never overwritten; one from a
/// newer Kuchi is left exactly where it is.
///
/// Every change is a read-modify-write of just the named fields, under `profiles/.lock`, so two
/// Kuchi windows (two processes) never undo each other, and a profile deleted in one window is
/// never written back by the other (`update` changes only a file that exists).
public struct ProfileStore: Sendable {
    /// schemaVersion: the file format this build writes and reads.
    public static let schemaVersion = 1
    /// maximumFileBytes: a profile is a few hundred bytes; anything this large is not ours, and is
    /// refused before it is read into memory.
    public static let maximumFileBytes = 1 << 20
    /// lockFileName: the advisory lock every change holds (a dot file, never listed as a profile).
    package static let lockFileName = ".lock"

    /// directory: Kuchi's config folder (`…/kuchi`); profiles live in `profiles/` below it.
    public let directory: URL
    /// lockTimeout: how long a change waits for another window's change to finish.
    public var lockTimeout: Duration
    /// readOnly: reading changes nothing on disk — a damaged file is reported, not moved aside,
    /// and no leftover is removed (`kuchi sync --status` only looks).
    public var readOnly = false

    public init(directory: URL, lockTimeout: Duration = .seconds(2)) {
        self.directory = directory
        self.lockTimeout = lockTimeout
    }

    /// defaultDirectory: `$XDG_CONFIG_HOME/kuchi`, else `~/.config/kuchi`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("kuchi")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent("kuchi")
    }

    /// profilesDirectory: `<directory>/profiles`, the folder of profile files and the lock.
    package var profilesDirectory: URL {
        directory.appendingPathComponent("profiles")
    }

    /// fileURL: where profile `id` is saved (the UUID in lowercase).
    package func fileURL(for id: UUID) -> URL {
        profilesDirectory.appendingPathComponent("\(id.uuidString.lowercased()).json")
    }

    // MARK: Reading

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
        if !readOnly { removeAbandonedTemporaryFiles(names) }
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            do throws(PersistenceError) {
                if let profile = try load(profilesDirectory.appendingPathComponent(name)) { result.profiles.append(profile) }
            } catch {
                result.problems.append(error)
            }
        }
        result.profiles.sort { $0.lastUsed > $1.lastUsed }
        return result
    }

    /// profile: the saved profile `id` as it is on disk now; nil when it has no file.
    public func profile(_ id: UUID) throws(PersistenceError) -> Profile? {
        try load(fileURL(for: id))
    }

    /// load: one profile file; nil when there is none; an error (after moving a damaged or
    /// oversized file aside) when it cannot be used.
    package func load(_ url: URL) throws(PersistenceError) -> Profile? {
        guard let data = try contents(at: url) else { return nil }
        let profile: Profile
        do throws(ProfileDocument.Problem) {
            profile = try ProfileDocument.profile(reading: data)
        } catch {
            throw problem(error, at: url)
        }
        guard Profile.isValidName(profile.name.trimmingSpacesAndNewlines()) else {
            throw moveAside(url, kind: .corrupt, reason: "its name is not valid")
        }
        return profile
    }

    /// document: the file at `url` parsed for changing; nil when there is no file. The size and
    /// kind are judged on the opened file, so a symlink is judged by what it points to.
    private func document(at url: URL) throws(PersistenceError) -> ProfileDocument? {
        guard let data = try contents(at: url) else { return nil }
        do throws(ProfileDocument.Problem) {
            return try ProfileDocument(data: data)
        } catch {
            throw problem(error, at: url)
        }
    }

    /// contents: the bytes of the profile file at `url`; nil when there is none.
    private func contents(at url: URL) throws(PersistenceError) -> Data? {
        do throws(BoundedFile.Failure) {
            return try BoundedFile.contents(of: url, limit: Self.maximumFileBytes)
        } catch {
            switch error {
            case .missing: return nil
            case .folder: throw PersistenceError(.unreadable, path: url.path, "\(url.path) is a folder, not a profile; it was left alone.")
            case .tooLarge(let size): throw moveAside(url, kind: .tooLarge, reason: "it is \(size / 1024) KiB, far too large for a profile")
            case .notRegular, .unreadable:
                throw PersistenceError(.unreadable, path: url.path,
                                       "Could not read the profile \(url.path) (it is not a regular file, or check its permissions); it was left alone.")
            }
        }
    }

    /// problem: what a file that is not a profile this build reads becomes: a damaged one is
    /// moved aside, a newer one left as it is.
    private func problem(_ problem: ProfileDocument.Problem, at url: URL) -> PersistenceError {
        switch problem {
        case .damaged: return moveAside(url, kind: .corrupt, reason: "it is damaged (not a Kuchi profile)")
        case .newer(let version):
            return PersistenceError(.newerVersion, path: url.path,
                                    "The profile \(url.lastPathComponent) was written by a newer Kuchi (format \(version); this one reads \(Self.schemaVersion)); it was left as it is.")
        }
    }

    // MARK: Changing

    /// CreateResult: what `create` did.
    public enum CreateResult: Equatable, Sendable {
        /// created: the new profile's file was written.
        case created
        /// nameTaken: another saved profile already has this name (see `Profile.isNamed`);
        /// nothing was written.
        case nameTaken(Profile)
    }

    /// create: saves a new learner's profile, unless a saved profile already has its name. The
    /// name check and the write happen under one lock, so two windows cannot both create it.
    public func create(_ profile: Profile) throws(PersistenceError) -> CreateResult {
        try locked(fileURL(for: profile.id)) { () throws(PersistenceError) -> CreateResult in
            if let taken = loadAll().profiles.first(where: { $0.id != profile.id && $0.isNamed(profile.name) }) {
                return .nameTaken(taken)
            }
            // A learner's settings live in the learner database; the file keeps this machine's part.
            try write(profile, fields: ProfileField.local, creating: true)
            return .created
        }
    }

    /// save: writes all of `profile`, creating its file when missing; keys this build does not
    /// know are kept. (Kuchi itself uses `create` and `update`; this is for tests and tools.)
    public func save(_ profile: Profile) throws(PersistenceError) {
        try locked(fileURL(for: profile.id)) { () throws(PersistenceError) -> Void in
            _ = try write(profile, fields: ProfileField.allCases, creating: true)
        }
    }

    /// update: writes only `fields` of `profile` into its file as it is on disk now, and returns
    /// the profile as saved (with other windows' changes); nil — writing nothing — when the file
    /// is gone (the learner chose Forget me elsewhere: it must stay forgotten).
    public func update(_ profile: Profile, fields: some Sequence<ProfileField>) throws(PersistenceError) -> Profile? {
        try locked(fileURL(for: profile.id)) { () throws(PersistenceError) -> Profile? in
            try write(profile, fields: Array(fields), creating: false)
        }
    }

    /// delete: removes a saved profile (Forget me, or Remember me turned off for this learner).
    /// Only the file itself is removed: a folder in its place is reported and left alone.
    public func delete(_ id: UUID) throws(PersistenceError) {
        let url = fileURL(for: id)
        guard FileManager.default.fileExists(atPath: profilesDirectory.path) else { return }
        try locked(url) { () throws(PersistenceError) in
            guard unlink(url.path) != 0 else { return }
            let code = errno
            if code == ENOENT { return }
            let reason = code == EISDIR ? "a folder is in its place; it was left alone" : String(cString: strerror(code)).lowercased()
            throw PersistenceError(.unwritable, path: url.path, "Could not delete the saved profile \(url.path): \(reason).")
        }
    }

    /// write: the read-modify-write itself; call with the lock held. Returns nil (and writes
    /// nothing) when the file is missing and `creating` is false.
    @discardableResult
    private func write(_ profile: Profile, fields: [ProfileField], creating: Bool) throws(PersistenceError) -> Profile? {
        let url = fileURL(for: profile.id)
        let existing: ProfileDocument?
        do throws(PersistenceError) {
            existing = try self.document(at: url)
        } catch {
            throw PersistenceError(error.kind, path: url.path, error.message + " Your change was not saved.")
        }
        guard var document = existing else {
            guard creating else { return nil }
            return try replace(url, with: try newDocument(profile, fields: fields))
        }
        do throws(ProfileDocument.Problem) {
            try document.set(fields, from: profile)
        } catch {
            throw PersistenceError(.unwritable, path: url.path, "Could not encode your profile; nothing was saved.")
        }
        return try replace(url, with: document)
    }

    /// newDocument: a file's worth of JSON for a profile that has no file yet.
    private func newDocument(_ profile: Profile, fields: [ProfileField]) throws(PersistenceError) -> ProfileDocument {
        do throws(ProfileDocument.Problem) {
            return try ProfileDocument(profile, fields: fields)
        } catch {
            throw PersistenceError(.unwritable, path: fileURL(for: profile.id).path, "Could not encode your profile; nothing was saved.")
        }
    }

    /// replace: writes `document` over `url` atomically and returns what it now holds.
    private func replace(_ url: URL, with document: ProfileDocument) throws(PersistenceError) -> Profile {
        let data: Data
        let saved: Profile
        do throws(ProfileDocument.Problem) {
            data = try document.data()
            saved = try document.profile()
        } catch {
            throw PersistenceError(.unwritable, path: url.path, "Could not encode your profile; nothing was saved.")
        }
        try AtomicFile.write(data, to: url)
        return saved
    }

    /// locked: runs `body` holding `profiles/.lock`, creating the folders on first use.
    private func locked<T>(_ target: URL, _ body: () throws(PersistenceError) -> T) throws(PersistenceError) -> T {
        do {
            try FileManager.default.createDirectory(at: profilesDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw PersistenceError(.unwritable, path: profilesDirectory.path,
                                   "Could not create \(profilesDirectory.path) to save your profile; nothing was saved.")
        }
        return try DirectoryLock.withLock(profilesDirectory.appendingPathComponent(Self.lockFileName), target: target,
                                          timeout: lockTimeout, body)
    }

    /// encoder: how a `Profile` becomes JSON values (ISO 8601 dates, as the file stores them).
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// decoder: the matching decoder.
    package static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
