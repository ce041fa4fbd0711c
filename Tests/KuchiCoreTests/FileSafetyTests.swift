import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData
#if canImport(Glibc)
import Glibc
#endif

/// FileSafetyTests: Kuchi deletes only what it created, and judges a path by what it points to.
@MainActor
@Suite("File safety")
struct FileSafetyTests {
    let folder: TemporaryDirectory
    let store: ProfileStore
    let time = ClockBox()
    /// deadPID: a process id no process can have (above Linux's largest pid_max), so the
    /// "writer is gone" condition holds for certain.
    let deadPID: pid_t = 2_147_483_646

    init() throws {
        folder = try TemporaryDirectory()
        store = ProfileStore(directory: folder.path("kuchi"))
        try FileManager.default.createDirectory(at: store.profilesDirectory, withIntermediateDirectories: true)
    }

    func exists(_ name: String) -> Bool {
        var info = stat()
        return lstat(store.profilesDirectory.appendingPathComponent(name).path, &info) == 0
    }

    // MARK: Temporary files

    @Test("only regular files with AtomicFile's exact temporary name, of a dead writer, are removed")
    func abandonedTemporaryFiles() throws {
        let profile = Profile(name: "Sakura", lastUsed: Date(timeIntervalSince1970: 1_000))
        try store.save(profile)
        let target = store.fileURL(for: profile.id).lastPathComponent
        let abandoned = AtomicFile.temporaryName(for: target, pid: deadPID, nonce: 42)
        let directory = store.profilesDirectory
        try Data("half a profile".utf8).write(to: directory.appendingPathComponent(abandoned))

        // Everything below must survive.
        let folderName = AtomicFile.temporaryName(for: target, pid: deadPID, nonce: 7)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(folderName).appendingPathComponent("photos"),
                                                withIntermediateDirectories: true)
        let outside = folder.path("precious.txt")
        try Data("precious".utf8).write(to: outside)
        let linkName = AtomicFile.temporaryName(for: target, pid: deadPID, nonce: 8)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent(linkName), withDestinationURL: outside)
        let live = AtomicFile.temporaryName(for: target, pid: getpid(), nonce: 9)
        let others = [".notes.tmp-\(deadPID)-1", ".\(target).tmp-\(deadPID)", ".\(target).tmp-\(deadPID)-1-2", ".\(target).tmp--\(deadPID)-1",
                      ".\(target).tmp-\(deadPID)-x", "\(target).tmp-\(deadPID)-1", ".\(target.uppercased()).tmp-\(deadPID)-1", live]
        for name in others { try Data("keep".utf8).write(to: directory.appendingPathComponent(name)) }

        let result = store.loadAll()
        #expect(result.profiles == [profile] && result.problems.isEmpty)
        #expect(!exists(abandoned), "Kuchi's own abandoned temporary file is removed")
        #expect(exists(folderName) && FileManager.default.fileExists(atPath: directory.appendingPathComponent(folderName).appendingPathComponent("photos").path),
                "a folder is never removed")
        #expect(exists(linkName) && (try? Data(contentsOf: outside)) == Data("precious".utf8), "a symlink and its target are never removed")
        for name in others { #expect(exists(name), "\(name) is not Kuchi's temporary file") }
    }

    @Test("TemporaryName accepts exactly .<target>.tmp-<pid>-<nonce>", arguments: [
        (".a.json.tmp-12-34", "a.json", Int32(12)), (".x.tmp-y.tmp-1-2", "x.tmp-y", Int32(1)), (".a.json.tmp-0-1", nil, nil),
        (".a.json.tmp-12", nil, nil), (".a.json.tmp-12-34-5", nil, nil), (".a.json.tmp-+12-34", nil, nil), (".a.json.tmp-12-99999999999", nil, nil),
        ("a.json.tmp-12-34", nil, nil), ("..tmp-12-34", nil, nil), (".a.json.tmp-١٢-34", nil, nil), (".a.json.tmp-12-", nil, nil),
    ] as [(String, String?, Int32?)])
    func temporaryNamePattern(name: String, target: String?, pid: Int32?) {
        let parsed = AtomicFile.TemporaryName(name)
        #expect(parsed?.target == target && parsed?.pid == pid)
    }

    @Test("the names AtomicFile writes parse back to their target and writer")
    func temporaryNameRoundTrip() {
        let name = AtomicFile.temporaryName(for: "x.json", pid: 4321, nonce: UInt32.max)
        #expect(AtomicFile.TemporaryName(name) == AtomicFile.TemporaryName(".x.json.tmp-4321-\(UInt32.max)"))
        #expect(AtomicFile.TemporaryName(name)?.target == "x.json" && AtomicFile.TemporaryName(name)?.pid == 4321)
    }

    @Test("Forget me with a folder where the profile file was: the folder and its contents are kept")
    func forgetNeverRemovesAFolder() throws {
        let user = UserManager(store: store, clock: time.clock)
        user.register(name: "Sakura", rememberMe: true)
        let file = store.fileURL(for: try #require(user.profileID))
        try FileManager.default.removeItem(at: file)
        let inside = file.appendingPathComponent("keep-me")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        user.forget()
        #expect(FileManager.default.fileExists(atPath: inside.path))
        #expect(user.problem?.contains("a folder is in its place") == true, "\(user.problem ?? "no problem")")
    }

    // MARK: Size of what a path points to

    @Test("a symlink to a 100 MB file is refused as too large by its target's size, without reading it")
    func symlinkToHugeFile() throws {
        let good = Profile(name: "Sakura", lastUsed: Date(timeIntervalSince1970: 1_000))
        try store.save(good)
        let huge = folder.path("huge.json")
        let size = 100 * 1024 * 1024
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil) && truncate(huge.path, off_t(size)) == 0)  // sparse
        let link = store.fileURL(for: UUID())
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: huge)

        let result = store.loadAll()
        #expect(result.profiles == [good])
        // Read and parsed, 100 MB of zero bytes would have been classified as damaged (.corrupt).
        #expect(result.problems.map(\.kind) == [.tooLarge])
        #expect(result.problems.first?.message.contains("\(size / 1024) KiB") == true)
        var info = stat()
        #expect(stat(huge.path, &info) == 0 && Int(info.st_size) == size, "the target is untouched")
        #expect(!exists(link.lastPathComponent), "the link was moved aside")
    }

    @Test("a symlink to a small profile elsewhere is followed and loads")
    func symlinkToProfileLoads() throws {
        let elsewhere = ProfileStore(directory: folder.path("elsewhere"))
        let profile = Profile(name: "Hinata", lastUsed: Date(timeIntervalSince1970: 1_000))
        try elsewhere.save(profile)
        try FileManager.default.createSymbolicLink(at: store.fileURL(for: profile.id), withDestinationURL: elsewhere.fileURL(for: profile.id))
        #expect(store.loadAll().profiles == [profile])
    }

    @Test("BoundedFile refuses folders, devices, FIFOs and oversized files by the opened file")
    func boundedFileKinds() async throws {
        let fifo = folder.path("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let zeroLink = folder.path("zero")
        try FileManager.default.createSymbolicLink(at: zeroLink, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
        let small = folder.path("small")
        try Data("12345".utf8).write(to: small)
        let cases: [(URL, Int, BoundedFile.Failure?)] = [
            (folder.url, 10, .folder), (fifo, 10, .notRegular), (zeroLink, 10, .notRegular), (small, 4, .tooLarge(5)),
            (folder.path("missing"), 10, .missing), (small, 5, nil),
        ]
        for (url, limit, expected) in cases {
            let outcome = try #require(await finishes(within: 10) { () -> BoundedFile.Failure? in
                do throws(BoundedFile.Failure) {
                    _ = try BoundedFile.contents(of: url, limit: limit)
                    return nil
                } catch {
                    return error
                }
            } as BoundedFile.Failure??, "\(url.path) blocked")
            #expect(outcome == expected, "\(url.lastPathComponent)")
        }
    }
}
