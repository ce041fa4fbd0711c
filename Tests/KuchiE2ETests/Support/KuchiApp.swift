import Foundation
import KuchiCore
import KuchiData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// KuchiApp runs the real `kuchi` in a tmux pane with a private configuration folder.
///
/// Every launch gets `XDG_CONFIG_HOME=<dir>/config`, its own render log and stderr file in
/// `<dir>`, and `KUCHI_SEED=1`. Pass the same `directory` to relaunch with the saved profiles
/// and progress; `launcher` runs kuchi through another command (`faketime -f +1d`).
///
/// kuchi runs under a small shell that prints `kuchi-e2e: started` before it and
/// `kuchi-e2e: exited N` after it on the normal screen, so a test can see that the alternate
/// screen was left; kuchi's stderr goes to `standardErrorURL`.
final class KuchiApp: Sendable {
    let directory: TemporaryDirectory
    let session: TmuxSession
    let log: RenderLog
    let standardErrorURL: URL

    static let shellScript = #"""
        printf 'kuchi-e2e: started\n'
        trap : INT TERM HUP
        "$@" 2>>"$KUCHI_E2E_STDERR"
        status=$?
        printf 'kuchi-e2e: exited %s\n' "$status"
        exit "$status"
        """#

    init(
        _ arguments: [String] = [],
        columns: Int = 100,
        rows: Int = 30,
        directory: TemporaryDirectory? = nil,
        environment: [String: String] = [:],
        launcher: [String] = []
    ) throws {
        let directory = try directory ?? TemporaryDirectory()
        FakeTime.prepare(launcher)
        let tag = UUID().uuidString.prefix(8).lowercased()
        self.directory = directory
        log = RenderLog(url: directory.file("render-\(tag).log"))
        standardErrorURL = directory.file("stderr-\(tag).txt")
        var variables = [
            "XDG_CONFIG_HOME": directory.file("config").path,
            "XDG_DATA_HOME": directory.file("data").path,
            "KUCHI_RENDER_LOG": log.url.path,
            "KUCHI_SEED": "1",
            "KUCHI_E2E_STDERR": standardErrorURL.path,
        ]
        variables.merge(environment) { _, explicit in explicit }
        session = try TmuxSession(
            command: ["/bin/sh", "-c", Self.shellScript, "kuchi-e2e-shell"] + launcher + [try kuchiExecutable().path] + arguments,
            columns: columns, rows: rows, environment: variables, workingDirectory: directory.url)
    }

    // MARK: Files

    var profilesDirectory: URL { directory.file("config/kuchi/profiles") }

    /// The saved profile files (`*.json`), sorted by name.
    func profileFiles() -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: profilesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { profilesDirectory.appendingPathComponent($0) }
    }

    /// Every saved profile parsed as JSON (throws if one is not valid JSON).
    func savedProfiles() throws -> [SavedProfile] {
        try profileFiles().map { try SavedProfile(url: $0, configDirectory: directory.file("config/kuchi"), dataDirectory: directory.file("data/kuchi")) }
    }

    /// Polls the saved profiles until `condition` holds; throws with what was on disk at the deadline.
    @discardableResult
    func waitForProfiles(
        _ description: String, timeout: Duration = .seconds(5), _ condition: ([SavedProfile]) -> Bool
    ) throws -> [SavedProfile] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let profiles = (try? savedProfiles()) ?? []
            if condition(profiles) { return profiles }
            if ContinuousClock.now >= deadline {
                let files = profileFiles().map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "(unreadable)" }
                throw HarnessError.invalidArgument(
                    "timed out waiting for saved profiles: \(description); on disk:\n" + files.joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// What kuchi wrote to stderr so far.
    func standardError() -> String {
        (try? String(contentsOf: standardErrorURL, encoding: .utf8)) ?? ""
    }

    // MARK: Process

    /// The pid of the running kuchi: the descendant of the pane's process called `kuchi`.
    func pid() throws -> pid_t {
        guard let root = Int32(try session.display("#{pane_pid}")) else {
            throw HarnessError.invalidArgument("tmux gave no pane_pid")
        }
        var frontier = [root]
        while let parent = frontier.popLast() {
            for (child, name) in ProcessTable.children(of: parent) {
                if name == "kuchi" { return child }
                frontier.append(child)
            }
        }
        throw HarnessError.invalidArgument("no kuchi process under pane pid \(root)")
    }

    /// Sends `signal` to kuchi (not to the shells around it).
    func send(signal: Int32) throws {
        let target = try pid()
        guard kill(target, signal) == 0 else {
            throw HarnessError.invalidArgument("kill(\(target), \(signal)) failed: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: Screens

    /// Waits for the Register screen.
    @discardableResult
    func waitForRegister() throws -> [String] {
        try session.waitForText("Type your name to start learning Japanese words.")
    }

    /// On Register: types `name`, presses Enter and waits for Welcome.
    func register(name: String) throws {
        try waitForRegister()
        try session.type(name)
        try session.waitForText("✓ \(name.count) characters")
        try session.sendKeys("Enter")
        try session.waitForText("Hi, \(name)")
    }

    /// On Welcome: Enter, then waits for the challenge's first word.
    @discardableResult
    func start() throws -> ChallengeView {
        try session.sendKeys("Enter")
        return try waitForChallenge("the first challenge") { $0.answered == 0 }
    }

    /// Registers `name` (Remember me on), then starts the challenge.
    @discardableResult
    func registerAndStart(name: String = "さくら") throws -> ChallengeView {
        try register(name: name)
        return try start()
    }

    /// Waits until the screen shows a challenge for which `condition` holds, on two captures in
    /// a row that are the same screen (a capture can land mid-paint; callers compare screens).
    @discardableResult
    func waitForChallenge(
        _ description: String, timeout: Duration = .seconds(10), _ condition: (ChallengeView) -> Bool = { _ in true }
    ) throws -> ChallengeView {
        var view: ChallengeView?
        var taught: [String]?
        var confirmed: [String]?
        var previous: [String]?
        try session.waitFor(description, timeout: timeout) { screen in
            defer { previous = screen }
            // A right answer's verdict waits for a key (issue 29): Enter goes on to the next card.
            if screen.contains(where: { $0.contains("─ Right · ") }) {
                if screen != confirmed, (try? session.sendKeys("Enter")) != nil { confirmed = screen }
                return false
            }
            // A word met for the first time is taught first (a New word card): Enter goes on
            // to its question, once per card shown.
            if screen.contains(where: { $0.contains("─ New word · ") }) {
                if screen != taught, (try? session.sendKeys("Enter")) != nil { taught = screen }
                return false
            }
            view = ChallengeView(screen: screen)
            return screen == previous && (view.map(condition) ?? false)
        }
        return view!
    }

    /// answerThreeRightAndQuit: さくら's three-question session answered right, then back to
    /// Welcome and quit; returns the exit status.
    func answerThreeRightAndQuit() throws -> Int32 {
        for _ in 0..<3 { try answer(right: true) }
        try session.waitForText("Congratulations, さくら!")
        try session.sendKeys("q")
        try session.waitForText("Hi, さくら")
        try session.sendKeys("q")
        return try session.waitForExit()
    }

    /// The challenge on screen now (throws when the screen is not a readable challenge).
    func challenge() throws -> ChallengeView {
        try waitForChallenge("a readable challenge screen", timeout: .seconds(2))
    }

    /// Answers the challenge on screen with its right or a wrong (untried) choice, and waits
    /// until the answer shows: the next word (or Congratulations) for a right one, the choice
    /// marked ✗ for a wrong one. Returns the challenge that was answered and the digit pressed.
    @discardableResult
    func answer(right: Bool) throws -> (before: ChallengeView, digit: Int) {
        let before = try challenge()
        let digit = try right ? before.rightDigit() : before.wrongDigit()
        try session.sendKeys("\(digit)")
        if right {
            try session.waitFor("answer \(digit) to count") { screen in
                screen.contains { $0.contains("Answered \(before.answered + 1)/") || $0.contains("Congratulations, ") }
            }
        } else {
            try waitForChallenge("choice \(digit) marked wrong") { view in
                view.choices.first { $0.digit == digit }?.tried == true && view.joined.contains("Oh no!")
            }
        }
        return (before, digit)
    }

    /// Waits for the too-small message for this size (it may wrap over several rows).
    @discardableResult
    func waitForTooSmall(columns: Int, rows: Int) throws -> [String] {
        let message = "Terminal too small — need at least 40×12, now \(columns)×\(rows)"
        return try session.waitFor("the too-small message for \(columns)×\(rows)") { joinedScreen($0).contains(message) }
    }
}

/// The screen's rows trimmed and joined with single spaces, so wrapped sentences read whole.
func joinedScreen(_ screen: [String]) -> String {
    screen.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
}

/// SavedProfile is one profile file read back as plain JSON (as another program would).
struct SavedProfile: @unchecked Sendable {
    let url: URL
    let json: [String: Any]

    /// logged: the learner's settings as the learner database's log holds them (JSON values).
    let logged: [String: Any]

    /// init: the file at `url`; its learner's settings are read from the learner database in
    /// `dataDirectory`, where Kuchi keeps them (the file keeps this machine's part).
    init(url: URL, configDirectory: URL? = nil, dataDirectory: URL? = nil) throws {
        self.url = url
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let json = object as? [String: Any], json["profile"] is [String: Any] else {
            throw HarnessError.invalidArgument("\(url.lastPathComponent) is JSON but not a profile: \(object)")
        }
        self.json = json
        var logged: [String: Any] = [:]
        if let configDirectory, let dataDirectory,
           let id = ((json["profile"] as? [String: Any])?["id"] as? String).flatMap(UUID.init(uuidString:)),
           let saved = try? ProfileStore(directory: configDirectory).profile(id),
           let database = (try? LearnerDatabase.openReadOnly(directory: dataDirectory)) ?? nil,
           let data = try? JSONEncoder().encode(database.settings(of: saved).settings),
           let values = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            logged = values
        }
        self.logged = logged
    }

    var profile: [String: Any] { json["profile"] as? [String: Any] ?? [:] }
    var name: String? { profile["name"] as? String }
    /// settings: the file's settings object with the logged settings over it.
    var settings: [String: Any] { (profile["settings"] as? [String: Any] ?? [:]).merging(logged) { _, logged in logged } }
    var numberOfQuestions: Int? { settings["numberOfQuestions"] as? Int }
    var learningEnabled: Bool? { settings["learningEnabled"] as? Bool }
}

/// ProcessTable reads Linux's /proc to find a process's children.
enum ProcessTable {
    /// The direct children of `parent` with their command names.
    static func children(of parent: pid_t) -> [(pid: pid_t, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid_t, String)? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            // "pid (comm) state ppid ...": comm may hold spaces, so split after the last ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, pid_t(fields[1]) == parent else { return nil }
            return (pid, String(stat[stat.index(after: open)..<close]))
        }
    }
}
