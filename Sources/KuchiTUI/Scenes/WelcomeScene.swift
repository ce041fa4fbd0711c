import Foundation
import KuchiCore
import KuchiDeck

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
    /// session: the learner's study: the quiz, the counts (refreshed by the app, not here).
    let session: LearnerSession
    var user: UserManager { session.user }
    var quiz: ChallengesViewModel { session.quiz }
    /// deckLine: the deck studied and what of it ("Kuchi beginner deck (JLPT N5) · all categories").
    var deckLine: String?
    let title = "Welcome"

    /// otherProfiles: saved learners other than the one playing.
    private var otherProfiles: Bool {
        user.savedProfiles.contains { $0.name != user.name }
    }

    var bindings: [Binding<Action>] {
        [
            Binding([.enter, .space], .start, keys: "Enter", helpKeys: "Enter Space", bar: session.isInProgress ? "Continue" : "Start",
                    help: "start the challenge, or continue the session under way (or click the button)"),
            Binding([.character("p")], .switchProfile, keys: "p", bar: "Switch learner", help: "play as another saved learner",
                    when: otherProfiles),
            Binding([.character("n")], .newProfile, keys: "n", bar: "New learner", help: "register a new learner"),
            Binding([.escape, .character("q")], .quit, keys: "q", helpKeys: "q Esc", bar: "Quit", help: "quit Kuchi",
                    priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        [(WelcomePane(session: session, deckLine: deckLine), body)]
    }

    func perform(_ action: Action) {
        switch action {
        case .start:
            session.startSession()
            state.set(\.choiceCursor, to: ListCursor())
            state.go(.challenge)
        case .switchProfile:
            state.set(\.profileCursor, to: ListCursor(index: 0))
            state.go(.profiles)
        case .newProfile: state.openRegister(from: .welcome)
        case .quit: state.quitting = true
        }
    }

    /// levelsPlayed: the JLPT levels the deck line names — the chosen levels the deck studied
    /// holds, nil when it is studied at every level. Levels that select too few words are
    /// played as every level (`LearnerSession`): the line said "N1" then (issue 36).
    static func levelsPlayed(chosen: [Int], deck: DeckOutline) -> String? {
        let played = Set(deck.levels.map(\.level))
        guard !chosen.isEmpty, !played.isEmpty, played.isSubset(of: Set(chosen)) else { return nil }
        return SettingsScene.levelTitle(chosen.filter(played.contains))
    }
}
