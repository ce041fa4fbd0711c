import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// BundledDeckLocationTests: the bundled deck is found beside the binary in both layouts, the
/// installed one first, and a binary with neither gets nil (an error to show), never a crash.
struct BundledDeckLocationTests {
    /// layout: a fake binary at `bin/kuchi` in a fresh folder, plus the given deck files.
    private func layout(_ decks: [String]) throws -> (folder: TemporaryDirectory, executable: URL) {
        let folder = try TemporaryDirectory()
        let executable = folder.path("bin", "kuchi")
        try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: executable)
        for deck in decks {
            let url = folder.url.appendingPathComponent(deck)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        return (folder, executable)
    }

    @Test("an installed binary finds PREFIX/lib/kuchi/decks/challenges.json")
    func installedLayout() throws {
        let (folder, executable) = try layout(["lib/kuchi/decks/challenges.json"])
        #expect(BundledDeckLocation.url(executable: executable)?.path == folder.path("lib", "kuchi", "decks", "challenges.json").path)
    }

    @Test("a binary in the build folder finds SwiftPM's resource bundle beside it")
    func buildLayout() throws {
        let (folder, executable) = try layout(["bin/Kuchi_KuchiDeck.resources/challenges.json"])
        #expect(BundledDeckLocation.url(executable: executable)?.path == folder.path("bin", "Kuchi_KuchiDeck.resources", "challenges.json").path)
    }

    @Test("the installed deck wins over a resource bundle")
    func installedFirst() throws {
        let (folder, executable) = try layout(["lib/kuchi/decks/challenges.json", "bin/Kuchi_KuchiDeck.resources/challenges.json"])
        #expect(BundledDeckLocation.url(executable: executable)?.path == folder.path("lib", "kuchi", "decks", "challenges.json").path)
    }

    @Test("a binary with no deck beside it gets nil, and a folder named like the deck is not a deck")
    func missing() throws {
        let (folder, executable) = try layout([])
        #expect(BundledDeckLocation.url(executable: executable) == nil)
        try FileManager.default.createDirectory(at: folder.path("lib", "kuchi", "decks", "challenges.json"), withIntermediateDirectories: true)
        #expect(BundledDeckLocation.url(executable: executable) == nil)
        #expect(BundledDeckLocation.url(executable: nil) == nil)
    }

    @Test("the test binary itself finds the deck SwiftPM built beside it")
    func runningBinary() throws {
        let executable = try #require(BundledDeckLocation.runningExecutable())
        #expect(executable.path.hasPrefix("/"))
        let deck = try #require(BundledDeckLocation.url())
        #expect(deck.lastPathComponent == BundledDeckLocation.fileName)
    }
}
