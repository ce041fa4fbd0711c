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
    /// welcomeFocus / congratulationsFocus: which button Enter activates.
    var congratulationsFocus = 0
    /// profileSelection: the picker's cursor.
    var profileSelection = 0
    /// questionsOverride: `--questions N`, for this run only (the saved setting is untouched).
    @ObservationIgnored var questionsOverride: Int?

    init(route: Route) {
        self.route = route
    }

    /// go: changes route, closing help (a write only when it changes).
    func go(_ route: Route) {
        if self.route != route { self.route = route }
        if helpVisible { helpVisible = false }
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
