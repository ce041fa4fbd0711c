import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiData

@MainActor
@Suite("Tabs, Learn, Settings and profiles")
struct TabsLearnSettingsTests {
    @Test("Tab, Shift-Tab and the letters c l t s switch tabs; the tab bar marks the current one")
    func tabs() {
        let pilot = Pilot()
        #expect(pilot.contains("[Challenge]"))
        pilot.press(.tab)
        #expect(pilot.state.route == .learn && pilot.contains("[Learn]"))
        pilot.press(.tab)
        #expect(pilot.state.route == .stats && pilot.contains("[Stats]"))
        pilot.press(.tab)
        #expect(pilot.state.route == .settings && pilot.contains("[Settings]"))
        pilot.press(.tab)
        #expect(pilot.state.route == .challenge)
        pilot.press(.backTab)
        #expect(pilot.state.route == .settings)
        pilot.press("l")
        #expect(pilot.state.route == .learn)
        pilot.press("c")
        #expect(pilot.state.route == .challenge)
        pilot.press("t")
        #expect(pilot.state.route == .stats && pilot.contains("Stats"))
    }

    @Test("switching tabs keeps the quiz where it was")
    func tabsKeepState() {
        let pilot = Pilot()
        pilot.answerWrong()
        let word = pilot.quiz.currentTest
        pilot.press("l")
        pilot.press("c")
        #expect(pilot.quiz.currentTest == word)
        #expect(pilot.contains("Oh no!"))
    }

    @Test("a click on the tab bar opens that tab")
    func clickTab() throws {
        let pilot = Pilot()
        let column = try #require(pilot.lines[0].range(of: "Settings").map { pilot.lines[0][..<$0.lowerBound].displayWidth })
        pilot.click(row: 0, column: column + 1)
        #expect(pilot.state.route == .settings)
    }

    @Test("Learn: flip, remembered, forgot — counts and the forgotten card coming back")
    func learn() throws {
        let pilot = Pilot(route: .learn)
        let total = TestDecks.small.challenges.count
        #expect(pilot.contains("Remembered 0/\(total)"))
        let first = try #require(pilot.app.flashCardsForTesting.current)
        #expect(pilot.contains(QuestionPane.large(first.question, width: 80)))
        #expect(pilot.press(" ") == ["card"], "a flip redraws only the card")
        #expect(pilot.contains(first.answer))
        let drawn = pilot.press("f")
        #expect(drawn == ["card", "progress"])
        #expect(pilot.contains("Forgot once") && pilot.contains("\(total) cards left"))
        for _ in 1..<total { pilot.press("r") }
        #expect(pilot.contains("Remembered \(total - 1)/\(total)"))
        #expect(pilot.app.flashCardsForTesting.current == first, "the forgotten card comes back last")
        pilot.press("r")
        #expect(pilot.contains("Every card remembered!"))
        pilot.press(.enter)
        #expect(pilot.contains("Remembered 0/\(total)"))
    }

    @Test("Learn is side by side when compact and stacked otherwise")
    func learnLayouts() throws {
        let pilot = Pilot(rows: 20, columns: 100, route: .learn)
        let compactRow = try #require(pilot.lines.firstIndex { $0.contains("╭─ Word") })
        #expect(pilot.lines[compactRow].contains("╭─ Progress"))
        pilot.resize(rows: 30, columns: 100)
        let row = try #require(pilot.lines.firstIndex { $0.contains("╭─ Word") })
        #expect(!pilot.lines[row].contains("╭─ Progress"))
        #expect(pilot.lines[(row + 1)...].contains { $0.contains("╭─ Progress") })
    }

    @Test("Settings: the number of questions steps within 3…20 and applies from the next game")
    func questions() {
        let pilot = Pilot(route: .settings, questions: 6)
        pilot.press(.right)
        #expect(pilot.user.numberOfQuestions == 7 && pilot.contains("◂ 7 ▸"))
        #expect(pilot.quiz.numberOfQuestions == 6, "the session under way keeps its count")
        for _ in 0..<30 { pilot.press(.right) }
        #expect(pilot.user.numberOfQuestions == 20)
        for _ in 0..<30 { pilot.press(.left) }
        #expect(pilot.user.numberOfQuestions == 3)
    }

    @Test("Settings: appearance recolours every pane at once, learning off hides Learn, card colour cycles")
    func appearanceLearningColour() {
        let pilot = Pilot(route: .settings)
        pilot.press(.down)
        let drawn = pilot.press(.right)
        #expect(pilot.user.appearance == .dark)
        #expect(drawn == ["header", "keybar", "settings"], "an environment change redraws every pane")
        pilot.press(.down)
        pilot.press(" ")
        #expect(!pilot.user.learningEnabled && !pilot.lines[0].contains("Learn"))
        pilot.press(.tab)
        #expect(pilot.state.route == .challenge, "Tab skips the hidden Learn tab")
        pilot.press("s")
        pilot.press(.down)
        pilot.press(.right)
        #expect(pilot.user.cardColor == .magenta, "blue → magenta")
    }

    @Test("Forget me asks first; n keeps the profile, y signs out to Register")
    func forgetMe() {
        let pilot = Pilot(route: .settings)
        pilot.press(.end)
        pilot.press(.enter)
        #expect(pilot.contains("Are you sure?"))
        pilot.press("n")
        #expect(!pilot.contains("Are you sure?") && pilot.user.isRegistered)
        pilot.press(.enter)
        pilot.press("y")
        // The deletion runs as a job; its end arrives like any job result.
        pilot.state.jobs.waitUntilIdle()
        pilot.send(.backgroundFinished)
        #expect(pilot.state.route == .register && !pilot.user.isRegistered)
    }

    @Test("the profile picker lists saved learners last used first and signs in the chosen one")
    func picker() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-picker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ProfileStore(directory: directory)
        try store.save(Profile(name: "たろう", settings: Settings(numberOfQuestions: 9), lastUsed: Date(timeIntervalSince1970: 100)))
        try store.save(Profile(name: "さくら", lastUsed: Date(timeIntervalSince1970: 200)))
        let pilot = Pilot(route: .profiles, name: nil, store: store)
        let sakura = try #require(pilot.lines.firstIndex { $0.contains("さくら") })
        let taro = try #require(pilot.lines.firstIndex { $0.contains("たろう") })
        #expect(sakura < taro, "last used first")
        #expect(pilot.contains("+ New profile"))
        pilot.press(.down)
        pilot.press(.enter)
        #expect(pilot.state.route == .welcome && pilot.user.name == "たろう" && pilot.user.numberOfQuestions == 9)
    }

    @Test("New profile from the picker opens Register")
    func pickerNewProfile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-picker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ProfileStore(directory: directory)
        try store.save(Profile(name: "さくら"))
        try store.save(Profile(name: "たろう"))
        let pilot = Pilot(route: .profiles, name: nil, store: store)
        pilot.press("n")
        #expect(pilot.state.route == .register)
    }
}
