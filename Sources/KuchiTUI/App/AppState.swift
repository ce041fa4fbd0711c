import KuchiCore
import Observation

/// Route: which screen is up.
enum Route: Equatable, Hashable, Sendable {
    case register
    /// profiles: the profile picker, when several learners have saved profiles.
    case profiles
    case welcome
    case challenge
    case congratulations
    case learn
    case settings

    /// tab: the tab a route belongs to (nil before the tabs: Register, the picker, Welcome).
    var tab: Tab? {
        switch self {
        case .register, .profiles, .welcome: nil
        case .challenge, .congratulations: .challenge
        case .learn: .learn
        case .settings: .settings
        }
    }
}

/// Tab: Kuchi's three tabs after Welcome.
enum Tab: CaseIterable, Equatable, Hashable, Sendable {
    case challenge, learn, settings

    var title: String {
        switch self {
        case .challenge: "Challenge"
        case .learn: "Learn"
        case .settings: "Settings"
        }
    }

    /// shortcut: the letter that opens the tab from any tab.
    var shortcut: Character {
        switch self {
        case .challenge: "c"
        case .learn: "l"
        case .settings: "s"
        }
    }
}

/// AppState: the front's own state — the route, the help overlay, and each screen's state.
///
/// Screen state (typed text, cursors, focus) lives here rather than in panes: panes are rebuilt
/// on every resize, and this must survive that (view identity versus lifetime).
@MainActor
@Observable
final class AppState {
    var route: Route
    var helpVisible = false
    /// quitting: set by a quit key; the run loop ends after the frame.
    var quitting = false
    let registerForm = RegisterForm()
    let challenge = ChallengeScreenState()
    /// congratulationsFocus: which Congratulations button Enter activates.
    var congratulationsFocus = 0
    /// profileSelection: the picker's cursor.
    var profileSelection = 0
    /// settingsSelection: the focused row of Settings.
    var settingsSelection = 0
    /// confirmingForget: the "Forget me" confirmation is up.
    var confirmingForget = false
    /// questionsOverride: `--questions N`, for this run only (the saved setting is untouched).
    @ObservationIgnored var questionsOverride: Int?

    init(route: Route) {
        self.route = route
    }

    /// go: changes route, closing help (a write only when it changes).
    func go(_ route: Route) {
        if self.route != route { self.route = route }
        if helpVisible { helpVisible = false }
        if confirmingForget { confirmingForget = false }
    }

    /// startSession: a new quiz session with this run's question count (`--questions`, else the
    /// setting), the cursor back on the first choice.
    func startSession(_ quiz: ChallengesViewModel, user: UserManager) {
        quiz.restart(numberOfQuestions: questionsOverride ?? user.numberOfQuestions)
        challenge.select(0)
    }

    /// visibleTabs: Learn is hidden when learning is disabled, as in Kuchi.
    static func visibleTabs(learningEnabled: Bool) -> [Tab] {
        learningEnabled ? Tab.allCases : [.challenge, .settings]
    }

    /// open: shows a tab; the Challenge tab shows Congratulations when the session is over.
    func open(_ tab: Tab, sessionComplete: Bool) {
        switch tab {
        case .challenge: go(sessionComplete ? .congratulations : .challenge)
        case .learn: go(.learn)
        case .settings: go(.settings)
        }
    }
}

/// ChallengeScreenState: the challenge screen's cursor over the choices.
@MainActor
@Observable
final class ChallengeScreenState {
    private(set) var selection = 0

    /// select: moves the cursor (no write when it doesn't move, so no redraw).
    func select(_ index: Int) {
        if selection != index { selection = index }
    }
}
