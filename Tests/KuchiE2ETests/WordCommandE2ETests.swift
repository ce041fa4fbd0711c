import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// `kuchi word` (issue 29) over a generated history: the same cards and reviews as `kuchi export
/// cards`/`reviews`, its exit statuses, `--suspend`; and `kuchi due --list`.
struct WordCommandE2ETests {
    /// History: a generated learner, deck and database.
    struct History {
        let home: TemporaryDirectory
        let options: [String]
        let deck: Deck

        init() throws {
            home = try TemporaryDirectory()
            let (data, config, deckFile) = (home.file("data"), home.file("config"), home.file("deck.json"))
            let made = try ProcessRunner.run(kuchiExecutable(named: "kuchi-bench"), [
                "make-history", "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana",
                "--cards", "12", "--reviews", "150", "--deck-out", deckFile.path, "--seed", "5",
            ], timeout: .seconds(60))
            #expect(made.status == 0, "\(made.standardError)")
            options = ["--deck", deckFile.path, "--data-dir", data.path, "--config-dir", config.path, "--profile", "Hana"]
            deck = try Deck.load(from: deckFile)
        }

        /// csv: an export's rows (no quoted fields in a generated history), header dropped.
        func csv(_ kind: String) throws -> [[String]] {
            let result = try runKuchi(["export", kind] + options.filter { $0 != "--deck" && !$0.hasSuffix("deck.json") }, environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        }
    }

    @Test("kuchi word --json equals kuchi export cards and reviews for every word of a generated history")
    func equalsExports() throws {
        let history = try History()
        let cards = try history.csv("cards")
        let reviews = try history.csv("reviews")
        #expect(!cards.isEmpty && !reviews.isEmpty)
        let iso = ISO8601DateFormatter()
        let isoMilliseconds = ISO8601DateFormatter()
        isoMilliseconds.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let states = ["new", "learning", "review", "relearning"]
        for card in cards {
            let (id, question, direction) = (card[0], card[2], card[5])
            let result = try runKuchi(["word", question, "--json"] + history.options, environment: ["TZ": "UTC"])
            #expect(result.status == 0, "\(result.standardError)")
            let page = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(Set(page.keys) == ["word", "reading", "meaning", "kanji", "accent", "sentences", "cards"])
            #expect(page["word"] as? String == question)
            let shown = try #require((page["cards"] as? [[String: Any]])?.first { $0["direction"] as? String == direction })
            #expect(Set(shown.keys) == ["direction", "state", "suspended", "leech", "stability", "difficulty", "retrievability", "due", "reviews"])
            #expect(shown["state"] as? String == states[Int(card[6]) ?? 0])
            #expect(abs((shown["stability"] as? Double ?? -1) - (Double(card[8]) ?? -2)) < 1e-9)
            #expect(abs((shown["difficulty"] as? Double ?? -1) - (Double(card[9]) ?? -2)) < 1e-9)
            let due = try #require((shown["due"] as? String).flatMap(isoMilliseconds.date(from:)))
            #expect(Int(due.timeIntervalSince1970) == Int(iso.date(from: card[10])?.timeIntervalSince1970 ?? -1))
            #expect(shown["leech"] as? Bool == ((Int(card[13]) ?? 0) >= 8))
            let logged = reviews.filter { $0[0] == id }
            let listed = try #require(shown["reviews"] as? [[String: Any]])
            #expect(listed.count == logged.count, "\(question): every review")
            for (entry, row) in zip(listed, logged) {
                let time = try #require((entry["time"] as? String).flatMap(isoMilliseconds.date(from:)))
                #expect(Int64((time.timeIntervalSince1970 * 1000).rounded()) == Int64(row[1]))
                #expect(entry["rating"] as? Int == Int(row[2]))
                #expect((entry["interval_days"] as? Double ?? -1) >= 0)
            }
        }
    }

    @Test("kuchi word: exit 1 for no such word, 2 for usage; --suspend takes the word out of kuchi due --list")
    func statusesAndSuspend() throws {
        let history = try History()
        let missing = try runKuchi(["word", "ありえない言葉"] + history.options)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no word"), "\(missing.standardError)")
        #expect(try runKuchi(["word"] + history.options).status == 2)
        #expect(try runKuchi(["word", "x", "--suspend", "--unsuspend"] + history.options).status == 2)
        #expect(try runKuchi(["due", "--json"] + history.options).status == 2, "--json goes with --list")

        let quiet = try runKuchi(["due", "--quiet"] + history.options, environment: ["TZ": "UTC"])
        let list = try runKuchi(["due", "--list"] + history.options, environment: ["TZ": "UTC"])
        let lines = list.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("due  ") }.count == Int(quiet.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)),
                "one line per due card: \(list.standardOutput)")
        #expect(lines.allSatisfy { $0.hasPrefix("due  ") || $0.hasPrefix("new  ") })
        let first = try #require(lines.first?.split(separator: " ", omittingEmptySubsequences: true))
        let word = String(first[1])

        let suspended = try runKuchi(["word", word, "--suspend", "--json"] + history.options)
        #expect(suspended.status == 0, "\(suspended.standardError)")
        #expect(suspended.standardOutput.contains("\"suspended\": true"))
        let after = try runKuchi(["due", "--list", "--json"] + history.options, environment: ["TZ": "UTC"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [String: [[String: String]]])
        #expect(Set(json.keys) == ["due", "new"])
        #expect(!(json["due"] ?? []).contains { $0["word"] == word }, "a suspended word is not listed")
        #expect((json["due"] ?? []).count == lines.filter { $0.hasPrefix("due  ") }.count - 1)
        let back = try runKuchi(["word", word, "--unsuspend", "--json"] + history.options)
        #expect(back.standardOutput.contains("\"suspended\": false"))
    }

    @Test("kuchi word: a reading several words share is refused (exit 2, the written forms named) for the page, --json and --suspend")
    func sharedReadingRefused() throws {
        let history = try History()
        // The learner's own deck: the bundled one, where あつい is 暑い, 熱い and 厚い.
        let bundled = Array(history.options.dropFirst(2))
        for extra in [[], ["--json"], ["--suspend"], ["--unsuspend"]] {
            let result = try runKuchi(["word", "あつい"] + extra + bundled)
            #expect(result.status == 2, "\(extra): \(result.standardOutput)")
            #expect(result.standardOutput.isEmpty)
            #expect(["暑い", "熱い", "厚い", "written form"].allSatisfy(result.standardError.contains), "\(result.standardError)")
        }
        let export = try runKuchi(["export", "reviews"] + bundled)
        #expect(!export.standardOutput.contains("暑い"), "nothing was suspended or written")
        let written = try runKuchi(["word", "熱い", "--json"] + bundled)
        #expect(written.status == 0 && written.standardOutput.contains("\"word\": \"熱い\""))
        let unique = try runKuchi(["word", "ねこ"] + bundled)
        #expect(unique.status == 0 && unique.standardOutput.hasPrefix("猫"), "\(unique.standardOutput)")
    }

    @Test("kuchi due --list follows the settings kuchi config keeps (direction, new words per day), as the summary line does")
    func listFollowsTheLearnersSettings() throws {
        let history = try History()
        let bundled = Array(history.options.dropFirst(2))
        #expect(try runKuchi(["config", "direction", "en-jp"] + bundled).status == 0)
        #expect(try runKuchi(["config", "new-words-per-day", "3"] + bundled).status == 0)
        let summary = try runKuchi(["due"] + history.options, environment: ["TZ": "UTC"])
        let list = try runKuchi(["due", "--list"] + history.options, environment: ["TZ": "UTC"])
        let lines = list.standardOutput.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasSuffix("  en-jp") }, "\(list.standardOutput)")
        #expect(lines.filter { $0.hasPrefix("new  ") }.count == 3, "\(list.standardOutput)")
        let due = lines.filter { $0.hasPrefix("due  ") }.count
        #expect(summary.standardOutput.hasPrefix("\(due) due now, 3 new available"), "\(summary.standardOutput)")
    }
}
