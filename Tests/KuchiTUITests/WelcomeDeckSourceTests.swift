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
        let (folder, deck, source) = try Self.bundledCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (lazy, decoded) = Self.pilots(route: .welcome, folder: folder, deck: deck, source: source)
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
        let (folder, deck, source) = try Self.bundledCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (lazy, decoded) = Self.pilots(route: .settings, folder: folder, deck: deck, source: source)
        #expect(lazy.contains(deck.heading) && lazy.contains("All \(deck.categories.count)"), "the heading Welcome and the deck picker show")
        #expect(lazy.lines == decoded.lines)
        #expect(!source.isDecoded, "Settings read the outline only")
        // The bundled deck keeps its old title as its key; Settings names it as Welcome and the
        // deck picker do.
        let bundled = Pilot(route: .settings, source: DeckSource.bundled(cache: nil))
        #expect(bundled.contains(Deck.bundledHeading) && !bundled.contains(Deck.bundledTitle), "\(bundled.lines.joined(separator: "\n"))")
    }

    /// bundledCopy: a folder holding a copy of the bundled deck file, the deck decoded through a
    /// cache there (which writes the word table) and a source over the same file.
    static func bundledCopy() throws -> (folder: URL, deck: Deck, source: DeckSource) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-deck-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("deck.json")
        try FileManager.default.copyItem(at: try #require(BundledDeckLocation.url()), to: url)
        let cache = DeckCache(dataDirectory: folder, clock: { Date(timeIntervalSinceNow: 10) })
        return (folder, try Deck.load(from: url, cache: cache), DeckSource(file: url, cache: cache))
    }

    /// pilots: the app on `route` over the source (lazy) and over the decoded deck, each with a
    /// database of its own.
    static func pilots(route: Route, folder: URL, deck: Deck, source: DeckSource) -> (lazy: Pilot, decoded: Pilot) {
        (Pilot(route: route, database: LearnerDatabase.open(directory: folder.appendingPathComponent("a")), source: source),
         Pilot(deck: deck, route: route, database: LearnerDatabase.open(directory: folder.appendingPathComponent("b"))))
    }
}
