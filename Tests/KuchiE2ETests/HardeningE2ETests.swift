import Foundation
import KuchiCore
import Testing
import KuchiMemory
import KuchiData
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile terminals, locales, input bytes and signals, with the real binary in tmux: Kuchi
/// says what is wrong in one sentence or carries on, and never leaves the terminal broken or a
/// profile damaged. (TERM=dumb's message, SIGHUP/SIGTERM/Ctrl-C exits and both stdin and stdout
/// redirected are in CommandLineE2ETests and ExitE2ETests.)
@Suite(.requiresTmux)
struct HardeningE2ETests {
    /// expectOneSentenceExit: kuchi ended with 1 before drawing, said why in one line, and the
    /// terminal shows nothing but the wrapper's lines.
    func expectOneSentenceExit(_ shell: ShellKuchi, mentioning word: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let session = shell.session
        #expect(try session.waitForExit() == 1, sourceLocation: sourceLocation)
        let lines = shell.standardError().split(separator: "\n")
        #expect(lines.count == 1, "\(lines)", sourceLocation: sourceLocation)
        #expect(lines.first?.hasPrefix("kuchi: ") == true && lines.first?.hasSuffix(".") == true, sourceLocation: sourceLocation)
        #expect(lines.first?.contains(word) == true, "\(lines)", sourceLocation: sourceLocation)
        #expect(try session.nonBlankRows() == ["kuchi-e2e: started", "kuchi-e2e: exited 1"], sourceLocation: sourceLocation)
        #expect(try session.display("#{alternate_on}") == "0", sourceLocation: sourceLocation)
        #expect(try session.isCursorVisible(), sourceLocation: sourceLocation)
    }

    // MARK: Terminals and locales

    @Test(arguments: [("TERM=dumb", "dumb"), ("TERM=vt-imaginary-9000", "vt-imaginary-9000"), ("unset TERM", "not set")])
    func unusableTerminalTypesExitOneWithOneSentence(setting: String, word: String) throws {
        let shell = try ShellKuchi("\(setting.hasPrefix("unset") ? setting : "export " + setting)\n\"$KUCHI\" 2>>\"$KUCHI_E2E_STDERR\"")
        try expectOneSentenceExit(shell, mentioning: word)
    }

    @Test(arguments: ["\"$KUCHI\" </dev/null", "printf 'abc\\n' | \"$KUCHI\"", "\"$KUCHI\" >/dev/null"])
    func redirectedStdinOrStdoutExitsOneWithOneSentence(command: String) throws {
        let shell = try ShellKuchi("\(command) 2>>\"$KUCHI_E2E_STDERR\"")
        try expectOneSentenceExit(shell, mentioning: "terminal")
    }

    @Test(arguments: [["LANG": "C", "LC_ALL": "C"], ["LANG": "", "LC_ALL": "POSIX"]])
    func nonUTF8LocaleStillShowsAndTakesJapanese(locale: [String: String]) throws {
        let app = try KuchiApp(environment: locale)
        let session = app.session
        let register = try app.waitForRegister()
        let border = try #require(register.firstIndex { $0.contains("╭─ Name") })
        try session.type("さくら")
        let typed = try session.waitForText("✓ 3 characters")
        #expect(typed[border + 1].contains("│ さくら "))
        let fieldStart = try #require(typed[border + 1].firstIndex(of: "│")).utf16Offset(in: typed[border + 1])
        #expect(try session.cursorPosition() == .init(column: fieldStart + 2 + 6, row: border + 1), "さくら is 6 columns wide")
        try session.sendKeys("Enter")
        try session.waitForText("Hi, さくら")
        let first = try app.start()  // parsed between box edges: the borders line up with the kana
        try app.answer(right: true)
        #expect(try app.challenge().answered == 1, "after \(first.word.question)")
        #expect(app.standardError().isEmpty)
    }

    // MARK: Input

    @Test func invalidUTF8BytesDoNotSwallowWhatFollows() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.waitForRegister()
        try session.sendBytes([0xFF, 0xFE, 0xC3, 0x28])  // two bytes UTF-8 never uses, a lead byte cut short by "("
        try session.type("さくら")
        var screen = try session.waitForText("✓ 4 characters")
        #expect(screen.contains { $0.contains("│ (さくら ") }, "\(screen)")
        try session.sendBytes([0xE3, 0x81])  // the first two bytes of a kana, then plain text
        try session.type("x")
        screen = try session.waitForText("✓ 5 characters")
        #expect(screen.contains { $0.contains("│ (さくらx ") })
        #expect(!screen.joined().contains("\u{FFFD}"))
    }

    @Test func mouseReportsOffThePanesDoNothing() throws {
        let app = try KuchiApp()
        let session = app.session
        try app.waitForRegister()
        try session.type("abc")
        try session.waitForText("✓ 3 characters")
        let offScreen = [MouseReport.sgr(row: 49, column: 199), MouseReport.sgr(row: 49, column: 199, release: true),
                         MouseReport.sgr(row: 5, column: 5, button: 64), MouseReport.x10(row: 300, column: 300),
                         MouseReport.sgr(row: 0, column: 99_999_999_999_999_999)]
        for report in offScreen { try session.sendBytes(report) }
        try session.type("d")  // if a report had turned into Esc plus characters, Kuchi would have quit
        let screen = try session.waitForText("✓ 4 characters")
        #expect(screen.contains { $0.contains("│ abcd ") }, "\(screen)")

        try session.sendKeys("Enter")
        try session.waitForText("Hi, abcd")
        let before = try app.start()
        for report in offScreen { try session.sendBytes(report) }
        try session.sendKeys("h")
        let after = try app.waitForChallenge("the hint, after the reports") { $0.hintShown }
        #expect(after.word == before.word && after.score == before.score && after.choices == before.choices)

        // The same form of report on a choice is a click: it answers.
        let wrong = try after.wrongDigit()
        let row = try #require(after.screen.firstIndex { $0.contains("\(wrong)  \(after.choices[wrong - 1].text)") })
        try session.sendBytes(MouseReport.sgr(row: row, column: 8))
        try app.waitForChallenge("choice \(wrong) tried by an SGR click") { $0.choices[wrong - 1].tried }
    }

    // MARK: Signals

    @Test func suspendAndResumeRestoresTheTerminalAndRedrawsTheSameScreen() throws {
        let shell = try ShellKuchi("exec bash --norc --noprofile -i", environment: ["PS1": "hard$ ", "HISTFILE": "/dev/null"])
        let session = shell.session
        try session.waitForText("hard$")
        try session.type("\"$KUCHI\"")
        try session.sendKeys("Enter")
        try session.waitForText("Type your name to start learning Japanese words.")
        try session.type("さ")
        let before = try session.waitForSettled("the name さ checked") { screen in
            screen.contains { $0.contains("✗ 1 of at least 3 characters (kana and kanji count 2)") }
        }
        let cursor = try session.cursorPosition()

        try session.sendKeys("C-z")
        let stopped = try session.waitFor("the shell prompt after C-z") { screen in
            screen.contains { $0.contains("Stopped") } && screen.last { !$0.isEmpty } == "hard$"
        }
        #expect(try session.display("#{alternate_on}") == "0", "\(stopped)")
        #expect(try session.isCursorVisible(), "the shell gets its cursor back")

        try session.type("fg")
        try session.sendKeys("Enter")
        try session.waitFor("the same screen as before C-z") { $0 == before }
        #expect(try session.display("#{alternate_on}") == "1")
        #expect(try session.cursorPosition() == cursor && session.isCursorVisible())
        try session.type("くら")  // keys still arrive one by one, unechoed: cbreak and noecho are back
        try session.waitForText("✓ 3 characters")
        try session.sendKeys("Enter")
        try session.waitForText("Hi, さくら")
    }

    @Test func hangingUpTheTerminalEndsKuchiWithTheProfileIntact() throws {
        let app = try KuchiApp()
        try app.registerAndStart()
        try app.session.sendKeys("s")
        try app.session.waitForText("Settings for さくら")
        try app.session.sendKeys("Right")
        try app.waitForProfiles("7 questions saved") { $0.first?.numberOfQuestions == 7 }
        let pid = try app.pid()
        try app.session.run(["kill-pane", "-t", app.session.pane])  // the terminal goes away: SIGHUP, then EOF
        try waitUntil("kuchi \(pid) to end after the hang-up") { processIsGone(pid) }
        let profiles = try app.savedProfiles()
        #expect(profiles.map(\.name) == ["さくら"] && profiles.first?.numberOfQuestions == 7)
        #expect(ProfileStore(directory: app.directory.file("config/kuchi")).loadAll().problems.isEmpty)
    }

    /// Kills kuchi with SIGKILL in the middle of bursts of saves (every Right on the card
    /// colour writes a setting change into the learner database), relaunching each time: every
    /// profile on disk always parses, and the database always opens with a valid colour.
    @Test func killNineDuringSavesNeverLeavesABrokenProfile() throws {
        let directory = try TemporaryDirectory()
        var random = SeededGenerator(seed: 9)
        var caughtMidSave = 0
        let rounds = 6
        for round in 0..<rounds {
            let app = try KuchiApp(directory: directory)
            if round == 0 {
                try app.register(name: "さくら")
            } else {
                try app.session.waitForText("Hi, さくら")  // the one saved profile, signed in
            }
            try app.session.sendKeys("Enter")
            try app.session.sendKeys("s", "Down", "Down", "Down")
            try app.session.waitForText("▸ Card colour")
            /// colour: the card colour the learner database holds now.
            func colour() -> String? {
                (try? app.savedProfiles().first)?.flatMap { $0.settings["cardColor"] as? String }
            }
            try app.session.sendKeys(Array(repeating: "Right", count: Int.random(in: 150...300, using: &random)))
            // Kill as soon as 1–3 saves of the burst have landed (read in a tight loop, no sleep),
            // while the rest are being written; a burst already over by then is killed after it.
            let changes = Int.random(in: 1...3, using: &random)
            var seen = colour()
            var seenChanges = 0
            let deadline = ContinuousClock.now + .seconds(3)
            while seenChanges < changes && ContinuousClock.now < deadline {
                let now = colour() ?? seen
                if now != seen { (seen, seenChanges) = (now, seenChanges + 1) }
            }
            #expect(seenChanges > 0, "round \(round): no save landed")
            try app.send(signal: SIGKILL)
            #expect(try app.session.waitForTermination() == .signalled(SIGKILL))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: app.profilesDirectory.path)) ?? []
            if names.contains(where: { $0.contains(".tmp-") }) { caughtMidSave += 1 }
            for profile in try app.savedProfiles() {  // throws unless each is a complete profile
                #expect(profile.name == "さくら" && CardColor(rawValue: profile.settings["cardColor"] as? String ?? "") != nil)
            }
            let database = try LearnerDatabase.openReadOnly(directory: app.directory.file("data/kuchi"))
            #expect(database?.problem == nil, "round \(round): the learner database opens whole")
            #expect(app.profileFiles().count == 1)
        }
        let store = ProfileStore(directory: directory.file("config/kuchi"))
        let result = store.loadAll()
        #expect(result.problems.isEmpty && result.profiles.map(\.name) == ["さくら"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory.appendingPathComponent("profiles").path)
        #expect(!leftovers.contains { $0.contains(".tmp-") }, "an abandoned temporary file is cleaned up on the next load")
        print("hardening: kill -9 in \(rounds) save bursts, \(caughtMidSave) caught between a temporary file and its rename")
    }
}

/// Decks given on the command line that are huge, scalar or absurdly nested (no terminal needed).
@Suite
struct HardeningDeckCommandLineTests {
    /// The timeout is a hang guard (a loaded CI machine is slow); the speed is the bench's.
    @Test func fiftyMegabyteDeckIsChecked() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("big.json")
        let entries = try writeLargeDeck(url, minimumBytes: 50 * 1024 * 1024)
        let result = try runKuchiCommand(["check-deck", url.path], timeout: .seconds(120))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("valid — \(entries) entries in 50 categories"))
    }

    @Test(arguments: ["\"words\"", "42", "null", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)])
    func scalarOrDeeplyNestedDeckIsOneProblem(json: String) throws {
        let directory = try TemporaryDirectory()
        try Data(json.utf8).write(to: directory.file("deck.json"))
        let result = try runKuchi(["check-deck", "deck.json"], in: directory.url)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2 && lines.last == "deck.json: 1 problem", "\(lines)")
    }
}
