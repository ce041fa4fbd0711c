import Foundation
import KuchiCore

/// WelcomeScene: "Hi, <name>", Start, and the way to another learner's profile.
struct WelcomeScene: Scene {
    /// Action: what Welcome does.
    enum Action: SceneAction {
        case start
        /// switchProfile: the profile picker, to play as another saved learner.
        case switchProfile
        /// newProfile: Register, for a new learner (Esc comes back here).
        case newProfile
        case quit
    }

    let state: AppState
    let user: UserManager
    let quiz: ChallengesViewModel
    /// status: where the learner stands (due, new, next review), read once per layout: a
    /// database query, not something to run on every key.
    var status: @MainActor () -> StudyStatus? = { nil }
    var now: @MainActor () -> Date = Date.init
    /// deckLine: the deck studied and what of it ("Kuchi beginner deck (JLPT N5) · all categories").
    var deckLine: String?
    let title = "Welcome"

    /// otherProfiles: saved learners other than the one playing.
    private var otherProfiles: Bool {
        user.savedProfiles.contains { $0.name != user.name }
    }

    var bindings: [Binding<Action>] {
        [
            Binding([.enter, .space], .start, keys: "Enter", helpKeys: "Enter Space", bar: quiz.isInProgress ? "Continue" : "Start",
                    help: "start the challenge, or continue the session under way (or click the button)"),
            Binding([.character("p")], .switchProfile, keys: "p", bar: "Switch learner", help: "play as another saved learner",
                    when: otherProfiles),
            Binding([.character("n")], .newProfile, keys: "n", bar: "New learner", help: "register a new learner"),
            Binding([.escape, .character("q")], .quit, keys: "q", helpKeys: "q Esc", bar: "Quit", help: "quit Kuchi",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        let status = self.status()
        return [(WelcomePane(user: user, quiz: quiz, status: status.map { $0.welcomeText(now: now()) },
                             caughtUp: status?.isCaughtUp ?? false, deckLine: deckLine), body)]
    }

    func perform(_ action: Action) {
        switch action {
        case .start:
            if !quiz.isInProgress { state.startSession(quiz, user: user) }
            state.go(.challenge)
        case .switchProfile:
            state.set(\.profileCursor, to: ListCursor(index: 0))
            state.go(.profiles)
        case .newProfile: state.openRegister(from: .welcome)
        case .quit: state.quitting = true
        }
    }
}
