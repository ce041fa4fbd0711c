import Foundation
import Testing

/// A deck with three problems: entry 2 lacks its pronunciation, entry 3 repeats entry 1's
/// answer (ignoring case), and entry 4 has kanji without a reading.
private let badDeck = """
    {"title": "Broken", "challenges": [
      {"question": "ねこ", "pronunciation": "neko", "answer": "cat"},
      {"question": "いぬ", "answer": "dog"},
      {"question": "とり", "pronunciation": "tori", "answer": "Cat"},
      {"question": "魚", "pronunciation": "sakana", "answer": "fish"}
    ]}
    """

/// The command line: subcommands and option errors (no terminal needed), then the start-up
/// checks that need a real terminal to get that far.
struct CommandLineE2ETests {
    @Test func versionPrintsAndExitsZero() throws {
        let result = try runKuchi(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).firstMatch(of: #/^\d+\.\d+\.\d+$/#) != nil)
        #expect(result.standardError.isEmpty)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpPrintsUsageAndExitsZero(_ arguments: [String]) throws {
        let result = try runKuchi(arguments)
        #expect(result.status == 0)
        for text in ["USAGE: kuchi", "--deck <name-or-file>", "--questions <n>", "--profile <name>", "--config-dir <dir>", "check-deck", "decks"] {
            #expect(result.standardOutput.contains(text), "help mentions \(text)")
        }
    }

    @Test func subcommandHelpExitsZero() throws {
        let result = try runKuchi(["check-deck", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: kuchi check-deck <file>"))
    }

    @Test func unknownOptionExitsTwo() throws {
        let result = try runKuchi(["--bogus"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("Unknown option '--bogus'"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func questionsOutOfRangeExitsTwo() throws {
        let result = try runKuchi(["--questions", "99"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--questions must be between 3 and 20, not 99."))
    }

    @Test func checkDeckAcceptsTheBundledDeck() throws {
        let result = try runKuchi(["check-deck", "Resources/challenges.json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Resources/challenges.json: valid — 1395 entries in 27 categories, 0 problems\n")
    }

    @Test func checkDeckListsEveryProblem() throws {
        let directory = try TemporaryDirectory()
        try Data(badDeck.utf8).write(to: directory.file("bad.json"))
        let result = try runKuchi(["check-deck", "bad.json"], in: directory.url)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.contains("entry 2, field pronunciation: missing"))
        #expect(lines.contains { $0.hasPrefix("entry 3, field answer: \"Cat\" is already the answer of entry 1") })
        #expect(lines.contains { $0.hasPrefix("entry 4, field reading: missing") })
        #expect(lines.last == "bad.json: 3 problems")
    }

    @Test func checkDeckWithoutAFileExitsTwo() throws {
        let result = try runKuchi(["check-deck"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("Missing expected argument"))
    }

    @Test func checkDeckOfAMissingFileExitsTwoWithItsReason() throws {
        let result = try runKuchi(["check-deck", "/nonexistent/deck.json"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "/nonexistent/deck.json: cannot be read: there is no such file\n")
    }

    @Test func checkDeckGivesTheLineAndColumnOfAJSONSyntaxError() throws {
        let directory = try TemporaryDirectory()
        let text = "{\n  \"title\": \"T\",\n  \"challenges\": [\n    {\"question\": \"ねこ\" \"answer\": \"cat\"}\n  ]\n}\n"
        try Data(text.utf8).write(to: directory.file("broken.json"))
        let result = try runKuchi(["check-deck", "broken.json"], in: directory.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("line 4, column 23: expected ',' or '}'"))
    }

    @Test func decksListsTheBundledDeck() throws {
        let result = try runKuchi(["decks"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("challenges.json"))
        #expect(result.standardOutput.contains("1395 entries"))
        #expect(result.standardOutput.contains("27 categories"))
        #expect(result.standardOutput.contains("Kuchi deck (JLPT N5 and N4)"))
    }

    @Test func withoutATerminalExitsOneWithOneSentence() throws {
        let directory = try TemporaryDirectory()
        let result = try runKuchi([], environment: ["XDG_CONFIG_HOME": directory.url.path])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("kuchi: ") == true)
        #expect(lines.first?.contains("terminal") == true)
        #expect(lines.first?.hasSuffix(".") == true)
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("kuchi").path))
    }
}

/// Start-up failures that only a real terminal reaches (the TTY check comes first).
@Suite(.requiresTmux)
struct CommandLineTerminalE2ETests {
    @Test func badDeckFailsBeforeTheScreen() throws {
        let directory = try TemporaryDirectory()
        try Data(badDeck.utf8).write(to: directory.file("bad.json"))
        let app = try KuchiApp(["--deck", "bad.json"], directory: directory)
        #expect(try app.session.waitForExit() == 1)
        let error = app.standardError()
        #expect(error.contains("3 problems"))
        #expect(error.contains("entry 2, field pronunciation: missing"))
        #expect(error.contains("entry 3, field answer:"))
        #expect(!FileManager.default.fileExists(atPath: app.log.url.path), "the app drew a screen")
        #expect(try app.session.capture().filter { !$0.isEmpty } == ["kuchi-e2e: started", "kuchi-e2e: exited 1"])
    }

    @Test func dumbTerminalExitsOneMentioningTERM() throws {
        let app = try KuchiApp(environment: ["TERM": "dumb"])
        #expect(try app.session.waitForExit() == 1)
        let lines = app.standardError().split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("kuchi: ") == true)
        #expect(lines.first?.contains("TERM") == true)
        #expect(!FileManager.default.fileExists(atPath: app.log.url.path))
        #expect(try app.session.isCursorVisible())
    }

    @Test func questionsOptionSetsTheSessionLengthOnly() throws {
        let app = try KuchiApp(["--questions", "4"])
        let first = try app.registerAndStart()
        #expect(first.total == 4)
        try app.waitForProfiles("the saved setting unchanged") { $0.first?.numberOfQuestions == 6 }
    }
}
