import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiBase
@testable import KuchiData
@testable import KuchiSync

@Suite("Profile store")
struct ProfileStoreTests {
    let folder: TemporaryDirectory
    let store: ProfileStore

    init() throws {
        folder = try TemporaryDirectory()
        store = ProfileStore(directory: folder.path("kuchi"))
    }

    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.profilesDirectory.path)) ?? []).filter { $0 != ".lock" }.sorted()
    }

    func brokenCopies(of url: URL) -> [URL] {
        names().filter { $0.hasPrefix(url.lastPathComponent + ".broken-") }.map { store.profilesDirectory.appendingPathComponent($0) }
    }

    /// saveGood: a valid profile written by the store itself.
    @discardableResult
    func saveGood(_ name: String = "Sakura", lastUsed: Date = Date(timeIntervalSince1970: 1_700_000_000)) throws -> Profile {
        let profile = Profile(name: name, settings: Settings(numberOfQuestions: 8, cardColor: .green), lastUsed: lastUsed)
        try store.save(profile)
        return profile
    }

    /// BrokenFile: bytes that are not a usable profile, and how the store must classify them.
    struct BrokenFile: Sendable, CustomTestStringConvertible {
        let label: String
        let bytes: Data
        let kind: PersistenceError.Kind
        var testDescription: String { label }
    }

    static let brokenFiles: [BrokenFile] = [
        BrokenFile(label: "garbage", bytes: Data("garbage \u{1}\u{2} not json".utf8), kind: .corrupt),
        BrokenFile(label: "truncated", bytes: Data(#"{"version":1,"profile":{"id":"8E5F"#.utf8), kind: .corrupt),
        BrokenFile(label: "invalid UTF-8", bytes: Data([0x7B, 0x22, 0x76, 0xFF, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D]), kind: .corrupt),
        BrokenFile(label: "empty", bytes: Data(), kind: .corrupt),
        BrokenFile(label: "wrong shape", bytes: Data("[1, 2, 3]".utf8), kind: .corrupt),
        BrokenFile(label: "no profile", bytes: Data(#"{"version":1}"#.utf8), kind: .corrupt),
        BrokenFile(label: "invalid name", bytes: Data("""
            {"version":1,"profile":{"id":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","name":" x ",\
            "settings":{},"lastUsed":"2024-01-01T00:00:00Z"}}
            """.utf8), kind: .corrupt),
        BrokenFile(label: "too large", bytes: Data(repeating: 0x20, count: ProfileStore.maximumFileBytes + 1), kind: .tooLarge),
    ]

    @Test("an unusable file is moved aside with its bytes and reported; good profiles still load", arguments: brokenFiles)
    func brokenFileMovedAside(broken: BrokenFile) throws {
        let good = try saveGood()
        let url = store.fileURL(for: UUID())
        try broken.bytes.write(to: url)

        let result = store.loadAll()
        #expect(result.profiles == [good])
        #expect(result.problems.map(\.kind) == [broken.kind])
        #expect(result.problems.first?.path == url.path)
        #expect(result.problems.first?.message.contains(".broken-") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path), "the original is gone")
        let copies = brokenCopies(of: url)
        #expect(copies.count == 1)
        let copy = try #require(copies.first)
        #expect(copy.lastPathComponent.contains(#/\.json\.broken-\d{8}-\d{6}$/#))
        #expect(try Data(contentsOf: copy) == broken.bytes, "the copy holds the exact original bytes")

        let again = store.loadAll()
        #expect(again.profiles == [good])
        #expect(again.problems.isEmpty, "a moved-aside file is never read again")
    }

    @Test("a profile from a newer Kuchi is left exactly where it is, reported at each load, and never overwritten")
    func newerVersionLeftInPlace() throws {
        let good = try saveGood()
        let newer = Profile(name: "Hinata")
        let url = store.fileURL(for: newer.id)
        let bytes = Data(#"{"version":99,"profile":{"id":"\#(newer.id.uuidString)","name":"Hinata","hologram":true}}"#.utf8)
        try bytes.write(to: url)
        for _ in 0..<2 {
            let result = store.loadAll()
            #expect(result.profiles == [good])
            #expect(result.problems.map(\.kind) == [.newerVersion])
            #expect(result.problems.first?.message.contains("newer Kuchi") == true)
        }
        #expect(throws: PersistenceError.self) { try store.update(newer, fields: [.cardColor]) }
        #expect(throws: PersistenceError.self) { try store.save(newer) }
        #expect(try Data(contentsOf: url) == bytes, "the newer Kuchi finds its file as it left it")
        #expect(brokenCopies(of: url).isEmpty)
    }

    @Test("a file broken twice keeps both copies")
    func brokenTwice() throws {
        let url = store.fileURL(for: UUID())
        try saveGood()
        try Data("first".utf8).write(to: url)
        _ = store.loadAll()
        try Data("second".utf8).write(to: url)
        #expect(store.loadAll().problems.count == 1)
        let contents = try brokenCopies(of: url).map { try Data(contentsOf: $0) }
        #expect(Set(contents) == [Data("first".utf8), Data("second".utf8)])
    }

    @Test("a folder where a profile should be is reported and left alone")
    func folderInPlace() throws {
        let good = try saveGood()
        let url = store.fileURL(for: UUID())
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let result = store.loadAll()
        #expect(result.profiles == [good])
        #expect(result.problems.map(\.kind) == [.unreadable])
        #expect(result.problems.first?.path == url.path)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(brokenCopies(of: url).isEmpty)
    }

    @Test("an interrupted write's temporary file is ignored")
    func strayTemporaryFile() throws {
        let good = try saveGood()
        let stray = store.profilesDirectory.appendingPathComponent(".\(UUID().uuidString.lowercased()).json.tmp-123")
        try Data(#"{"version":1,"prof"#.utf8).write(to: stray)
        let result = store.loadAll()
        #expect(result.profiles == [good])
        #expect(result.problems.isEmpty)
    }

    @Test("files that are not profiles are ignored")
    func otherFilesIgnored() throws {
        let good = try saveGood()
        try Data("notes".utf8).write(to: store.profilesDirectory.appendingPathComponent("README.txt"))
        try Data("junk".utf8).write(to: store.profilesDirectory.appendingPathComponent("old.json.broken-20240101-000000"))
        let result = store.loadAll()
        #expect(result.profiles == [good])
        #expect(result.problems.isEmpty)
        #expect(names().count == 3)
    }

    @Test("saving again replaces the file atomically, leaving no temporary files")
    func atomicReplace() throws {
        var profile = try saveGood()
        profile.name = "Hinata"
        profile.settings.cardColor = .yellow
        try store.save(profile)
        #expect(names() == [store.fileURL(for: profile.id).lastPathComponent])
        #expect(store.loadAll().profiles == [profile])
    }

    @Test("profile files are private to the user")
    func privateFiles() throws {
        let profile = try saveGood()
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL(for: profile.id).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("the file is versioned JSON that a person can read")
    func fileFormat() throws {
        let profile = try saveGood()
        let data = try Data(contentsOf: store.fileURL(for: profile.id))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == ProfileStore.schemaVersion)
        let saved = try #require(object["profile"] as? [String: Any])
        #expect(saved["name"] as? String == "Sakura")
        #expect(saved["lastUsed"] as? String == "2023-11-14T22:13:20Z")
    }

    @Test("unknown or out-of-range settings fall back per field")
    func lenientSettings() throws {
        let id = UUID()
        let json = """
        {"version":1,"profile":{"id":"\(id.uuidString)","name":"Sakura","lastUsed":"2024-01-01T00:00:00Z",
         "settings":{"numberOfQuestions":99,"appearance":"neon","learningEnabled":false,"cardColor":"red"}}}
        """
        try FileManager.default.createDirectory(at: store.profilesDirectory, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: store.fileURL(for: id))
        let profile = try #require(store.loadAll().profiles.first)
        #expect(profile.settings == Settings(numberOfQuestions: 20, appearance: .terminal, learningEnabled: false, cardColor: .red))
    }

    @Test("profiles are listed last used first")
    func sortedByLastUsed() throws {
        let old = try saveGood("Aki", lastUsed: Date(timeIntervalSince1970: 1_000))
        let newest = try saveGood("Ben", lastUsed: Date(timeIntervalSince1970: 3_000))
        let middle = try saveGood("Chie", lastUsed: Date(timeIntervalSince1970: 2_000))
        #expect(store.loadAll().profiles == [newest, middle, old])
    }

    @Test("no profiles folder yet is not a problem")
    func nothingSavedYet() {
        let result = store.loadAll()
        #expect(result.profiles.isEmpty)
        #expect(result.problems.isEmpty)
    }

    @Test("deleting removes the file; deleting a missing profile is fine")
    func delete() throws {
        let profile = try saveGood()
        try store.delete(profile.id)
        #expect(names().isEmpty)
        try store.delete(profile.id)
        try store.delete(UUID())
    }

    @Test("the config folder honours XDG_CONFIG_HOME, else HOME/.config", arguments: [
        (["XDG_CONFIG_HOME": "/xdg/config", "HOME": "/home/sakura"], "/xdg/config/kuchi"),
        (["HOME": "/home/sakura"], "/home/sakura/.config/kuchi"),
        (["XDG_CONFIG_HOME": "", "HOME": "/home/sakura"], "/home/sakura/.config/kuchi"),
        (["XDG_CONFIG_HOME": "relative/config", "HOME": "/home/sakura"], "/home/sakura/.config/kuchi"),
    ])
    func defaultDirectory(environment: [String: String], expected: String) {
        #expect(ProfileStore.defaultDirectory(environment: environment).path == expected)
    }
}
