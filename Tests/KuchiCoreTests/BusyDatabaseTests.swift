import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData

/// BusyDatabaseTests: another program holding the write lock at start-up is "busy", not "disk
/// full"; the session runs on the learner's real cards and is saved once the lock is released.
@Suite("Busy database at start-up")
struct BusyDatabaseTests {
    /// LockHolder: python3 holding `BEGIN IMMEDIATE` on a file until told to let go.
    final class LockHolder {
        let process = Process()
        let input = Pipe()

        init(_ path: String) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                c.execute('BEGIN IMMEDIATE')
                print('locked', flush=True)
                sys.stdin.readline()
                c.execute('ROLLBACK')
                """, path]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            // The lock is held once the line arrives (a read that blocks until then, not a sleep).
            let line = String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self)
            #expect(line == "locked\n")
        }

        func release() throws {
            try input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
            process.waitUntilExit()
        }
    }

    @Test("a command that meets a busy file says nothing was changed, never that it will be saved (issue 36)")
    func commandRefusal() throws {
        let folder = try TemporaryDirectory()
        _ = try LearnerDatabase.open(directory: folder.url).cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(3)))
        let holder = try LockHolder(folder.path(LearnerDatabase.fileName).path)
        let database = LearnerDatabase.open(directory: folder.url)
        let refusal = try #require(database.commandRefusal)
        #expect(refusal.contains("is busy") && refusal.contains("nothing was changed"), "\(refusal)")
        #expect(!refusal.contains("saves") && !refusal.contains("keeps trying"))
        try holder.release()
        #expect(LearnerDatabase.open(directory: folder.url).commandRefusal == nil, "free again: a command may write")
    }

    @Test("busy at start: said as busy, quickly; the answers reach the file once it is free")
    func busyThenSaved() throws {
        let folder = try TemporaryDirectory()
        let learner = UUID()
        let deck = try makeDeck(DeckJSON.words(3))
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            _ = try database.cards(learner: learner, deck: deck)
        }
        let file = folder.path(LearnerDatabase.fileName).path
        let holder = try LockHolder(file)
        let start = ContinuousClock.now
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(ContinuousClock.now - start < .milliseconds(4500), "no 5-second freeze (a 1 s probe; headroom for a loaded machine)")
        #expect(database.problem?.kind == .busy)
        #expect(database.problem?.message.contains("is busy (another program is writing to it)") == true)
        #expect(database.problem?.message.contains("disk full") == false)
        let cards = try database.cards(learner: learner, deck: deck).cards
        #expect(cards.count == 3, "the learner's own cards, read from the busy file")
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try database.record(ReviewInput(cardID: cards[0].id, rating: .good, time: time, duration: 1200), scheduler: SimpleScheduler())
        _ = try database.record(ReviewInput(cardID: cards[1].id, rating: .again, time: time.addingTimeInterval(5), duration: 900),
                                scheduler: SimpleScheduler())

        try holder.release()
        // The background save may be writing right now: the reader waits for it as Kuchi's own
        // connections do, instead of failing on the first busy answer.
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let reader = try DatabaseQueue(path: file, configuration: configuration)
        let deadline = ContinuousClock.now + .seconds(10)
        var saved = 0
        while saved < 2 && ContinuousClock.now < deadline {
            saved = try reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") } ?? 0
        }
        #expect(saved == 2, "saved in the background once the lock was released")
        let reps = try reader.read { db in try Int.fetchAll(db, sql: "SELECT reps FROM card ORDER BY id") }
        #expect(reps == [1, 1, 0], "the cards' new states are in the file")
        let message = try #require(database.pendingSave).finish()
        #expect(message.contains("were saved into it once it was free"))
        #expect(try reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") } == 2, "nothing written twice")
    }
}
