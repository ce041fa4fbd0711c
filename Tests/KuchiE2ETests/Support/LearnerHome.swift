import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
import KuchiDeck
import KuchiData

/// LearnerHome: a temporary home with one saved learner ("Sakura") and, on request, a learner
/// database with as many reviews as a test needs, for running `kuchi` under a shell snippet
/// (redirections, pipes closed early, FIFOs) outside tmux.
final class LearnerHome: Sendable {
    let directory: TemporaryDirectory
    let learner = Profile(name: "Sakura", lastUsed: Date(timeIntervalSince1970: 1_700_000_000))
    var config: URL { directory.file("config") }
    var data: URL { directory.file("data") }
    var databaseURL: URL { data.appendingPathComponent(LearnerDatabase.fileName) }

    init() throws {
        directory = try TemporaryDirectory()
        try ProfileStore(directory: config).save(learner)
    }

    /// addReviews: `count` Good answers to the learner's first bundled card, one second apart,
    /// written in one transaction by Python's sqlite3 (thousands of answers through the app's own
    /// path would take a minute).
    func addReviews(_ count: Int, startingAt start: Date = Date().addingTimeInterval(-86_400)) throws {
        let database = LearnerDatabase.open(directory: data)
        #expect(database.problem == nil)
        let card = try #require(try database.cards(learner: learner.id, deck: Deck.bundled()).cards.first).id
        let milliseconds = Int64(start.timeIntervalSince1970 * 1000)
        try python("""
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.executemany("INSERT INTO review (card, time, rating, state, duration) VALUES (?, ?, 3, 2, 1500)",
                          [(int(sys.argv[2]), int(sys.argv[3]) + 1000 * i) for i in range(int(sys.argv[4]))])
            c.commit()
            """, [databaseURL.path, String(card), String(milliseconds), String(count)])
    }

    /// python: runs a Python 3 script (failing the test when it fails).
    @discardableResult
    func python(_ script: String, _ arguments: [String] = []) throws -> ProcessResult {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments,
                                           environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(result.status == 0, "python: \(result.standardError)")
        return result
    }

    /// shell: runs `script` under `shell` (sh, or bash for process substitution) in the home
    /// folder, with `$KUCHI` the binary and the learner's folders in the XDG variables.
    func shell(_ script: String, shell: String = "/bin/sh", environment: [String: String] = [:],
               timeout: Duration = .seconds(20)) throws -> ProcessResult {
        var variables = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
            "KUCHI": try kuchiExecutable().path, "HOME": directory.url.path,
            "XDG_CONFIG_HOME": config.deletingLastPathComponent().appendingPathComponent("config-xdg").path,
            "XDG_DATA_HOME": data.deletingLastPathComponent().appendingPathComponent("data-xdg").path,
        ]
        variables.merge(environment) { _, explicit in explicit }
        let wrapped = "cd \"$HOME\" || exit 99\n" + script
        variables["KUCHI_CONFIG"] = config.path
        variables["KUCHI_DATA"] = data.path
        return try ProcessRunner.run(URL(fileURLWithPath: shell), ["-c", wrapped], environment: variables, timeout: timeout)
    }

    /// folders: the options that point `kuchi` at this home's folders, for a script.
    static let folders = "--config-dir \"$KUCHI_CONFIG\" --data-dir \"$KUCHI_DATA\""
}
