import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiMemory

/// BindingTableTests: every screen's keys are declared once — the key bar and the help overlay
/// are produced from the binding table, a key performs the action its binding names, and a
/// click performs the same action as the key bound to it.
@MainActor
@Suite("Binding tables")
struct BindingTableTests {
    nonisolated static let routes: [Route] = Route.allCases

    /// pilot: a wide, tall terminal so nothing is cut, on `route`.
    func pilot(_ route: Route) -> Pilot {
        let pilot = Pilot(rows: 60, columns: 200, route: route, name: route == .register || route == .profiles ? nil : "さくら")
        if route == .congratulations {
            pilot.state.go(.challenge)
            while pilot.quiz.currentTest != nil { pilot.answerRight() }
        }
        return pilot
    }

    @Test("each enabled binding with a label is in the key bar, and nothing else is", arguments: routes)
    func keyBarComesFromTheTable(route: Route) {
        let pilot = pilot(route)
        let hints = pilot.app.keyBarHints(for: pilot.app.scene)
        let bar = pilot.lines[pilot.lines.count - 1]
        var rebuilt = ""
        for (index, hint) in hints.enumerated() {
            #expect(bar.contains("\(hint.keys) \(hint.label)"), "\(route): \(hint.keys) \(hint.label) in «\(bar)»")
            rebuilt += (index == 0 ? " " : "  ") + hint.keys + " " + hint.label
        }
        #expect(bar == rebuilt, "\(route): the bar is exactly the table's hints")
    }

    @Test("every binding of the screen (and the app's) is a line of the help overlay", arguments: routes)
    func helpComesFromTheTable(route: Route) {
        let pilot = pilot(route)
        let lines = pilot.app.helpLines(for: pilot.app.scene)
        pilot.press(.function(1))
        #expect(pilot.state.helpVisible)
        let screen = pilot.lines.joined(separator: "\n")
        for line in lines {
            #expect(screen.contains(line.label), "\(route): help «\(line.label)»")
        }
    }

    @Test("keys map to actions as values")
    func keysMapToActions() {
        let state = AppState(route: .challenge)
        let quiz = ChallengesViewModel(deck: TestDecks.small, numberOfQuestions: 3, random: SeededGenerator(seed: 1))
        let scene = ChallengeScene(state: state, quiz: quiz)
        #expect(scene.action(for: .character("h")) == .toggleHint)
        #expect(scene.action(for: .character("2")) == .answer(1))
        #expect(scene.action(for: .down) == .moveDown)
        #expect(scene.action(for: .character("q")) == .back)
        #expect(scene.action(for: .enter) == nil, "nothing highlighted: Enter answers nothing")
        quiz.toggleChoices()
        #expect(scene.action(for: .character("2")) == nil, "choices hidden: the digits do nothing")
        #expect(!scene.barHints.contains { $0.keys == "1-3" }, "…and are not offered")
    }

    @Test("a click on a choice performs the answer action a digit performs")
    func clickIsTheSameActionAsItsKey() throws {
        let pilot = Pilot()
        let right = try #require(pilot.quiz.currentTest?.challenge.answer)
        let host = try #require(pilot.app.hosts.first { $0.name == "choices" })
        let row = try #require(pilot.lines.firstIndex { $0.contains("  \(pilot.rightIndex + 1)  \(right)") })
        #expect(host.target(row: row, column: host.frame.column + 4) as? ChallengeScene.Action == .answer(pilot.rightIndex))
        pilot.click(row: row, column: host.frame.column + 4)
        #expect(pilot.quiz.numberOfAnswered == 1)
    }

    @Test("Caps Lock: a capital letter runs the lower-case command")
    func capsLock() {
        let pilot = Pilot()
        pilot.press("H")
        #expect(pilot.quiz.hintVisible)
        pilot.press("Q")
        #expect(pilot.state.route == .welcome)
        pilot.press("S")
        #expect(pilot.state.route == .settings, "S opens Settings from Welcome, as s does")
    }
}
