import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// DeckLibrary: where imported decks live, how they are named, saved and found again.
struct DeckLibraryTests {
    static let deck = DeckJSON.data([("ねこ", "neko", "cat"), ("いぬ", "inu", "dog"), ("とり", "tori", "bird")])

    @Test func dataDirectoryFollowsXDG() {
        #expect(DeckLibrary.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path == "/x/data/kuchi")
        #expect(DeckLibrary.defaultDataDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path == "/h/.local/share/kuchi")
        #expect(DeckLibrary(environment: ["HOME": "/h"]).directory.path == "/h/.local/share/kuchi/decks")
    }

    @Test(arguments: ["a/b", ".hidden", "..", "", " ", "tab\tname", String(repeating: "n", count: 201)])
    func refusesNamesThatAreNotPlainFileNames(_ name: String) {
        #expect(throws: ImportError.self) { try DeckLibrary.checkName(name) }
    }

    @Test func savesListsAndRefusesToOverwriteUnlessAsked() throws {
        let folder = try TemporaryDirectory()
        let library = DeckLibrary(dataDirectory: folder.url)
        #expect(library.names().isEmpty)
        try library.save(Self.deck, as: "n5 words", replace: false)
        try library.save(Self.deck, as: "animals", replace: false)
        #expect(library.names() == ["animals", "n5 words"])
        #expect(throws: ImportError(.usage, "a deck named \"animals\" already exists; choose another --name or add --replace to overwrite it.")) {
            try library.save(Data("changed".utf8), as: "animals", replace: false)
        }
        #expect(try Data(contentsOf: library.fileURL(for: "animals")) == Self.deck)
        try library.save(Data("changed".utf8), as: "animals", replace: true)
        #expect(try Data(contentsOf: library.fileURL(for: "animals")) == Data("changed".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: library.directory.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
    }

    @Test func resolvesAFileANameOrTheBundledDeck() throws {
        let folder = try TemporaryDirectory()
        let library = DeckLibrary(dataDirectory: folder.path("data"))
        try library.save(Self.deck, as: "mine", replace: false)
        #expect(try library.resolve("mine").challenges.count == 3)
        #expect(try library.resolve("mine.json").challenges.count == 3)
        #expect(try library.resolve(library.fileURL(for: "mine").path).challenges.count == 3)
        #expect(try library.resolve("challenges").challenges.count == (try Deck.bundled()).challenges.count)
        do {
            _ = try library.resolve("nothing")
            Issue.record("an unknown deck resolved")
        } catch {
            #expect(error.problems.first?.message == "there is no such file and no imported deck of that name; imported decks: mine")
        }
        #expect(throws: DeckError.self) { try library.resolve("no/such/file.json") }
    }
}
