import Foundation
import Testing

/// StatsE2ETests: `kuchi stats` on the built binary — what a script sees when the learner is
/// missing or unknown (exit 2, one line on standard error, nothing on standard output).
struct StatsE2ETests {
    @Test func noLearnerExitsTwo() throws {
        let directory = try TemporaryDirectory()
        let result = try runKuchi(["stats", "--json", "--config-dir", directory.file("config").path, "--data-dir", directory.file("data").path],
                                  environment: ["HOME": directory.url.path])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("kuchi: no saved learner yet"))
        #expect(!FileManager.default.fileExists(atPath: directory.file("data/kuchi.sqlite").path), "a look creates nothing")
    }

    @Test func unknownLearnerExitsTwo() throws {
        let directory = try TemporaryDirectory()
        let result = try runKuchi(["stats", "--profile", "Nobody", "--config-dir", directory.file("config").path],
                                  environment: ["HOME": directory.url.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("there is no saved profile named \"Nobody\""))
    }

    @Test func helpListsStats() throws {
        let result = try runKuchi(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("stats"))
        let own = try runKuchi(["stats", "--help"])
        #expect(own.status == 0)
        #expect(own.standardOutput.contains("--json"))
    }
}
