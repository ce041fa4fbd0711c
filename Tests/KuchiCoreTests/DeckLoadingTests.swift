import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

@Suite("Deck loading and reporting")
struct DeckLoadingTests {
    // MARK: Files

    @Test("a missing file is unreadable")
    func missingFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("nowhere.json")
        do {
            _ = try Deck.load(from: url)
            Issue.record("a missing file loaded")
        } catch {
            #expect(keys(error.problems) == [ProblemKey(.unreadable)])
            #expect(error.source == url.path)
        }
    }

    @Test("a directory is unreadable")
    func directoryIsUnreadable() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        do {
            _ = try Deck.load(from: url)
            Issue.record("a directory loaded as a deck")
        } catch {
            #expect(keys(error.problems) == [ProblemKey(.unreadable)])
        }
    }

    @Test("a valid deck file loads")
    func loadsFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("deck.json")
        try DeckJSON.data(DeckJSON.greetings).write(to: url)
        let deck = try Deck.load(from: url)
        #expect(deck.challenges.map(\.question) == DeckJSON.greetings.map(\.0))
    }

    @Test("a file over the size limit is refused before it is read")
    func tooLargeFile() throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("huge.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(Deck.maximumBytes + 1))  // sparse: no real disk use
        try handle.close()
        do {
            _ = try Deck.load(from: url)
            Issue.record("an oversized file loaded")
        } catch {
            #expect(keys(error.problems) == [ProblemKey(.tooLarge)])
        }
    }

    @Test("data over the size limit is refused by decode")
    func tooLargeData() {
        let data = Data(count: Deck.maximumBytes + 1)
        #expect(keys(deckProblems(data)) == [ProblemKey(.tooLarge)])
    }

    // MARK: Reporting

    @Test("the error's first line names the source and counts the problems")
    func errorDescription() {
        let twoProblems = DeckJSON.data([("はい", "hai", "Yes"), ("はい", "hai", "yes"), ("いいえ", "iie", "No")])
        do {
            _ = try Deck.decode(twoProblems, source: "mine.json")
            Issue.record("the deck was accepted")
        } catch {
            let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "The deck mine.json has 2 problems:")
            #expect(lines.count == 3)
            #expect(lines.dropFirst().first?.hasPrefix("  entry 2, field question: ") == true)
        }
        do {
            _ = try Deck.decode(Data("[]".utf8), source: "other.json")
            Issue.record("a top-level array was accepted")
        } catch {
            #expect(error.description.split(separator: "\n").first == "The deck other.json has 1 problem:")
        }
    }

    @Test("a problem describes its entry and field")
    func problemDescription() {
        #expect(DeckProblem(.emptyField, entry: 12, field: "answer", "is empty").description == "entry 12, field answer: is empty")
        #expect(DeckProblem(.wrongType, entry: 3, "must be an object").description == "entry 3: must be an object")
        #expect(DeckProblem(.missingField, field: "challenges", "missing").description == "field challenges: missing")
        #expect(DeckProblem(.notJSON, "not JSON").description == "not JSON")
    }

    // MARK: The bundled deck

    @Test("the bundled deck loads, is large and varied, and has Kuchi's greetings")
    func bundledDeck() throws {
        let deck = try Deck.bundled()
        #expect(deck.challenges.count >= 200)
        #expect(deck.categories.count >= 10)
        let questions = Set(deck.challenges.map(\.question))
        for greeting in ["はい", "いいえ", "おねがいします", "こんにちは", "はじめまして", "ありがとう"] {
            #expect(questions.contains(greeting), "missing \(greeting)")
        }
    }
}
