import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// MemoryE2ETests: Kuchi remembers, in a real terminal — a session quit in the middle comes
/// back as it was, two windows on one learner both keep their answers, and a day passing makes
/// the words answered yesterday due (Debian's `faketime` moves the clock).
@Suite(.requiresTmux)
struct MemoryE2ETests {
    /// export: `kuchi export reviews|cards` for the launch folder's learner.
    func export(_ what: String, in directory: TemporaryDirectory, launcher: [String] = []) throws -> ProcessResult {
        try runKuchiThrough(launcher, ["export", what], directory: directory)
    }

    @Test(arguments: ["q", "SIGTERM", "SIGHUP"])
    func quittingMidSessionContinuesTheSameSession(how: String) throws {
        let first = try KuchiApp(["--questions", "5"])
        try first.registerAndStart()
        try first.answer(right: true)
        try first.answer(right: false)
        let before = try first.challenge()
        #expect(before.score == [1, 5, 1, 0])
        switch how {
        case "q":
            try first.session.sendKeys("q")
            try first.session.waitForText("Continue 1/5")
            try first.session.sendKeys("q")
        case "SIGTERM": try first.send(signal: SIGTERM)
        default: try first.send(signal: SIGHUP)
        }
        _ = try first.session.waitForExit()

        let second = try KuchiApp(["--questions", "5"], directory: first.directory)
        try second.session.waitForText("Continue 1/5")
        try second.session.sendKeys("Enter")
        let resumed = try second.waitForChallenge("the session resumed")
        #expect(resumed.word == before.word, "the same word")
        #expect(resumed.score == before.score, "the same score")
        #expect(resumed.choices.map(\.text) == before.choices.map(\.text), "the same choices")
    }

    @Test func twoWindowsOnOneLearnerBothKeepTheirAnswers() throws {
        let first = try KuchiApp()
        try first.registerAndStart()
        let second = try KuchiApp(directory: first.directory)
        try second.session.waitForText("Hi, さくら")
        try second.session.sendKeys("Enter")
        try second.waitForChallenge("the second window's quiz")
        try first.answer(right: true)
        try second.answer(right: true)
        try second.answer(right: false)
        try first.answer(right: true)
        for app in [first, second] {
            try app.session.sendKeys("q")
            try app.session.waitForText("Hi, さくら")
            try app.session.sendKeys("q")
            _ = try app.session.waitForExit()
        }
        let reviews = try export("reviews", in: first.directory)
        #expect(reviews.status == 0, "\(reviews.standardError)")
        let rows = reviews.standardOutput.split(separator: "\n").dropFirst()
        // Three first answers (Good, Good, Again) and one more Good: every answer of both windows.
        #expect(rows.count == 4, "\(reviews.standardOutput)")
        #expect(rows.filter { $0.split(separator: ",")[2] == "1" }.count == 1, "one Again")
    }

    @Test func aDayLaterYesterdaysWordsAreDue() throws {
        let first = try KuchiApp(["--questions", "3"])
        try first.registerAndStart()
        _ = try first.answerThreeRightAndQuit()

        let now = try runKuchiThrough([], ["due"], directory: first.directory)
        #expect(now.status == 1, "nothing is due right after learning: \(now.standardOutput)")
        #expect(now.standardOutput.hasPrefix("0 due now, 7 new available, next review "))

        let tomorrow = try runKuchiThrough(["faketime", "-f", "+1d"], ["due"], directory: first.directory)
        #expect(tomorrow.status == 0, "\(tomorrow.standardOutput)\(tomorrow.standardError)")
        #expect(tomorrow.standardOutput.hasPrefix("3 due now, 10 new available"), "a new day brings new words again")

        let later = try KuchiApp(directory: first.directory, launcher: ["faketime", "-f", "+1d"])
        let welcome = try later.session.waitForText("3 due now")
        #expect(joinedScreen(welcome).contains("10 new today"))
    }
}

/// runKuchiThrough: `kuchi ARGS` (optionally under a launcher such as faketime) with a launch
/// folder's profiles and progress; standard input from /dev/null. `timeout` is how long it may
/// take to exit: generous for commands whose work grows with the data (a loaded two-core
/// machine runs a debug build many times slower than a desk).
func runKuchiThrough(_ launcher: [String], _ arguments: [String], directory: TemporaryDirectory,
                     timeout: Duration = .seconds(10)) throws -> ProcessResult {
    let environment = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
        "XDG_CONFIG_HOME": directory.file("config").path, "XDG_DATA_HOME": directory.file("data").path,
    ]
    let kuchi = try kuchiExecutable()
    FakeTime.prepare(launcher)
    guard let tool = launcher.first else { return try ProcessRunner.run(kuchi, arguments, environment: environment, timeout: timeout) }
    let path = try #require(["/usr/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.isExecutableFile(atPath: $0) },
                            "\(tool) is not installed: run scripts/install-deps --tests")
    return try ProcessRunner.run(URL(fileURLWithPath: path), Array(launcher.dropFirst()) + [kuchi.path] + arguments,
                                 environment: environment, timeout: timeout)
}
