import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiData

/// ReviewLogDamageTests: a damaged page in the review log (which start-up does not check) is
/// found by the whole-file check at quit; the file is set aside and every review that still
/// reads is in the fresh one.
@Suite("Review log damage")
struct ReviewLogDamageTests {
    /// damagedLog: a database with `count` reviews and one leaf page of the review table
    /// overwritten; returns the folder and how many reviews that page held.
    func damagedLog(count: Int, leaf: (Int) -> Int) throws -> (folder: TemporaryDirectory, lost: Int, learner: UUID) {
        let folder = try TemporaryDirectory()
        let learner = UUID()
        let pageSize: Int
        let page: (number: Int, cells: Int)
        do {
            let database = LearnerDatabase.open(directory: folder.url)
            let card = try #require(try database.cards(learner: learner, deck: try makeDeck(DeckJSON.words(3))).cards.first).id
            try database.writer.write { db in
                for index in 0..<count {
                    try db.execute(sql: "INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, 3, 2, 1500)",
                                   arguments: [card, 1_700_000_000_000 + Int64(index) * 1000])
                }
            }
            try database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            pageSize = try #require(try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") })
            let leaves = try database.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT pageno, ncell FROM dbstat WHERE name = 'review' AND pagetype = 'leaf' ORDER BY pageno")
            }
            #expect(leaves.count > 4)
            let chosen = leaves[leaf(leaves.count)]
            page = (chosen[0], chosen[1])
        }
        let handle = try FileHandle(forUpdating: folder.path(LearnerDatabase.fileName))
        try handle.seek(toOffset: UInt64((page.number - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
        try handle.close()
        return (folder, page.cells, learner)
    }

    @Test("the quit check sets a damaged log aside and keeps every review that reads", arguments: ["first", "middle", "last"])
    func damagedPageSetAsideKeepingTheRest(which: String) throws {
        let (folder, lost, learner) = try damagedLog(count: 5000) { leaves in
            which == "first" ? 0 : which == "last" ? leaves - 1 : leaves / 2
        }
        let database = LearnerDatabase.open(directory: folder.url)
        #expect(database.problem == nil, "start-up checks only the small tables")
        let problem = try #require(database.checkWholeFile(), "the damage is found at quit")
        #expect(problem.kind == .corrupt)
        #expect(problem.message.contains("had a damaged page; it was kept as \(folder.url.path)/kuchi.sqlite.broken-"))
        #expect(problem.message.contains("holds the \(5000 - lost) reviews that could be read"), "\(problem.message)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names.contains { $0.hasPrefix("kuchi.sqlite.broken-") })
        #expect(!names.contains { $0.contains("salvage") })

        let fresh = LearnerDatabase.open(directory: folder.url)
        #expect(fresh.problem == nil)
        #expect(fresh.checkWholeFile() == nil, "the fresh file is sound")
        let kept = try fresh.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") }
        #expect(kept == 5000 - lost)
        #expect(try fresh.writer.read { db in try Int.fetchOne(db, sql: "SELECT SUM(reviews) FROM review_slot") } == kept,
                "the stats summary is rebuilt")
        #expect(try fresh.cards(learner: learner, deck: try makeDeck(DeckJSON.words(3))).cards.count == 3, "cards kept")
    }

    @Test("a sound file passes the check untouched")
    func soundFilePasses() throws {
        let folder = try TemporaryDirectory()
        let database = LearnerDatabase.open(directory: folder.url)
        _ = try database.cards(learner: UUID(), deck: try makeDeck(DeckJSON.words(3)))
        #expect(database.checkWholeFile() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.contains("broken") }.isEmpty)
    }
}
