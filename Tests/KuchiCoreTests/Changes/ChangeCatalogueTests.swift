import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// ChangeCatalogueTests: every case of the catalogue made while another process holds the
/// write lock reaches the file exactly as the same actions reach a free file; Forget covers
/// every table that holds a learner, read from the schema itself.
@Suite("One catalogue of changes, one apply")
struct ChangeCatalogueTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Learners: the two learners the script plays: Hana stays, Ken is forgotten.
    struct Learners {
        let hana = Profile(id: UUID(uuidString: "00000000-0000-4000-8000-00000000000A") ?? UUID(), name: "Hana")
        let ken = Profile(id: UUID(uuidString: "00000000-0000-4000-8000-00000000000B") ?? UUID(), name: "Ken")
    }

    /// playEveryKind: one change of every kind, through the public methods the app, undo, the
    /// commands and Settings use; returns the kinds this database applied.
    static func playEveryKind(_ database: LearnerDatabase, _ learners: Learners) throws {
        database.reviewIDs.reseed(35)
        let deck = try makeDeck(DeckJSON.words(8))
        let start = Self.start
        func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }
        let cards = try database.cards(learner: learners.hana.id, deck: deck, now: start)
        let ids = cards.cards.map(\.id)
        let scheduler = FSRSScheduler()
        func answer(_ card: Int, _ rating: Rating, _ minute: Double) -> ReviewInput {
            ReviewInput(cardID: ids[card], rating: rating, time: at(minute), duration: 1500)
        }
        // answer (with the session snapshot deleted), undo, overrule ("I was right").
        _ = try database.recordReview(answer(0, .good, 1), scheduler: scheduler, session: nil, learnerDeck: cards.learnerDeck)
        let undone = try #require(try database.recordReview(answer(1, .good, 2), scheduler: scheduler))
        #expect(try database.undo(undone, session: nil, learnerDeck: cards.learnerDeck))
        let missed = try #require(try database.recordReview(answer(2, .again, 3), scheduler: scheduler))
        _ = try database.replace(missed, with: answer(2, .good, 3), scheduler: scheduler, session: nil, learnerDeck: cards.learnerDeck)
        // Learn.
        try database.setLearned(cardID: ids[3], true)
        try database.addForgotten(learnerDeck: cards.learnerDeck)
        try database.resetLearn(learnerDeck: cards.learnerDeck)
        try database.setLearned(cardID: ids[4], true)
        // Settings: carried over, then changed.
        try database.carryOver(learners.hana, now: at(4))
        var changed = learners.hana
        changed.settings.numberOfQuestions = 8
        changed.settings.newWordsPerDay = 12
        try database.record([.numberOfQuestions, .newWordsPerDay], of: changed, now: at(5))
        // A setting another machine made, as a sync hands it in.
        let received = SettingChange(field: .dayRolloverHour, value: "5", stamp: SettingStamp(rawValue: Milliseconds.from(at(5.5)) * 1024),
                                     machine: "0123456789abcdef0123456789abcdef")
        try database.apply(.settingsReceived(LearnerChange.SettingsReceived(learner: learners.hana.id, changes: [received])), now: at(5.5))
        // A review and an undo another machine made (its review not here yet), as a sync hands them in.
        let theirs = SyncReview(uid: "5eed0000000000000000000000000001", deck: deck.title, question: "w5", reading: "w-p5",
                                direction: .japaneseToEnglish, answer: "w meaning 5", time: Milliseconds.from(at(5.6)), rating: .hard, duration: 2100)
        let log = LearnerChange.ReceivedLog(learner: learners.hana.id,
                                            records: [.review(theirs, machine: received.machine, file: "b.jsonl"),
                                                      .undo(uid: "5eed0000000000000000000000000002", machine: received.machine)],
                                            now: Milliseconds.from(at(5.6)), cards: ReceivedCards(learner: learners.hana.id), prefers: { _, _ in false })
        #expect(try database.apply(.received(log), now: at(5.6)).received?.received == 1)
        // The sync's replay once every record is in: the card the review arrived for is scheduled from it.
        let replayed = try database.apply(.replay(LearnerChange.Replay(learner: learners.hana.id, desiredRetention: 0.9, cards: nil)), now: at(5.7))
        #expect(replayed.count >= 1 && replayed.started == 1, "w5's first review arrived: \(replayed.count) changed, \(replayed.started) started")
        // Suspension, leech notice, own answers, weights.
        try database.setSuspended(true, learner: learners.hana.id, deck: deck.title, question: "w6", reading: "w-p6", now: at(6))
        try database.markLeechNoticed(card: ids[6])
        let kitty = OwnAnswer(deck: deck.title, word: "w1", direction: .japaneseToEnglish, answer: "kitty")
        try database.keepOwnAnswer(kitty, learner: learners.hana.id, now: at(7))
        try database.keepOwnAnswer(OwnAnswer(deck: deck.title, word: "w2", direction: .japaneseToEnglish, answer: "puppy"),
                                   learner: learners.hana.id, now: at(7))
        #expect(try database.removeOwnAnswers(word: "w2", answer: "puppy", learner: learners.hana.id, now: at(8)).count == 1)
        var weights = FSRSParameters.defaults
        weights[0] *= 1.25
        _ = try database.applyParameters(weights, learner: learners.hana.id, source: .fitted, reschedule: false, desiredRetention: 0.9,
                                         now: at(9))
        // Ken studies, then Forget me.
        let kens = try database.cards(learner: learners.ken.id, deck: deck, now: at(10))
        _ = try database.recordReview(ReviewInput(cardID: kens.cards[0].id, rating: .good, time: at(10), duration: 900), scheduler: scheduler)
        try database.carryOver(learners.ken, now: at(10))
        // Forget me with a copy kept aside (as an obeyed forget keeps one), then brought back from it.
        let aside = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-aside-\(UUID().uuidString).sqlite")
        try database.writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [aside.path]) }
        try database.forget(learner: learners.ken.id)
        let back = try database.apply(.restoreLearner(LearnerChange.LearnerRestore(learner: learners.ken.id, aside: aside,
                                                                                   forgetTime: Milliseconds.from(at(11)))), now: at(11))
        #expect(back.changed && back.count == 1, "Ken's one review is back")
        try database.forget(learner: learners.ken.id)
    }

    /// dump: the file's content by identity — every table, rows named by what they are (not by
    /// row ids, which two files may give differently), machine ids and the tombstones' wall-clock
    /// time left out (they are this machine's own) — sorted.
    static func dump(_ db: Database) throws -> [String] {
        let card = "(SELECT d.learner || '/' || d.deck || '/' || c.question || '/' || c.direction FROM card c JOIN learner_deck d ON d.id = c.learner_deck WHERE c.id = t.card)"
        let deck = "(SELECT d.learner || '/' || d.deck FROM learner_deck d WHERE d.id = t.learner_deck)"
        var lines: [String] = []
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('grdb_migrations', 'sync_meta')
            ORDER BY name
            """)
        for table in tables {
            let columns = try db.columns(in: table).map(\.name).compactMap { column -> String? in
                switch column {
                case "id" where ["card", "learner_deck", "review", "scheduler_parameters"].contains(table): nil
                case "machine": nil
                case "time" where table == "review_tombstone": nil
                // A deck opening's record and its generation: a cache of what the rows were (`CardTally`).
                case _ where table == "card_tally" && ["generation", "words", "word_count", "words_generation", "unmatched"].contains(column): nil
                case "card": card
                case "learner_deck": deck
                default: "t.\"\(column)\""
                }
            }
            for row in try Row.fetchAll(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \"\(table)\" t") {
                lines.append(table + " " + row.databaseValues.map { "\($0)" }.joined(separator: " | "))
            }
        }
        return lines.sorted()
    }

    @Test("every kind of change made while another process holds the write lock reaches the file as on a free database")
    func busyCopyReplaysEveryKind() throws {
        let learners = Learners()
        // The same actions on a free database.
        let free = try TemporaryDirectory()
        let freeDatabase = LearnerDatabase.open(directory: free.url)
        try Self.playEveryKind(freeDatabase, learners)
        let expected = try freeDatabase.writer.read(Self.dump)

        // And on a busy one: the file exists, another process holds its write lock.
        let busy = try TemporaryDirectory()
        _ = LearnerDatabase.open(directory: busy.url)
        let file = busy.path(LearnerDatabase.fileName).path
        let holder = try BusyDatabaseTests.LockHolder(file)
        let database = LearnerDatabase.open(directory: busy.url)
        #expect(database.problem?.kind == .busy)
        try Self.playEveryKind(database, learners)
        let pending = try #require(database.pendingSave)
        #expect(Set(pending.waiting) == Set(LearnerChange.Kind.allCases), "every case of the catalogue was made and kept for the file")
        #expect(try database.writer.read(Self.dump) == expected, "the session's copy already holds what a free file would")
        let untouched = try DatabaseQueue(path: file, configuration: { var c = Configuration(); c.readonly = true; return c }())
        #expect(try untouched.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") } == 0, "nothing reached the locked file")
        try untouched.close()

        try holder.release()
        let sentence = pending.finish(timeout: 60)
        #expect(sentence.contains("were saved into it once it was free"), "\(sentence)")
        #expect(sentence.contains("answer") && sentence.contains("settings change") && sentence.contains("Forget me"), "\(sentence)")
        let reopened = LearnerDatabase.open(directory: busy.url)
        #expect(reopened.problem == nil)
        let actual = try reopened.writer.read(Self.dump)
        let missing = expected.filter { !actual.contains($0) }
        let extra = actual.filter { !expected.contains($0) }
        #expect(missing.isEmpty && extra.isEmpty, "the file differs from a free one — missing: \(missing) extra: \(extra)")
        try LogInvariant.check(reopened, learners: [learners.hana.id], "the file after the busy-time save")
    }

    @Test("a file that stays busy: quitting names exactly what could not be saved")
    func staysBusySaysWhat() throws {
        let busy = try TemporaryDirectory()
        _ = LearnerDatabase.open(directory: busy.url)
        let holder = try BusyDatabaseTests.LockHolder(busy.path(LearnerDatabase.fileName).path)
        defer { try? holder.release() }
        let database = LearnerDatabase.open(directory: busy.url)
        let learner = Profile(name: "Hana")
        var changed = learner
        changed.settings.numberOfQuestions = 9
        try database.record([.numberOfQuestions], of: changed, now: Self.start)
        try database.setSuspended(true, learner: learner.id, deck: "Test deck", question: "w1", reading: "w-p1", now: Self.start)
        let sentence = try #require(database.pendingSave).finish(timeout: 0.5)
        #expect(sentence.contains("stayed busy"), "\(sentence)")
        #expect(sentence.contains("(1 settings change and 1 suspended-word change) could not be saved"), "\(sentence)")
    }
}
