import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiMemory

/// `kuchi optimize`: the verdict line, the JSON object's exact keys, a dry run that changes
/// nothing, --show and --reset, and the refusals (bad flags, no learner) with exit status 2.
struct OptimizeCommandE2ETests {
    /// history: a learner "Hana" with 6,000 generated reviews of 500 cards.
    func history() throws -> (home: TemporaryDirectory, arguments: [String]) {
        let home = try TemporaryDirectory()
        let (data, config) = (home.file("data"), home.file("config"))
        let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
            "--cards", "500", "--reviews", "6000", "--seed", "11",
        ], timeout: .seconds(60))
        #expect(made.status == 0, "\(made.standardError)")
        return (home, ["--data-dir", data.path, "--config-dir", config.path])
    }

    /// history(reviews:cards:): a learner "Hana" with `reviews` generated reviews of `cards` cards.
    func history(reviews: Int, cards: Int) throws -> (home: TemporaryDirectory, arguments: [String]) {
        let home = try TemporaryDirectory()
        let (data, config) = (home.file("data"), home.file("config"))
        let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
            "make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
            "--cards", "\(cards)", "--reviews", "\(reviews)", "--seed", "12",
        ], timeout: .seconds(600))
        #expect(made.status == 0, "\(made.standardError)")
        return (home, ["--data-dir", data.path, "--config-dir", config.path])
    }

    /// optimize: `kuchi optimize ARGS`, given the time a fit of the history takes on a loaded machine.
    func optimize(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(kuchiExecutable(), ["optimize"] + arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
                              timeout: .seconds(900))
    }

    @Test("200 reviews, fewer than fsrs-rs's guidance for a full fit: only the four initial stabilities are fitted, and the verdict says so with the median stability before → after")
    func littleData() throws {
        let (home, arguments) = try history(reviews: 200, cards: 40)
        defer { _ = home }
        let dry = try object(try optimize(["--json", "--dry-run"] + arguments).standardOutput)
        let fitted = try #require(dry["parameters"] as? [Double])
        #expect(dry["outcome"] as? String != "trained", "\(dry)")
        #expect(Array(fitted.dropFirst(4)) == Array(FSRSParameters.defaults.dropFirst(4)), "only w[0]…w[3] move: \(fitted)")
        let verdict = try optimize(arguments)
        #expect(verdict.status == 0, "\(verdict.standardError)")
        let text = verdict.standardOutput
        if dry["outcome"] as? String == "initial-only" {
            #expect(text.contains("Only the first-review stabilities were fitted") && text.contains("a full fit needs 1 000"), "\(text)")
            #expect(text.contains("Median stability ") && text.contains(" d → "), "\(text)")
        } else {
            #expect(text.hasPrefix("Kept your current parameters") || text.hasPrefix("Not enough reviews yet"), "\(text)")
        }
    }

    @Test("20,000 reviews: all 21 weights are fitted and the verdict shows the median stability before → after")
    func muchData() throws {
        let (home, arguments) = try history(reviews: 20_000, cards: 500)
        defer { _ = home }
        let run = try optimize(["--dry-run"] + arguments)
        #expect(run.status == 0, "\(run.standardError)")
        let text = run.standardOutput
        #expect(text.hasPrefix("Fitted to 20 000 reviews ("), "\(text)")
        #expect(!text.contains("Only the first-review stabilities"), "\(text)")
        let median = try #require(text.range(of: "Median stability ")).upperBound
        #expect(text[median...].contains(" d → "), "\(text)")
    }

    /// object: the one JSON object a command printed.
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("--json --dry-run prints one object with the issue's keys and changes nothing; a real run applies")
    func jsonAndApply() throws {
        let (home, arguments) = try history()
        let dry = try runKuchi(["optimize", "--json", "--dry-run"] + arguments)
        #expect(dry.status == 0, "\(dry.standardError)")
        let result = try object(dry.standardOutput)
        #expect(Set(result.keys) == ["outcome", "reviews", "items", "parameters", "previous_parameters", "log_loss_before",
                                     "log_loss_after", "rmse_bins_before", "rmse_bins_after", "applied"])
        #expect(result["outcome"] as? String == "trained")
        #expect(result["reviews"] as? Int == 6000)
        #expect((result["parameters"] as? [Double])?.count == 21)
        #expect(result["previous_parameters"] as? [Double] == FSRSParameters.defaults)
        #expect(result["applied"] as? Bool == false)
        let shown = try object(try runKuchi(["optimize", "--show", "--json"] + arguments).standardOutput)
        #expect(shown["source"] as? String == "defaults", "a dry run changes nothing")

        let real = try runKuchi(["optimize"] + arguments)
        #expect(real.status == 0, "\(real.standardError)")
        #expect(real.standardOutput.hasPrefix("Fitted to 6 000 reviews ("), "\(real.standardOutput)")
        #expect(real.standardOutput.contains("Kuchi uses your parameters from now on."))
        let after = try object(try runKuchi(["optimize", "--show", "--json"] + arguments).standardOutput)
        #expect(after["source"] as? String == "fitted")
        #expect(after["parameters"] as? [Double] == result["parameters"] as? [Double], "the same fit, applied")
        let text = try runKuchi(["optimize", "--show"] + arguments).standardOutput
        #expect(text.contains("Kuchi uses your own parameters, fitted to your reviews here on"))
        #expect(text.contains("w[20] = "))

        let reset = try runKuchi(["optimize", "--reset"] + arguments)
        #expect(reset.standardOutput.contains("Back to the default parameters"))
        let back = try object(try runKuchi(["optimize", "--show", "--json"] + arguments).standardOutput)
        #expect(back["source"] as? String == "reset" && back["is_default"] as? Bool == true)
        _ = home
    }

    @Test("Bad flags and an unknown learner: a sentence and exit status 2; no reviews: not enough yet")
    func refusals() throws {
        let (home, arguments) = try history()
        for bad in [["--epochs", "0"], ["--batch-size", "0"], ["--show", "--reset"], ["--show", "--dry-run"], ["--epochs", "x"]] {
            let run = try runKuchi(["optimize"] + bad + arguments)
            #expect(run.status == 2, "\(bad)")
            #expect(!run.standardError.isEmpty)
        }
        let unknown = try runKuchi(["optimize", "--profile", "Nobody"] + arguments)
        #expect(unknown.status == 2 && unknown.standardError.contains("no saved profile named"))
        // A learner who never answered on this machine: nothing to fit, nothing created.
        let empty = home.file("empty")
        let none = try runKuchi(["optimize", "--data-dir", empty.path, "--config-dir", home.file("config").path])
        #expect(none.status == 0)
        #expect(none.standardOutput.hasPrefix("Not enough reviews yet: 0 usable, 8 needed"), "\(none.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: empty.appendingPathComponent("kuchi.sqlite").path))
    }
}
