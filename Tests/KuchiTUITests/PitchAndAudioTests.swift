import Foundation
import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiTUI
@testable import KuchiBase
@testable import KuchiDeck

/// PitchAndAudioTests: the pitch line over the kana (New word card, feedback, Learn), its text
/// form without colour, the example sentence on the New word card, and `a` saying the word —
/// or, without Open JTalk, one notice naming what to install while the quiz goes on.
@MainActor
@Suite("Pitch line, sentences and audio on screen")
struct PitchAndAudioTests {
    /// row: the index of the first screen line containing `text`.
    static func row(of text: String, in pilot: Pilot) -> Int? {
        pilot.lines.firstIndex { $0.contains(text) }
    }

    /// marksAbove: the pitch marks drawn over the kana `kana` on the screen: the cells of the
    /// row above, from the kana's first column, as wide as the kana and the particle slot.
    static func marksAbove(_ kana: String, in pilot: Pilot) -> String? {
        guard let row = row(of: kana, in: pilot), row > 0 else { return nil }
        let line = pilot.screen.lines[row]
        guard let range = line.range(of: kana) else { return nil }
        let column = line[..<range.lowerBound].displayWidth
        let above = pilot.screen.lines[row - 1]
        var columnSoFar = 0
        var marks = ""
        for character in above {
            if columnSoFar >= column, columnSoFar < column + kana.displayWidth + 2 { marks.append(character) }
            columnSoFar += DisplayWidth.of(character)
        }
        return marks
    }

    @Test("the New word card draws the pitch over the kana — 猫 ね high, こ low, particle low — and one sentence")
    func newWordCard() throws {
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small, database: .inMemory(), teach: true)
        let word = try #require(pilot.quiz.currentTest?.challenge)
        let accent = try #require(word.accent)
        let kana = word.reading ?? word.question
        #expect(pilot.contains("\(kana) · \(word.pronunciation)"))
        let expected = try #require(PitchLine(kana: kana, accent: accent)).marks
        #expect(Self.marksAbove(kana, in: pilot) == expected)
        if let sentence = word.sentences.first {
            #expect(pilot.contains(sentence.ja))
            #expect(pilot.contains(String(sentence.en.prefix(20))))
        }
        let catAccent = try #require(TestDecks.small.challenges[0].accent)
        let cat = try #require(PitchLine(kana: "ねこ", accent: catAccent))
        #expect(cat.marks == "▔▔▁▁▁▁")
        #expect(cat.plain == "ね＼こ [1]")
    }

    @Test("without colour the pitch is written as text: the kana with ＼ and the accent number")
    func plainText() throws {
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small, colors: false, database: .inMemory(), teach: true)
        let word = try #require(pilot.quiz.currentTest?.challenge)
        let line = try #require(PitchLine(challenge: word))
        #expect(pilot.contains(line.plain + " · " + word.pronunciation))
        #expect(!pilot.lines.joined().contains("▔"))
    }

    @Test("橋 and 箸, and 端-type flat words, draw different lines")
    func pairsDiffer() throws {
        let bridge = try #require(PitchLine(kana: "はし", accent: PitchAccent(accent: 2, morae: 2)))
        let chopsticks = try #require(PitchLine(kana: "はし", accent: PitchAccent(accent: 1, morae: 2)))
        let edge = try #require(PitchLine(kana: "はし", accent: PitchAccent(accent: 0, morae: 2)))
        #expect(Set([bridge.marks, chopsticks.marks, edge.marks]).count == 3)
        #expect(bridge.marks == "▁▁▔▔▁▁" && edge.marks == "▁▁▔▔▔▔" && chopsticks.marks == "▔▔▁▁▁▁")
        #expect(Set([bridge.plain, chopsticks.plain, edge.plain]) == ["はし＼ [2]", "は＼し [1]", "はし [0]"])
        #expect(PitchLine(kana: "はし", accent: PitchAccent(accent: 1, morae: 3)) == nil, "a mismatched accent draws nothing")
    }

    @Test("the feedback after a right answer draws the answered word's pitch line")
    func feedback() throws {
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small)
        let word = try #require(pilot.quiz.currentTest?.challenge)
        pilot.answerRight()
        #expect(pilot.contains("Congratulations"))
        let line = try #require(PitchLine(challenge: word))
        #expect(Self.marksAbove(line.kana, in: pilot)?.hasPrefix(line.marks.prefix(2)) == true, "\(pilot.lines.joined(separator: "\n"))")
    }

    @Test("Learn's card front draws the pitch line between the word and its reading")
    func learn() throws {
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small, route: .learn)
        let word = try #require(pilot.session.flashCards.current)
        let line = try #require(PitchLine(challenge: word))
        #expect(Self.marksAbove(line.kana + " · ", in: pilot)?.hasPrefix(line.marks) == true)
    }

    @Test("`a` without Open JTalk: one notice naming what to install; the quiz goes on; a second `a` says nothing more")
    func noEngine() throws {
        let folder = try TemporaryDirectory()
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small)
        pilot.state.audio = AppAudio(dataDirectory: folder.url, environment: ["PATH": folder.url.path])
        let before = pilot.quiz.currentTest
        pilot.press("a")
        #expect(pilot.contains("Notice"))
        #expect(pilot.app.notice?.contains("open-jtalk") == true)
        pilot.press("x")
        #expect(!pilot.contains("Notice"))
        pilot.press("a")
        #expect(!pilot.contains("Notice"), "said once a run")
        #expect(pilot.quiz.currentTest == before, "the word is still up")
        pilot.answerRight()
        #expect(pilot.contains("Congratulations"))
    }

    @Test("`a` plays the word through the player on the PATH, off the input loop; Audio off silences it")
    func playsThroughPlayer() throws {
        guard case .success = SpeechEngine.find() else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("CI needs Open JTalk") }
            return
        }
        let folder = try TemporaryDirectory()
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.file("played")
        let script = bin.appendingPathComponent("aplay")
        try "#!/bin/sh\necho \"$*\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin")
        environment["KUCHI_AUDIO_PLAYER"] = nil
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small)
        let audio = AppAudio(dataDirectory: folder.url, environment: environment)
        pilot.state.audio = audio
        let word = try #require(pilot.quiz.currentTest?.challenge)
        pilot.press("a")
        audio.waitUntilIdle()
        let played = try String(contentsOf: log, encoding: .utf8)
        #expect(played.hasPrefix("-q ") && played.contains("/audio/") && played.hasSuffix(".wav\n"), "\(played)")
        #expect(audio.saidCount == 1)
        #expect(!pilot.contains("Notice"))
        _ = word
        pilot.user.audio = .off
        pilot.press("a")
        audio.waitUntilIdle()
        #expect(audio.saidCount == 1, "Audio off: `a` says nothing")
    }

    /// japanese: whether a line holds kana or kanji (the header's 口 logo aside).
    static func japanese(_ line: String) -> Bool {
        guard !line.contains("口 Kuchi") else { return false }
        return line.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }

    /// listening: a pilot on the listening direction, the session started from Welcome.
    static func listening(audio: AppAudio?) -> Pilot {
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small, route: .welcome, name: "Ann")
        pilot.state.audio = audio
        pilot.user.studyDirection = .listen
        pilot.app.settle()
        pilot.press(.enter)
        return pilot
    }

    @Test("listening: the word is said, not shown — no Japanese on screen before the answer, the word after it")
    func listeningShowsNoJapanese() throws {
        let folder = try TemporaryDirectory()
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.file("played")
        let script = bin.appendingPathComponent("paplay")
        try "#!/bin/sh\necho \"$*\" >> '\(log.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin")
        environment["KUCHI_AUDIO_PLAYER"] = nil
        let audio = AppAudio(dataDirectory: folder.url, environment: environment)
        let pilot = Self.listening(audio: audio)
        let test = try #require(pilot.quiz.currentTest)
        #expect(test.direction == .listening)
        #expect(pilot.contains("♪ listen"))
        #expect(!pilot.lines.contains(where: Self.japanese), "\(pilot.lines.joined(separator: "\n"))")
        pilot.press("h")
        #expect(pilot.contains(test.challenge.pronunciation) && !pilot.lines.contains(where: Self.japanese), "the hint spells the sound")
        pilot.answerWrong()
        #expect(!pilot.lines.contains(where: Self.japanese), "a wrong choice shows no Japanese either")
        pilot.answerRight()
        #expect(pilot.contains(test.challenge.question), "after the answer the word is shown")
        if case .success = audio.availability {
            audio.waitUntilIdle()
            #expect(audio.saidCount >= 1, "the question was said as it came up")
            #expect((try? String(contentsOf: log, encoding: .utf8))?.contains(".wav") == true)
        } else if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("CI needs Open JTalk")
        }
    }

    @Test("listening without Open JTalk: the direction says it cannot run and what to install; nothing crashes")
    func listeningCannotRun() throws {
        let folder = try TemporaryDirectory()
        let pilot = Self.listening(audio: AppAudio(dataDirectory: folder.url, environment: ["PATH": folder.url.path]))
        #expect(pilot.contains("Notice"))
        let notice = try #require(pilot.app.notice)
        #expect(notice.contains("listening direction cannot run") && notice.contains("open-jtalk"), "\(notice)")
        pilot.press("x")
        pilot.answerRight()
        #expect(pilot.contains("Congratulations"), "the quiz goes on")
    }

    @Test("`a` is declared in the bindings: the question (choose), the New word card, Learn; F7 while typing")
    func bindings() {
        let pilot = Pilot(rows: 30, columns: 100, deck: TestDecks.small)
        let scene = ChallengeScene(state: pilot.state, session: pilot.session)
        #expect(scene.bindings.contains { $0.action(for: .character("a")) == .say })
        pilot.user.answerKind = .type
        pilot.app.settle()
        let typing = ChallengeScene(state: pilot.state, session: pilot.session)
        #expect(typing.bindings.contains { $0.action(for: .function(7)) == .say })
        #expect(!typing.bindings.contains { $0.action(for: .character("a")) == .say }, "a is typed")
        let learn = LearnScene(state: pilot.state, user: pilot.user, cards: pilot.session.flashCards)
        #expect(learn.bindings.contains { $0.action(for: .character("a")) == .say })
    }
}

/// Issue 40: listening needs sound — without Open JTalk or a player Settings does not offer it.
@MainActor
@Suite("Listening needs sound")
struct ListeningNeedsSoundTests {
    @Test("no player: Direction steps over Listening and the note says why; with one it is offered")
    func directionSkipsListening() throws {
        let folder = try TemporaryDirectory()
        let pilot = Pilot(rows: 40, columns: 100, route: .settings, name: "Ann")
        pilot.state.audio = AppAudio(dataDirectory: folder.url, environment: ["PATH": folder.url.path])
        for _ in 0..<SettingsRow.allCases.count where pilot.state.settingsRow != .direction { pilot.press(.down) }
        #expect(pilot.state.settingsRow == .direction)
        var seen: [QuizDirection] = []
        for _ in QuizDirection.allCases {
            pilot.press(.right)
            seen.append(pilot.user.studyDirection)
        }
        #expect(!seen.contains(.listen), "\(seen)")
        #expect(Set(seen) == Set(QuizDirection.allCases).subtracting([.listen]))
        let text = pilot.lines.joined(separator: " ").replacingOccurrences(of: "  ", with: " ")
        #expect(text.contains("Listening is not offered"), "\(pilot.lines.joined(separator: "\n"))")
        #expect(text.contains("open-jtalk"), "the note names what to install")
        let offered = Pilot(rows: 40, columns: 100, route: .settings, name: "Ann")
        for _ in 0..<SettingsRow.allCases.count where offered.state.settingsRow != .direction { offered.press(.down) }
        var all: [QuizDirection] = []
        for _ in QuizDirection.allCases {
            offered.press(.right)
            all.append(offered.user.studyDirection)
        }
        #expect(all.contains(.listen), "no audio model in the test: nothing is known missing, nothing hidden")
    }
}
