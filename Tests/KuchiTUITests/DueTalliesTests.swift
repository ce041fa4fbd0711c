import Foundation
import GRDB
@testable import KuchiCore
import KuchiMemory
import Testing
@testable import KuchiTUI
@testable import KuchiDeck
@testable import KuchiData

/// DueTalliesTests: `kuchi due` counted from the tallies and indexes (`CardTally`, issue 39) —
/// the way is taken (asked, not assumed) once a session opened the deck, and it gives the full
/// path's figures after every kind of write: answers, undo, a deck edited, suspensions, a
/// received review, a day later, Forget, and a file of the schema before.
@MainActor
extension DueQuickPathTests {
    /// checked: the quick path's figures, the full path's and the way the quick path took,
    /// records an issue when they differ; returns the full path's figures and the way.
    @discardableResult
    func checked(_ folder: Folder, _ extra: [String] = [], now: Date, _ context: String,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: StudyStatus, way: LearnerDatabase.StatusWay?) {
        let (quick, full) = try both(folder, extra, now: now)
        #expect(quick == full, "\(context)", sourceLocation: sourceLocation)
        let due = try command(folder, extra)
        let options = due.learner.resolved(root: due.root)
        let deck = due.deck ?? due.root.deck
        guard let database = LearnerDatabase.openCurrentReadOnly(directory: options.paths().dataDirectory) else { return (full, nil) }
        let profile = try options.learner()
        let settled = database.settings(of: profile)
        let table = try #require(DeckChoice.wordTable(deck, settings: settled.settings, dataDir: options.dataDir))
        let selection = StudySelection(learner: settled.id, settings: settled.settings)
        var words = CanonicalWords()
        let chosen = WordSelection(table: table, categories: deck == nil ? selection.categories : [], levels: selection.levels,
                                   direction: selection.direction, suspended: try database.suspendedWords(learner: settled.id, deck: table.title),
                                   words: &words)
        let (status, way) = try database.statusAndWay(learner: settled.id, table: table, selection: chosen, now: now, day: selection.day,
                                                      newWordLimit: selection.newWordLimit)
        #expect(status == full, "\(context): the \(way) way", sourceLocation: sourceLocation)
        return (full, way)
    }

    /// open: a study session starts on `deck` as the app's does (`QuizMemory`: each direction's
    /// words opened as a deck of their own), which records what the rows matched.
    func open(_ database: LearnerDatabase, _ profile: Profile, deck: Deck, now: Date) {
        _ = QuizMemory(context: StudyContext(database: database, learner: profile.id, scheduler: FSRSScheduler()), deck: deck,
                       direction: profile.settings.studyDirection, now: now)
    }

    /// answer: `count` of `deck`'s cards in `direction` answered at `time` (every other one Again).
    @discardableResult
    func answer(_ database: LearnerDatabase, _ profile: Profile, deck: Deck, direction: StudyDirection = .japaneseToEnglish,
                count: Int, from first: Int = 0, time: Date) throws -> [RecordedReview] {
        // The words asked in `direction`, as a session opens them.
        let positions = profile.settings.studyDirection.askable(in: deck).filter { $0.directions.contains(direction) }.map(\.position)
        let part = Deck(title: deck.title, attribution: deck.attribution, challenges: positions.map { deck.challenges[$0] })
        let cards = try database.cards(learner: profile.id, deck: part, direction: direction, now: time).cards
        return try cards[first..<min(first + count, cards.count)].enumerated().compactMap { index, card in
            try database.recordReview(ReviewInput(cardID: card.id, rating: index % 2 == 0 ? .good : .again, time: time, duration: 1500),
                                      scheduler: FSRSScheduler())
        }
    }

    /// receive: a review of `word` another machine made, as a sync hands it in, and the replay after.
    func receive(_ database: LearnerDatabase, _ profile: Profile, _ word: Challenge, deck: String, direction: StudyDirection, uid: String,
                 now: Date) throws {
        let theirs = SyncReview(uid: "5eed0000000000000000000000000" + uid.prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0),
                                deck: deck, question: word.question, reading: word.reading ?? "", direction: direction,
                                answer: word.answer, time: Milliseconds.from(now), rating: .easy, duration: 900)
        let log = LearnerChange.ReceivedLog(learner: profile.id, records: [.review(theirs, machine: "0123456789abcdef0123456789abcdef", file: "b.jsonl")],
                                            now: Milliseconds.from(now), cards: ReceivedCards(learner: profile.id), prefers: { _, _ in false })
        #expect(try database.apply(.received(log), now: now).received?.received == 1)
        _ = try database.apply(.replay(LearnerChange.Replay(learner: profile.id, desiredRetention: 0.9, cards: nil)), now: now)
    }

    nonisolated static let talliedSettings: [(String, Settings)] = settings.filter { $0.0 != "3 new words a day" }

    @Test("after a session opened the deck, the tallies answer, for every setting, through answers, undo, suspensions, a received review and a day later",
          arguments: talliedSettings.indices)
    func talliesAnswer(_ index: Int) throws {
        let (name, settings) = Self.talliedSettings[index]
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile(settings)
        let start = Date().addingTimeInterval(-5 * 86_400)
        let database = LearnerDatabase.open(directory: folder.data)
        let session = try DueSummary.choose(profile: profile, database: database, deck: nil, dataDir: folder.data.path).deck
        open(database, profile, deck: session, now: start)
        #expect(try checked(folder, now: start, "\(name): opened").way == .tallies, "\(name): opened")
        // Answers: new cards learnt in each direction asked, some again a day later.
        let directions = Set(settings.studyDirection.askable(in: session).flatMap(\.directions))
        var recorded: [RecordedReview] = []
        for direction in directions {
            recorded += try answer(database, profile, deck: session, direction: direction, count: 30, time: start)
            try answer(database, profile, deck: session, direction: direction, count: 10, from: 5, time: start.addingTimeInterval(86_400))
        }
        let now = start.addingTimeInterval(3 * 86_400)
        let answered = try checked(folder, now: now, "\(name): answered")
        #expect(answered.way == .tallies && answered.status.dueNow > 0 && answered.status.nextReview != nil, "\(name): \(answered)")
        // Undo the latest answer.
        let undone = try #require(recorded.last)
        #expect(try database.undo(undone, session: nil, learnerDeck: nil))
        #expect(try checked(folder, now: now, "\(name): undone").way == .tallies)
        // A word suspended, then a review another machine made of a word already studied.
        let word = session.challenges[2]
        try database.setSuspended(true, learner: profile.id, deck: session.title, question: word.question, reading: word.reading ?? "", now: now)
        #expect(try checked(folder, now: now, "\(name): suspended").way == .tallies)
        let direction = directions.sorted { $0.rawValue < $1.rawValue }[0]
        let asked = settings.studyDirection.askable(in: session).filter { $0.directions.contains(direction) }
        try receive(database, profile, session.challenges[asked[7].position], deck: session.title, direction: direction, uid: "a1", now: now)
        #expect(try checked(folder, now: now, "\(name): received").way == .tallies)
        // A review another machine made of a word this session does not open: a new row, counted
        // row by row until the next session records it as matching none of its words.
        let whole = try DeckChoice.load(nil, settings: profile.settings, dataDir: folder.data.path)
        let outside = whole.challenges.first { word in !session.challenges.contains { $0.question == word.question } }
            ?? Challenge(question: "廃語", reading: "はいご", pronunciation: "haigo", answer: "obsolete word")
        try receive(database, profile, outside, deck: session.title, direction: direction, uid: "a2", now: now)
        #expect(try checked(folder, now: now, "\(name): received, a new row").way == .rows)
        open(database, profile, deck: session, now: now)
        #expect(try checked(folder, now: now, "\(name): received, opened again").way == .tallies)
        // The next study day (today's new words no longer count) and a week on.
        for later: TimeInterval in [86_400, 7 * 86_400] {
            #expect(try checked(folder, now: now.addingTimeInterval(later), "\(name): \(later) s later").way == .tallies)
        }
    }

    @Test("a deck edited (a studied word removed, one added): the rows until a session opens it again, then the tallies, the same figures")
    func deckEdited() throws {
        let folder = try Folder()
        defer { folder.remove() }
        var settings = Settings()
        settings.newWordsPerDay = 50  // the words left, not the day's limit, bound the new ones
        let profile = try folder.profile(settings)
        let path = folder.root.appendingPathComponent("edits.json")
        func write(_ words: [Int]) throws -> Deck {
            struct File: Encodable { var title: String, challenges: [Challenge] }
            let challenges = words.map { word in
                let kana = String("\(word)".map { Array("あいうえおかきくけこ")[Int(String($0)) ?? 0] })
                return Challenge(question: word % 2 == 0 ? "が語\(kana)" : "ことば\(kana)", reading: word % 2 == 0 ? "がご\(kana)" : nil,
                          pronunciation: "go\(word)", answer: "word \(word)", category: "Category \(word % 3)")
            }
            try JSONEncoder().encode(File(title: "Edits", challenges: challenges)).write(to: path)
            // Cached at once (the cache keeps no file changed within the last second: its clock moved on).
            return try Deck.load(from: path, cache: DeckCache(dataDirectory: folder.data, clock: { Date().addingTimeInterval(5) }))
        }
        let start = Date().addingTimeInterval(-3 * 86_400)
        let first = try write(Array(0..<40))
        let database = LearnerDatabase.open(directory: folder.data)
        open(database, profile, deck: first, now: start)
        try answer(database, profile, deck: first, count: 12, time: start)
        let now = start.addingTimeInterval(2 * 86_400)
        let before = try checked(folder, ["--deck", path.path], now: now, "studied")
        #expect(before.way == .tallies)
        // Word 3 (studied) leaves the deck; word 40 comes in: the record no longer fits the cache.
        let edited = try write(Array(0..<3) + Array(4...40))
        let changed = try checked(folder, ["--deck", path.path], now: now, "edited")
        #expect(changed.way == .rows)
        #expect(changed.status.newAvailable == before.status.newAvailable + 1, "the removed word counts no more: \(before) → \(changed)")
        open(database, profile, deck: edited, now: now)
        let reopened = try checked(folder, ["--deck", path.path], now: now, "opened again")
        #expect(reopened.way == .tallies && reopened.status == changed.status)
        // A studied word's row in another Unicode form (が as か and a combining mark, as an older
        // deck file wrote it): the same word to the rows' count, though no word matches its bytes.
        try database.writer.write { db in
            try db.execute(sql: """
                UPDATE card SET question = 'か' || char(0x3099) || '語う' WHERE question = 'が語う' AND direction = 'jp-en'
                """)
        }
        #expect(try checked(folder, ["--deck", path.path], now: now, "a row rewritten").way == .rows)
        open(database, profile, deck: edited, now: now)
        #expect(try checked(folder, ["--deck", path.path], now: now, "a row rewritten, opened again").way == .tallies)
        // Forget: no deck, no rows.
        _ = try database.forget(learner: profile.id)
        try checked(folder, ["--deck", path.path], now: now, "forgotten")
    }

    @Test("a file of the schema before (v11): the full path, then migrated, the rows until a session opens the deck, then the tallies")
    func olderSchema() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let profile = try folder.profile()
        let now = Date()
        try folder.history(learner: profile.id, now: now)
        // The file as v11 left it: no tallies, the narrower index, the version before.
        let queue = try DatabaseQueue(path: folder.file.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: """
                DROP TRIGGER card_tally_insert; DROP TRIGGER card_tally_delete; DROP TRIGGER card_tally_update; DROP TABLE card_tally;
                DROP INDEX card_introduced; DROP INDEX card_due; CREATE INDEX card_due ON card (learner_deck, state, due);
                DELETE FROM grdb_migrations WHERE identifier = 'v12'; PRAGMA user_version = 11;
                """)
        }
        try queue.close()
        let old = try both(folder, now: now)
        #expect(old.quick == nil, "a v11 file is not read by the quick path")
        let database = LearnerDatabase.open(directory: folder.data)
        #expect(try checked(folder, now: now, "migrated").way == .rows)
        let session = try DueSummary.choose(profile: profile, database: database, deck: nil, dataDir: folder.data.path).deck
        open(database, profile, deck: session, now: now)
        let opened = try checked(folder, now: now, "opened")
        #expect(opened.way == .tallies)
        #expect(opened.status.dueNow == old.full.dueNow && opened.status.nextReview == old.full.nextReview)
    }
}
