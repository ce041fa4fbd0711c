import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiData

/// BusySaveTests: a session made while another program held the file's write lock reaches the
/// file as the operations it made — answers with their ids, an undo as a tombstone, Learn
/// progress — and says "busy" on Welcome at once.
@MainActor
@Suite("Busy-time save replays operations")
struct BusySaveTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// waitForFile: polls `sql` on the file until it gives `expected` (the background save is
    /// a thread of its own) or ten seconds pass; returns the last value.
    func waitForFile(_ reader: DatabaseQueue, _ sql: String, _ expected: Int) throws -> Int {
        let deadline = ContinuousClock.now + .seconds(10)
        var value = -1
        while value != expected && ContinuousClock.now < deadline {
            value = try reader.read { db in try Int.fetchOne(db, sql: sql) } ?? -1
        }
        return value
    }

    @Test("an undo made while the file was busy reaches it as a tombstone, ids kept; a sync does not send the undone answer")
    func undoWhileBusy() throws {
        let (machine, folder) = (try Station(), try TemporaryDirectory())
        let hana = Profile(name: "Hana")
        _ = try machine.store.create(hana)
        let deck = try makeDeck(DeckJSON.words(6))
        do {
            let database = machine.database()
            try LogInvariant.withoutIDFallback(database)
            _ = try database.cards(learner: hana.id, deck: deck, now: start)
        }
        let file = machine.data.appendingPathComponent(LearnerDatabase.fileName).path
        let holder = try BusyDatabaseTests.LockHolder(file)
        let database = machine.database()
        #expect(database.problem?.kind == .busy)
        let cards = try database.cards(learner: hana.id, deck: deck, now: start).cards
        var recorded: [RecordedReview] = []
        var uids: [String] = []
        for (index, rating) in [Rating.easy, .easy, .good].enumerated() {
            let review = ReviewInput(cardID: cards[index].id, rating: rating, time: start.addingTimeInterval(Double(index) * 7), duration: 900)
            let made = try #require(try database.recordReview(review, scheduler: FSRSScheduler()))
            recorded.append(made)
            uids.append(try #require(try database.writer.read { db in
                try Data.fetchOne(db, sql: "SELECT uid FROM review WHERE id = ?", arguments: [made.reviewID]).map(ReviewID.text)
            }))
        }
        #expect(try database.undo(recorded[1], session: nil, learnerDeck: nil), "undone in the session")
        try database.setLearned(cardID: cards[4].id, true)
        let kept = try database.writer.read { db in try Data.fetchAll(db, sql: "SELECT uid FROM review ORDER BY uid").map(ReviewID.text) }
        #expect(kept == [uids[0], uids[2]].sorted())
        try holder.release()

        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let reader = try DatabaseQueue(path: file, configuration: configuration)
        #expect(try waitForFile(reader, "SELECT COUNT(*) FROM review_tombstone", 1) == 1, "the undo reached the file as a tombstone")
        #expect(try waitForFile(reader, "SELECT COUNT(*) FROM card WHERE learned = 1", 1) == 1, "Learn's progress too")
        let message = try #require(database.pendingSave).finish()
        #expect(message.contains("were saved into it once it was free"))
        let (inFile, tombstones) = try reader.read { db in
            (try Data.fetchAll(db, sql: "SELECT uid FROM review ORDER BY uid").map(ReviewID.text),
             try Data.fetchAll(db, sql: "SELECT uid FROM review_tombstone").map(ReviewID.text))
        }
        #expect(inFile == kept, "the file has the session's review ids, not new ones")
        #expect(tombstones == [uids[1]])
        try reader.close()
        try LogInvariant.check(machine.database(), learners: [hana.id], "the file after the busy-time save")

        let report = try machine.sync(folder.url, now: start.addingTimeInterval(60))
        #expect(report.sent == 2, "the two kept answers, not the undone one")
        let sent = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".jsonl") }
            .map { try String(contentsOf: folder.url.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(!sent.contains(uids[1]), "the undone answer never reaches the folder")
        #expect(sent.contains(uids[0]) && sent.contains(uids[2]))
    }

    @Test("Welcome says the file is busy at once, before any quiz is built, and once read it is not repeated")
    func busyOnWelcomeAtOnce() throws {
        let fixture = try StudyFixture()
        _ = try fixture.open().cards(learner: fixture.learner, deck: fixture.deck, now: start)
        let holder = try BusyDatabaseTests.LockHolder(fixture.folder.path(LearnerDatabase.fileName).path)
        defer { try? holder.release() }
        let database = fixture.open()
        let user = UserManager(store: nil, clock: { [start] in start })
        user.signIn(Profile(id: fixture.learner, name: "さくら"))
        let session = LearnerSession(user: user, bundled: fixture.deck, database: database, seed: 3, clock: { [start] in start })
        #expect(session.notice?.contains("is busy (another program is writing to it)") == true, "said on Welcome, before Start")
        session.clearNotice()
        session.startSession()
        #expect(session.notice == nil, "the quiz built at Start does not say it again")
        _ = database.pendingSave?.finish(timeout: 0)
    }
}
