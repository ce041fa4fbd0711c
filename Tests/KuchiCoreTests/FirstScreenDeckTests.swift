import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiData

/// FirstScreenDeckTests: a session at start — Welcome's counts, deck line, notices and stand-in
/// quiz — reads the deck's outline and word table only; what it shows is what the session over
/// the decoded deck shows; Start, Learn and a resumed session get the deck's words (issue 39).
@MainActor
@Suite("First screen without decoding the deck")
struct FirstScreenDeckTests {
    let clock = TestClock()

    typealias Copy = BundledDeckCopy

    /// session: a learner studying `source` (as `--deck FILE` gives it, or in memory).
    func session(_ copy: Copy, source: DeckSource, user: UserManager, database: LearnerDatabase) -> LearnerSession {
        LearnerSession(user: user, bundled: source, library: copy.library, database: database, overrides: StudyOverrides(deck: source),
                       seed: 5, clock: clock.read)
    }

    func learner(levels: [Int], categories: [String]) -> UserManager {
        let user = UserManager(store: nil, clock: clock.read)
        user.signIn(Profile(id: UUID(), name: "さくら"))
        user.levels = levels
        user.categories = categories
        user.numberOfQuestions = 5
        user.teachNewWords = false
        return user
    }

    @Test("Welcome's counts, deck line, notice and stand-in are the decoded deck's, and nothing is decoded until Start",
          arguments: [([5], [String]()), ([4], ["Food & drink"]), ([1], []), ([], ["No such category"]), ([5], ["Greetings & phrases"]),
                      ([1], ["Food & drink"])])
    func welcomeWithoutDecoding(levels: [Int], categories: [String]) throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        let user = learner(levels: levels, categories: categories)
        let source = copy.source()
        let lazy = session(copy, source: source, user: user, database: database)
        lazy.refreshStatus(force: true)
        let decoded = session(copy, source: DeckSource(copy.deck), user: user, database: database)
        decoded.refreshStatus(force: true)
        #expect(!source.isDecoded, "the first screen read the outline and the word table only")
        #expect(lazy.deckProblem == decoded.deckProblem)
        #expect(lazy.status != nil && lazy.status == decoded.status)
        #expect(DeckSourceTests.same(lazy.studiedOutline, decoded.deck.outline) && lazy.wholeOutline == decoded.wholeDeck.outline)
        #expect(lazy.quiz.deck.challenges == Array(decoded.deck.challenges.prefix(Deck.minimumEntries)), "the same stand-in words")
        #expect(!lazy.isStarted && !source.isDecoded)
        lazy.startSession()
        #expect(source.isDecoded)
        #expect(lazy.deck.challenges == decoded.deck.challenges && lazy.wholeDeck.challenges == copy.deck.challenges)
        let asked = try #require(lazy.quiz.currentTest?.challenge)
        #expect(decoded.deck.challenges.contains(asked), "Start asks a word of the selection")
        #expect(lazy.deckProblem == decoded.deckProblem)
    }

    @Test("the notices for categories and levels that leave too few words are the decoding path's own sentences")
    func problemsSaid() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        let heading = copy.deck.heading
        let categories = session(copy, source: copy.source(), user: learner(levels: [], categories: ["No such category"]), database: database)
        #expect(categories.deckProblem == "The categories chosen hold fewer than 3 words of \(heading); playing all of it.")
        let levels = session(copy, source: copy.source(), user: learner(levels: [1], categories: []), database: database)
        #expect(levels.deckProblem == "The JLPT levels chosen hold fewer than 3 words of \(heading); playing every level.")
    }

    @Test("Learn decodes the deck on first use and deals the selection's words")
    func learnDecodes() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        let source = copy.source()
        let lazy = session(copy, source: source, user: learner(levels: [4], categories: []), database: database)
        #expect(!source.isDecoded)
        let cards = lazy.flashCards
        #expect(source.isDecoded)
        #expect(cards.deck.challenges.allSatisfy { $0.level == 4 } && cards.deck.challenges.count == copy.deck.selecting(levels: [4])?.challenges.count)
    }

    @Test("a saved session in progress is resumed at start, from the decoded deck")
    func resumes() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        let user = learner(levels: [5], categories: [])
        let first = session(copy, source: copy.source(), user: user, database: database)
        first.startSession()
        let test = try #require(first.quiz.currentTest)
        first.quiz.check(test.rightAnswer)
        #expect(first.isInProgress)
        let source = copy.source()
        let again = session(copy, source: source, user: user, database: database)
        #expect(source.isDecoded, "resuming needs the words")
        #expect(again.isInProgress && again.quiz.numberOfAnswered == 1)
    }

    @Test("a chosen imported deck is outlined at start; one that cannot be read plays the bundled deck with the same notice")
    func chosenDeck() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        try FileManager.default.createDirectory(at: copy.library.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: copy.url, to: copy.library.fileURL(for: "mine"))
        _ = try Deck.load(from: copy.library.fileURL(for: "mine"), cache: copy.library.cache)
        let user = learner(levels: [], categories: [])
        user.deck = "mine"
        let bundled = copy.source()
        let chosen = LearnerSession(user: user, bundled: bundled, library: copy.library, database: database, seed: 5, clock: clock.read)
        chosen.refreshStatus(force: true)
        #expect(chosen.deckProblem == nil && chosen.studiedOutline == copy.deck.outline && chosen.status != nil)
        #expect(!bundled.isDecoded)
        user.deck = "missing"
        chosen.settle()
        #expect(chosen.deckProblem?.hasPrefix("The deck “missing” could not be loaded (") ?? false)
        #expect(chosen.deckProblem?.hasSuffix("; playing \(copy.deck.heading) instead.") ?? false)
        #expect(!bundled.isDecoded)
    }

    /// spoil: damages the cached words of `url` in place (the held file sees it) and removes the
    /// deck file, so the deck outlined at start can no longer be decoded.
    func spoil(_ url: URL, cache: DeckCache) throws {
        let handle = try FileHandle(forWritingTo: cache.fileURL(forDeckAt: url.path))
        let end = try handle.seekToEnd()
        try handle.seek(toOffset: end - 64)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 64))
        try handle.close()
        try FileManager.default.removeItem(at: url)
    }

    @Test("a deck that can no longer be decoded when Start needs it: a chosen deck plays the bundled one, the only deck plays none, with a notice")
    func decodeFailsLater() throws {
        let copy = try Copy()
        defer { try? FileManager.default.removeItem(at: copy.folder) }
        let database = LearnerDatabase.open(directory: copy.folder)
        try FileManager.default.createDirectory(at: copy.library.directory, withIntermediateDirectories: true)
        let mine = copy.library.fileURL(for: "mine")
        try FileManager.default.copyItem(at: copy.url, to: mine)
        _ = try Deck.load(from: mine, cache: copy.library.cache)
        let user = learner(levels: [], categories: [])
        user.deck = "mine"
        let bundled = copy.source()
        let chosen = LearnerSession(user: user, bundled: bundled, library: copy.library, database: database, seed: 5, clock: clock.read)
        #expect(chosen.deckProblem == nil)
        try spoil(mine, cache: copy.library.cache)
        chosen.startSession()
        #expect(chosen.deckProblem?.hasPrefix("The deck “mine” could not be loaded (") ?? false, "\(chosen.deckProblem ?? "")")
        #expect(chosen.deck.challenges == copy.deck.challenges && chosen.quiz.currentTest != nil, "the bundled deck is played")

        let only = copy.source()
        let session = self.session(copy, source: only, user: learner(levels: [], categories: []), database: database)
        try spoil(copy.url, cache: copy.library.cache)
        session.startSession()
        #expect(session.deckProblem?.hasPrefix("The deck “\(copy.deck.heading)” could not be read (") ?? false, "\(session.deckProblem ?? "")")
        #expect(session.deck.challenges.isEmpty && session.quiz.currentTest == nil, "nothing to ask, and no crash")
    }
}
