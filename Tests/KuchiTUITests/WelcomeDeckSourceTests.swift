import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiDeck
@testable import KuchiData

/// WelcomeDeckSourceTests: the first screen over a deck file read through its cache's word table
/// (issue 39) is the screen the decoded deck gives — greeting, counts, deck line — and the deck
/// is decoded only when Start asks for its words.
@MainActor
@Suite("Welcome over a deck source")
struct WelcomeDeckSourceTests {
    @Test("Welcome shows the decoded deck's screen without decoding it; Start decodes it and asks one of its words")
    func welcome() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-welcome-source-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("deck.json")
        try FileManager.default.copyItem(at: try #require(BundledDeckLocation.url()), to: url)
        let cache = DeckCache(dataDirectory: folder, clock: { Date(timeIntervalSinceNow: 10) })
        let deck = try Deck.load(from: url, cache: cache)
        let source = DeckSource(file: url, cache: cache)
        let lazy = Pilot(route: .welcome, database: LearnerDatabase.open(directory: folder.appendingPathComponent("a")), source: source)
        let decoded = Pilot(deck: deck, route: .welcome, database: LearnerDatabase.open(directory: folder.appendingPathComponent("b")))
        #expect(lazy.contains("Welcome to Kuchi") && lazy.contains("\(deck.heading) · all categories · N5"))
        #expect(lazy.lines == decoded.lines)
        #expect(!source.isDecoded, "the first screen read the outline and the word table only")
        lazy.press(.enter)
        #expect(source.isDecoded)
        let asked = try #require(lazy.quiz.currentTest?.challenge)
        #expect(deck.challenges.contains(asked) && asked.level == 5)
        #expect(lazy.contains("Answered 0/3") && lazy.contains(asked.answer), "its answer is among the choices")
    }

    @Test("Settings shows the deck and its categories from the outline: opening it decodes nothing")
    func settings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-settings-source-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("deck.json")
        try FileManager.default.copyItem(at: try #require(BundledDeckLocation.url()), to: url)
        let cache = DeckCache(dataDirectory: folder, clock: { Date(timeIntervalSinceNow: 10) })
        let deck = try Deck.load(from: url, cache: cache)
        let source = DeckSource(file: url, cache: cache)
        let lazy = Pilot(route: .settings, database: LearnerDatabase.open(directory: folder.appendingPathComponent("a")), source: source)
        let decoded = Pilot(deck: deck, route: .settings, database: LearnerDatabase.open(directory: folder.appendingPathComponent("b")))
        #expect(lazy.contains(deck.title) && lazy.contains("All \(deck.categories.count)"))
        #expect(lazy.lines == decoded.lines)
        #expect(!source.isDecoded, "Settings read the outline only")
    }
}
