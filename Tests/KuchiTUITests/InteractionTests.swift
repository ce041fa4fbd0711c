import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI
@testable import KuchiData

/// Interactions where a key or click could do something surprising.
@MainActor
@Suite("Interactions")
struct InteractionTests {
    @Test("after a right answer the verdict waits; Enter goes on, then ↓ Enter answers the next word")
    func arrowsThenEnterAnswer() {
        let pilot = Pilot()
        pilot.answerRight()
        #expect(pilot.contains("Congratulations!"))
        pilot.press(.down)
        #expect(pilot.contains("Congratulations!"), "the verdict waits for Enter, Space or a digit (issue 29)")
        pilot.press(.enter)
        #expect(!pilot.contains("Congratulations!"))
        #expect(pilot.quiz.score.correct == 1, "going on answers nothing")
        let word = pilot.quiz.currentTest
        pilot.press(.down)
        pilot.press(.enter)
        #expect(pilot.quiz.score.correct + pilot.quiz.score.wrong == 2, "the Enter answered")
        #expect(pilot.quiz.currentTest != word || pilot.quiz.score.wrong == 1)
    }

    @Test("Enter right after feedback dismisses it, as the issue asks")
    func enterDismissesFeedback() {
        let pilot = Pilot()
        pilot.answerWrong()
        #expect(pilot.press(.enter) == ["keybar", "question"], "the feedback goes (and w with it)")
        #expect(pilot.quiz.score.wrong == 1)
    }

    @Test("a notice takes the next key for itself: Esc closes it and does not quit")
    func noticeConsumesTheKey() throws {
        let blocked = try BlockedStore()
        defer { withExtendedLifetime(blocked) {} }  // the blocking file must outlive the test
        let pilot = Pilot(route: .register, name: nil, store: blocked.store)
        pilot.type("さくら")
        pilot.press(.enter)
        #expect(pilot.contains("Notice"))
        pilot.press(.escape)
        #expect(!pilot.state.quitting && pilot.state.route == .welcome && !pilot.contains("Notice"))
        pilot.press(.escape)
        #expect(pilot.state.quitting, "the next Esc acts normally")
    }

    @Test("clicks do not reach the settings under the Forget-me question")
    func confirmIsModal() {
        let pilot = Pilot(route: .settings)
        pilot.press(.end)
        pilot.press(.enter)
        let questions = pilot.user.numberOfQuestions
        let placement = SettingsPane.placement(rows: pilot.terminal.size.rows - 2, focus: .forget)
        let row = (placement.line(.questions) ?? 0) + 1
        for column in [2, 30, 60, 98] { pilot.click(row: row, column: column) }
        #expect(pilot.user.numberOfQuestions == questions && pilot.state.confirmingForget)
    }

    @Test("Dark appearance paints every cell of a pane, not only those under text")
    func darkFillsBlanks() {
        let pilot = Pilot(route: .settings)
        pilot.user.appearance = .dark
        pilot.send(.terminalResized(pilot.terminal.size))
        let backgrounds = pilot.screen.styleMap { $0.background == .black ? nil : "x" }
        // Every body row is dark, but for the card colour swatches (coloured on purpose).
        let unpainted = backgrounds.indices.dropFirst().dropLast()
            .filter { backgrounds[$0].contains("x") && !pilot.lines[$0].contains("Card colour") }
        #expect(unpainted.isEmpty, "rows \(unpainted) keep the terminal's background")
    }

    @Test("help that doesn't fit says how many lines are hidden")
    func helpSaysMore() {
        let pilot = Pilot(rows: 12, columns: 40)
        pilot.press("?")
        #expect(pilot.lines.contains { $0.contains("more: enlarge") })
    }

    @Test("the Register key bar offers Space only when Remember me has focus, redrawing only itself")
    func registerKeyBarFollowsFocus() {
        let pilot = Pilot(route: .register, name: nil)
        #expect(!pilot.lines[pilot.lines.count - 1].contains("Space"))
        let drawn = pilot.press(.tab)
        #expect(pilot.lines[pilot.lines.count - 1].contains("Space Toggle"))
        #expect(drawn == ["keybar", "register"])
    }

    @Test("Enter on Remember me means OK, not toggle")
    func enterOnRememberMe() {
        let pilot = Pilot(route: .register, name: nil)
        pilot.type("ab")
        pilot.press(.tab)
        pilot.press(.enter)
        #expect(pilot.state.registerForm.rememberMe, "Enter did not untick the box")
        #expect(pilot.state.registerForm.focus == .name, "an invalid name takes the focus back")
    }

    @Test("the profile picker scrolls to keep the selection on screen")
    func pickerScrolls() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-picker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ProfileStore(directory: directory)
        for index in 0..<12 {
            try store.save(Profile(name: "learner \(index)", lastUsed: Date(timeIntervalSince1970: Double(1000 - index))))
        }
        let pilot = Pilot(rows: 12, columns: 40, route: .profiles, name: nil, store: store)
        for _ in 0..<12 { pilot.press(.down) }
        #expect(pilot.contains("▸ + New profile"))
        #expect(pilot.contains("↑"), "a mark says more lies above")
        pilot.press(.home)
        #expect(pilot.contains("▸ learner 0") && pilot.contains("↓"))
    }
}
