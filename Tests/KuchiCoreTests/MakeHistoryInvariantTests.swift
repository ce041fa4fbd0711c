import Foundation
import GRDB
import KuchiTestSupport
import Testing
@testable import KuchiCore
@testable import KuchiData

/// MakeHistoryInvariantTests: `kuchi-bench make-history` writes its year of reviews through the
/// review log's one path: every review has its id, the summary equals the log, and every card
/// equals its log's replay (its fuzz drawn from its reviews' ids, as a live answer's is).
@Suite("Summaries equal the log: make-history")
struct MakeHistoryInvariantTests {
    @Test("a made history: ids set, summary = log, cards = their replay")
    func madeHistory() throws {
        let home = try TemporaryDirectory()
        let (data, config) = (home.file("data"), home.file("config"))
        let process = Process()
        process.executableURL = try kuchiExecutable(named: "kuchi-bench")
        process.arguments = ["make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
                             "--cards", "40", "--reviews", "600", "--deck-out", home.file("deck.json").path, "--seed", "11"]
        let error = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
        let learner = try #require(ProfileStore(directory: config).loadAll().profiles.first { $0.name == "Hana" }).id
        let database = LearnerDatabase.open(directory: data)
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 600)
        #expect(try count(database, "SELECT COUNT(*) FROM card WHERE state = 2 AND due - last_review >= 3 * 86400000") > 0,
                "some intervals long enough to be fuzzed")
        try LogInvariant.check(database, learners: [learner], "make-history")
    }
}
