import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiData

/// `kuchi-bench make-history` writes a history Kuchi itself can open: the profile, the deck and a
/// database whose counts match what was asked, every card's state one FSRS could reach, and
/// `kuchi due` reading it.
struct MakeHistoryE2ETests {
    @Test("make-history writes a profile, a deck and a database with the asked cards and reviews")
    func validHistory() throws {
        let home = try TemporaryDirectory()
        let (data, config, deckFile) = (home.file("data"), home.file("config"), home.file("deck.json"))
        let cards = 40, reviews = 410
        let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
            "--cards", "\(cards)", "--reviews", "\(reviews)", "--deck-out", deckFile.path, "--seed", "7",
        ], timeout: .seconds(60))
        #expect(made.status == 0, "\(made.standardError)")

        let profile = try #require(ProfileStore(directory: config).loadAll().profiles.first { $0.name == "Hana" })
        let deck = try Deck.load(from: deckFile)
        #expect(deck.challenges.count == cards)
        let database = try #require(try LearnerDatabase.openReadOnly(directory: data))
        let counts = try database.writer.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review") ?? -1,
             try Int.fetchOne(db, sql: "SELECT SUM(reps) FROM card") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM card WHERE state = 0 OR stability IS NULL OR difficulty NOT BETWEEN 1 AND 10") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM review WHERE time < ? OR time > ?",
                              arguments: [Int64((Date().timeIntervalSince1970 - 366 * 86_400) * 1000),
                                          Int64(Date().timeIntervalSince1970 * 1000)]) ?? -1,
             try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "")
        }
        #expect(counts.0 == cards)
        #expect(counts.1 == reviews)
        #expect(counts.2 == reviews, "each card's reps count its reviews")
        #expect(counts.3 == 0, "every card was reviewed and has an FSRS memory")
        #expect(counts.4 == 0, "every review falls in the past year")
        #expect(counts.5 == "ok")
        // Kuchi's own path loads the same cards, keeping their memory.
        let loaded = try LearnerDatabase.open(directory: data).cards(learner: profile.id, deck: deck)
        #expect(loaded.cards.count == cards)
        #expect(loaded.cards.allSatisfy { $0.card.state != .new && $0.card.reps > 0 })

        // `kuchi due` counts the learner's deck: the generated one, named with --deck.
        let due = try runKuchi(["due", "--deck", deckFile.path, "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana"],
                               environment: ["TZ": "UTC"])
        #expect(due.status == 0 || due.status == 1, "\(due.standardError)")
        #expect(due.standardOutput.contains("due now, 0 new available"), "\(due.standardOutput)")
    }

    @Test("pick-history plays through the New word cards, the confirmations and the days whose cards run out: every pick is timed")
    func pickHistoryRunsItsDays() throws {
        let home = try TemporaryDirectory()
        let (data, config, deckFile) = (home.file("data"), home.file("config"), home.file("deck.json"))
        let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
            "--cards", "300", "--reviews", "3000", "--deck-out", deckFile.path, "--seed", "3",
        ], timeout: .seconds(120))
        #expect(made.status == 0, "\(made.standardError)")
        let picked = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "pick-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
            "--deck", deckFile.path, "--picks", "300",
        ], timeout: .seconds(300))
        #expect(picked.status == 0, "\(picked.standardError)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(picked.standardOutput.utf8)) as? [String: Any])
        #expect(figures["picks"] as? Int == 300, "\(figures)")
    }
}
