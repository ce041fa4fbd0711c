import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// The scratch folder a package is unpacked into (issue 20, item 3): named with the import's
/// PID, and removed at the next import once that process is gone.
struct ImportScratchTests {
    /// goneProcess: a PID no process has (above Linux's largest pid_max).
    static let goneProcess: pid_t = 2_147_483_000

    @Test func staleFoldersOfGoneImportsAreRemovedAtTheNextImport() throws {
        let temporary = try TemporaryDirectory()
        let manager = FileManager.default
        func folder(_ name: String, files: [String] = ["collection.sqlite"]) throws -> URL {
            let url = temporary.path(name)
            try manager.createDirectory(at: url, withIntermediateDirectories: false)
            for file in files { try Data(repeating: 7, count: 4096).write(to: url.appendingPathComponent(file)) }
            return url
        }
        let uuid = UUID().uuidString
        let gone = try folder("kuchi-import-\(Self.goneProcess)-\(uuid)", files: ["collection.sqlite", "collection.sqlite-journal"])
        let running = try folder("kuchi-import-\(getppid())-\(uuid)")
        let mine = try folder("kuchi-import-\(getpid())-\(uuid)")
        let oldPattern = try folder("kuchi-import-\(UUID().uuidString)")
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: oldPattern.path)
        let recentOldPattern = try folder("kuchi-import-\(UUID().uuidString)")
        let notOurs = try folder("kuchi-import-notes", files: ["mine.txt"])
        let goneButForeign = try folder("kuchi-import-\(Self.goneProcess)-\(UUID().uuidString)", files: ["collection.sqlite", "keep.txt"])

        try ImportFixtures.oldCollection(temporary.path("c.db"), notes: HostileImportTests.goodNotes)
        try ImportFixtures.package(temporary.path("p.apkg"), collection: temporary.path("c.db"))
        _ = try DeckImporter(temporaryDirectory: temporary.url).convert(temporary.path("p.apkg"), title: "x")

        #expect(!manager.fileExists(atPath: gone.path))
        #expect(!manager.fileExists(atPath: oldPattern.path))
        for kept in [running, mine, recentOldPattern, notOurs] {
            #expect(manager.fileExists(atPath: kept.appendingPathComponent(kept == notOurs ? "mine.txt" : "collection.sqlite").path))
        }
        #expect(manager.fileExists(atPath: goneButForeign.appendingPathComponent("keep.txt").path))
        // The import's own folder is gone too: only what the test made is left.
        let left = try manager.contentsOfDirectory(atPath: temporary.url.path).filter { $0.hasPrefix("kuchi-import-") }
        #expect(Set(left) == Set([running, mine, recentOldPattern, notOurs, goneButForeign].map(\.lastPathComponent)))
    }

    @Test func theSignalPathRemovesTheRegisteredFolder() throws {
        let temporary = try TemporaryDirectory()
        // Other tests import in parallel: hold the registry so the folder registered is ours.
        ImportScratch.registryLock.lock()
        defer { ImportScratch.registryLock.unlock() }
        let folder = try ImportScratch.makeFolder(in: temporary.url)
        #expect(folder.lastPathComponent.hasPrefix("kuchi-import-\(getpid())-"))
        for name in ImportScratch.fileNames { try Data([1]).write(to: folder.appendingPathComponent(name)) }
        ImportScratch.removeRegistered()
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        ImportScratch.removeFolder(folder)
    }
}
