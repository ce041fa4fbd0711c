import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// DeckFileLimitTests: a deck's size limit applies to what the path points to.
@Suite("Deck file limits")
struct DeckFileLimitTests {
    @Test("a symlink to an oversized file is refused as too large, without reading it")
    func symlinkToHugeFile() throws {
        let folder = try TemporaryDirectory()
        let huge = folder.file("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(Deck.maximumBytes) + 1)  // sparse: costs no disk
        try handle.close()
        let link = folder.file("deck.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: huge)
        let error = #expect(throws: DeckError.self) { try Deck.load(from: link) }
        #expect(error?.problems.map(\.kind) == [.tooLarge])
    }

    @Test("a symlink to nothing is a missing file; a folder is not a deck")
    func danglingAndFolder() throws {
        let folder = try TemporaryDirectory()
        let link = folder.file("deck.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.file("nowhere.json"))
        #expect((#expect(throws: DeckError.self) { try Deck.load(from: link) })?.problems.first?.message.contains("no such file") == true)
        #expect((#expect(throws: DeckError.self) { try Deck.load(from: folder.url) })?.problems.first?.message.contains("directory") == true)
    }
}
