import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// ProfileFlowTests: learners' profiles from the screens — a taken name is offered, never taken
/// over; Welcome leads to another learner or a new one; Esc on Register goes back where it came
/// from.
@MainActor
@Suite("Profile flows")
struct ProfileFlowTests {
    /// Saved: a profiles folder with two learners, removed afterwards.
    final class Saved {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-flow-\(UUID().uuidString)")
        let store: ProfileStore

        init() throws {
            store = ProfileStore(directory: directory)
            try store.save(Profile(name: "Taro", settings: Settings(numberOfQuestions: 9), lastUsed: Date(timeIntervalSince1970: 100)))
            try store.save(Profile(name: "さくら", lastUsed: Date(timeIntervalSince1970: 200)))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        var names: [String] { store.loadAll().profiles.map(\.name).sorted() }
    }

    @Test("a name that has a profile (any case) is offered, not taken over; n goes back to typing")
    func takenNameIsOffered() throws {
        let saved = try Saved()
        let pilot = Pilot(route: .register, name: nil, store: saved.store)
        pilot.type("taro")
        pilot.press(.tab)
        pilot.press(" ")  // Remember me off: still nothing is deleted
        pilot.press(.enter)
        #expect(pilot.state.takenProfile?.name == "Taro")
        #expect(pilot.lines.joined(separator: " ").contains("already has a saved profile"))
        #expect(saved.names == ["Taro", "さくら"], "nothing renamed, merged or deleted")
        #expect(pilot.lines.last!.contains("y Open Taro"))
        pilot.press("n")
        #expect(pilot.state.takenProfile == nil && pilot.state.route == .register && pilot.state.registerForm.focus == .name)
        pilot.press(.enter)
        pilot.press("y")
        #expect(pilot.state.route == .welcome && pilot.user.name == "Taro" && pilot.user.numberOfQuestions == 9)
        #expect(saved.names == ["Taro", "さくら"])
    }

    @Test("Welcome: p switches to another saved learner, n registers a new one, Esc on Register comes back")
    func welcomeSwitchesLearner() throws {
        let saved = try Saved()
        let pilot = Pilot(route: .profiles, name: nil, store: saved.store)
        pilot.press(.enter)  // さくら, last used
        #expect(pilot.state.route == .welcome && pilot.user.name == "さくら")
        #expect(pilot.lines.last!.contains("p Switch learner"))
        pilot.press("p")
        #expect(pilot.state.route == .profiles)
        #expect(pilot.lines.last!.contains("q Back"), "a learner is playing: Esc goes back, not out")
        pilot.press(.escape)
        #expect(pilot.state.route == .welcome && !pilot.state.quitting)
        pilot.press("p")
        pilot.press(.down)
        pilot.press(.enter)
        #expect(pilot.user.name == "Taro")
        pilot.press("n")
        #expect(pilot.state.route == .register)
        pilot.press(.escape)
        #expect(pilot.state.route == .welcome && pilot.user.name == "Taro" && !pilot.state.quitting)
    }

    @Test("Esc on Register reached from the picker goes back to the picker; on a first launch it quits")
    func escapeOnRegister() throws {
        let saved = try Saved()
        let pilot = Pilot(route: .profiles, name: nil, store: saved.store)
        pilot.press("n")
        #expect(pilot.state.route == .register)
        pilot.press(.escape)
        #expect(pilot.state.route == .profiles && !pilot.state.quitting)

        let first = Pilot(route: .register, name: nil)
        first.press(.escape)
        #expect(first.state.quitting)
    }
}

/// ProgressScreensTests: what the screens say once progress is kept (an in-memory database).
@MainActor
@Suite("Progress on screen")
struct ProgressScreensTests {
    @Test("Welcome says where the learner stands; the summary lists the words missed and when they return")
    func welcomeAndSummary() {
        let pilot = Pilot(route: .welcome, database: .inMemory())
        #expect(pilot.contains("0 due now · 6 new today"), "the small deck has 6 new words; the daily limit is 10")
        pilot.press(.enter)
        let missed = pilot.quiz.currentTest?.challenge
        pilot.answerWrong()
        while pilot.quiz.currentTest != nil { pilot.answerRight() }
        #expect(pilot.state.route == .congratulations)
        #expect(pilot.contains("Missed this time"))
        if let missed { #expect(pilot.contains("✗ \(missed.question)") && pilot.contains("“\(missed.answer)”")) }
        #expect(pilot.lines.contains { $0.contains("back in") || $0.contains("back now") })
        pilot.press("q")
        #expect(pilot.contains("next review in"), "Welcome now knows when the next review is")
    }

    @Test("a learner who signs in gets their own quiz; the Register screen's quiz is not kept")
    func newLearnerNewQuiz() {
        let pilot = Pilot(route: .register, name: nil, database: .inMemory())
        let before = ObjectIdentifier(pilot.quiz)
        pilot.type("さくら")
        pilot.press(.enter)
        #expect(pilot.state.route == .welcome)
        #expect(ObjectIdentifier(pilot.quiz) != before)
        #expect(pilot.contains("new today"))
    }
}
