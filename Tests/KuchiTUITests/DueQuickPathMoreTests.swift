import Foundation
import GRDB
@testable import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiDeck
@testable import KuchiData

/// DueQuickPathMoreTests: the quick path of `kuchi due` beside the full one in the cases a
/// prompt meets that `DueQuickPathTests` does not build: a deck file named by path (what
/// `--deck FILE` and the benchmark pass), a database without a row of this learner (0 reviews),
/// and no database at all (the quick path declines; the answer is the full path's).
@MainActor
@Suite("kuchi due: the quick path, more cases")
struct DueQuickPathMoreTests {
    typealias Folder = DueQuickPathTests.Folder

    /// deckFile: the bundled deck's file copied outside the library (a deck named by path).
    func deckFile(_ folder: Folder) throws -> (url: URL, deck: Deck) {
        let source = try #require(BundledDeckLocation.url())
        let url = folder.root.appendingPathComponent("my deck.json")
        let text = try String(contentsOf: source, encoding: .utf8)
        let retitled = text.replacingOccurrences(of: #""title": "\#(Deck.bundledHeading)""#, with: #""title": "My own copy""#)
        #expect(retitled != text)
        try retitled.write(to: url, atomically: true, encoding: .utf8)
        // Cached as a start would cache it a second later (a file changed a moment ago is not
        // cached, and the quick path reads only the cache).
        let cache = DeckCache(dataDirectory: folder.data, clock: { Date(timeIntervalSinceNow: 10) })
        return (url, try Deck.load(from: url, cache: cache))
    }

    /// cards: reviewed cards of every fifth word of `deck` for `learner`, half due now.
    func cards(_ folder: Folder, learner: UUID, deck: Deck, now: Date) throws {
        let queue = try DatabaseQueue(path: folder.file.path)
        try LearnerSchema.migrator.migrate(queue)
        try LearnerSchema.claim(queue)
        let nowMs = Int64(now.timeIntervalSince1970 * 1000)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO learner_deck (learner, deck) VALUES (?, ?)", arguments: [learner.uuidString.lowercased(), deck.title])
            let id = db.lastInsertedRowID
            for (index, word) in deck.challenges.enumerated() where index % 5 == 0 {
                let due = index % 2 == 0 ? nowMs - 60_000 * Int64(index + 1) : nowMs + 60_000 * Int64(index + 1)
                try db.execute(sql: """
                    INSERT INTO card (learner_deck, question, reading, direction, answer, state, stability, difficulty, due, reps, introduced)
                    VALUES (?, ?, ?, 'jp-en', ?, 2, 3, 5, ?, 2, ?)
                    """, arguments: [id, word.question, word.reading ?? "", word.answer, due, nowMs - 86_400_000 * 3])
            }
        }
        try queue.close()
    }

    @Test("--deck FILE (a path outside the library): the quick path answers, and as the full one does", arguments: [[5], [4], [5, 4]])
    func fileDeck(levels: [Int]) throws {
        let folder = try Folder()
        defer { folder.remove() }
        var settings = Settings()
        settings.levels = levels
        settings.categories = ["Food & drink"]  // --deck counts all of the deck's categories
        let profile = try folder.profile(settings)
        let (url, deck) = try deckFile(folder)
        let now = Date()
        try cards(folder, learner: profile.id, deck: deck, now: now)
        let tests = DueQuickPathTests()
        let (quick, full) = try tests.both(folder, ["--deck", url.path], now: now)
        #expect(quick != nil, "the quick path answers for a cached deck file")
        #expect(quick == full)
        #expect(full.dueNow > 0 && full.nextReview != nil, "the history has cards due and later")
    }

    @Test("a database with no row of this learner (0 reviews): the same figures both ways")
    func noReviews() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile()
        let now = Date()
        try cards(folder, learner: UUID(), deck: folder.deck, now: now)  // someone else's history
        let tests = DueQuickPathTests()
        _ = try tests.both(folder, now: now)
        let (quick, full) = try tests.both(folder, now: now)
        #expect(quick != nil)
        #expect(quick == full)
        #expect(full == StudyStatus(dueNow: 0, newAvailable: profile.settings.newWordsPerDay, nextReview: nil))
    }

    @Test("no database yet: the quick path declines, and `kuchi due` gives the full path's answer")
    func noDatabase() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile()
        let now = Date()
        let due = try DueQuickPathTests().command(folder)
        let options = due.learner.resolved(root: due.root)
        #expect(DueSummary.quickStatus(profile: profile, options: options, deck: nil, now: now) == nil)
        let full = try DueSummary.fullStatus(profile: profile, options: options, deck: nil, now: now)
        #expect(try due.status(now: now) == full)
        #expect(full == StudyStatus(dueNow: 0, newAvailable: profile.settings.newWordsPerDay, nextReview: nil))
        #expect(!FileManager.default.fileExists(atPath: folder.file.path), "a look creates no database")
    }

    @Test("a deck cache of the previous format: the quick path declines, the full path rewrites it, then both agree")
    func olderCache() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile()
        let now = Date()
        try folder.history(learner: profile.id, now: now)
        let tests = DueQuickPathTests()
        _ = try tests.both(folder, now: now)
        let url = try #require(BundledDeckLocation.url())
        let cache = DeckCache(dataDirectory: folder.data)
        let file = cache.fileURL(forDeckAt: url.path)
        var old = try Array(Data(contentsOf: file))
        old.replaceSubrange(0..<8, with: Array("KUCHIDC2".utf8))
        try Data(old).write(to: file)
        let due = try tests.command(folder)
        let options = due.learner.resolved(root: due.root)
        #expect(DueSummary.quickStatus(profile: profile, options: options, deck: nil, now: now) == nil, "an old cache is not trusted")
        let full = try DueSummary.fullStatus(profile: profile, options: options, deck: nil, now: now)
        let quick = DueSummary.quickStatus(profile: profile, options: options, deck: nil, now: now)
        #expect(quick != nil, "the full read rewrote the cache with its table")
        #expect(quick == full)
    }

    @Test("rows in another Unicode form, of words suspended, and due in directions not chosen: the same figures",
          arguments: [QuizDirection.japaneseToEnglish, .englishToJapanese, .reading, .mixed])
    func formsSuspensionsDirections(direction: QuizDirection) throws {
        let folder = try Folder()
        defer { folder.remove() }
        var settings = Settings()
        settings.studyDirection = direction
        settings.categories = ["Food & drink", "Greetings & phrases", "Numbers & time"]
        let profile = try folder.profile(settings)
        let now = Date()
        let deck = folder.deck
        let queue = try DatabaseQueue(path: folder.file.path)
        try LearnerSchema.migrator.migrate(queue)
        try LearnerSchema.claim(queue)
        let nowMs = Int64(now.timeIntervalSince1970 * 1000)
        // Words whose reading has a voiced kana, written decomposed (か + ゛) as an older file might.
        let voiced = deck.challenges.filter { ($0.reading ?? $0.question).decomposedStringWithCanonicalMapping.utf8.count
            != ($0.reading ?? $0.question).utf8.count }
        #expect(voiced.count > 10)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO learner_deck (id, learner, deck) VALUES (1, ?, ?)", arguments: [profile.id.uuidString.lowercased(), deck.title])
            for (index, word) in deck.challenges.enumerated() where index % 3 == 0 || voiced.contains(where: { $0.question == word.question }) {
                let decompose = voiced.contains(where: { $0.question == word.question }) && index % 2 == 0
                let question = decompose ? word.question.decomposedStringWithCanonicalMapping : word.question
                let reading = decompose ? (word.reading ?? "").decomposedStringWithCanonicalMapping : word.reading ?? ""
                for (step, written) in ["jp-en", "en-jp", "reading", "listening"].enumerated() where (index + step) % 2 == 0 {
                    let due = (index + step) % 3 == 0 ? nowMs - 60_000 * Int64(index + 1) : nowMs + 60_000 * Int64(index + 1)
                    try db.execute(sql: """
                        INSERT INTO card (learner_deck, question, reading, direction, answer, state, stability, difficulty, due, reps, introduced)
                        VALUES (1, ?, ?, ?, ?, 2, 3, 5, ?, 2, ?)
                        """, arguments: [question, reading, written, word.answer, due, nowMs - 86_400_000 * Int64(index % 4)])
                }
            }
        }
        try queue.close()
        let database = LearnerDatabase.open(directory: folder.data)
        for word in [voiced[0], voiced[2], deck.challenges[3]] {
            try database.setSuspended(true, learner: profile.id, deck: deck.title, question: word.question, reading: word.reading ?? "", now: now)
        }
        try database.writer.close()
        let tests = DueQuickPathTests()
        _ = try tests.both(folder, now: now)
        for extra in [[], ["--deck", "challenges"]] {
            let (quick, full) = try tests.both(folder, extra, now: now)
            #expect(quick != nil, "\(direction) \(extra)")
            #expect(quick == full, "\(direction) \(extra)")
            if direction != .mixed { #expect(full.dueElsewhere > 0, "\(direction): due cards in other directions") }
            #expect(full.dueNow > 0)
        }
    }
}
