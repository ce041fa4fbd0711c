import KuchiCore
import Observation
import KuchiData

/// Route: which screen is up.
enum Route: Equatable, Hashable, Sendable, CaseIterable {
    case register
    /// profiles: the profile picker, when several learners have saved profiles.
    case profiles
    case welcome
    case challenge
    case congratulations
    case learn
    case settings
    /// stats: the Stats tab's charts.
    case stats
    /// decks: the deck picker, from Settings.
    case decks
    /// categories: the category filter, from Settings.
    case categories
    /// word: one word's page (its cards and reviews), from the feedback or Stats.
    case word

    /// tab: the tab a route belongs to (nil before the tabs: Register and the picker). Welcome
    /// is the Challenge tab's start, so the tab bar already shows there.
    var tab: Tab? {
        switch self {
        case .register, .profiles: nil
        case .welcome, .challenge, .congratulations: .challenge
        case .learn: .learn
        case .settings, .decks, .categories: .settings
        case .stats: .stats
        // A page opened from the Challenge tab or Stats: no tab of its own (Esc goes back).
        case .word: nil
        }
    }
}

/// Tab: Kuchi's tabs after Register.
enum Tab: CaseIterable, Equatable, Hashable, Sendable {
    case challenge, learn, stats, settings

    var title: String {
        switch self {
        case .challenge: "Challenge"
        case .learn: "Learn"
        case .stats: "Stats"
        case .settings: "Settings"
        }
    }

    /// shortcut: the letter that opens the tab from any tab.
    var shortcut: Character {
        switch self {
        case .challenge: "c"
        case .learn: "l"
        case .stats: "t"
        case .settings: "s"
        }
    }
}

/// ListCursor: the highlighted row of a list (choices, profiles) — one type for every list.
///
/// `index` is nil when nothing is highlighted: a new word starts that way, so Enter cannot
/// answer a choice the learner never moved to.
struct ListCursor: Equatable, Sendable {
    private(set) var index: Int?

    init(index: Int? = nil) {
        self.index = index
    }

    /// moved: one step up (`step` -1) or down (+1) in a list of `count`, clamped; from nothing
    /// highlighted, down goes to the first row and up to the last.
    func moved(by step: Int, count: Int) -> ListCursor {
        guard count > 0 else { return ListCursor() }
        guard let index else { return ListCursor(index: step > 0 ? 0 : count - 1) }
        return ListCursor(index: min(max(index + step, 0), count - 1))
    }
}

/// WordPageRequest: a word page to show — the page as read when it opened (the store is read
/// again after a suspend) — and the screen Esc returns to.
struct WordPageRequest: Equatable, Sendable {
    var history: WordHistory
    var back: Route
}

/// SettingsRow: the rows of Settings, in order.
enum SettingsRow: CaseIterable, Equatable, Hashable, Sendable {
    case questions, appearance, learning, cardColor, newWords, retention, rollover, direction, answerKind, teachNew, audio, levels, optimize,
         syncFolder, deck, categories, forget
}

/// CongratulationsButton: the buttons at the end of a session, in order.
enum CongratulationsButton: CaseIterable, Equatable, Hashable, Sendable {
    case playAgain, backToWelcome

    var title: String {
        switch self {
        case .playAgain: "Play Again"
        case .backToWelcome: "Back to Welcome"
        }
    }
}

/// AppState: the front's own state — the route, the help overlay, and each screen's state.
///
/// Screen state (typed text, cursors, focus) lives here rather than in panes: panes are rebuilt
/// on every resize, and this must survive that (view identity versus lifetime). Each property
/// is observed on its own, so a pane reading the choice cursor is not redrawn by the settings
/// cursor.
@MainActor
@Observable
final class AppState {
    var route: Route
    var helpVisible = false
    /// quitting: set by a quit key; the run loop ends after the frame.
    var quitting = false
    let registerForm = RegisterForm()
    /// registerReturn: where Esc on Register goes (the picker or Welcome it was opened from);
    /// nil on a first launch, where Esc quits.
    var registerReturn: Route?
    /// takenProfile: Register was submitted with a name that already has a profile; the screen
    /// asks whether to open it.
    var takenProfile: Profile?
    /// choiceCursor: the highlighted choice; nothing on a new word.
    var choiceCursor = ListCursor()
    /// congratulationsButton: which button Enter presses at the end of a session.
    var congratulationsButton = CongratulationsButton.playAgain
    /// profileCursor: the picker's highlighted row.
    var profileCursor = ListCursor(index: 0)
    /// settingsRow: the focused row of Settings.
    var settingsRow = SettingsRow.questions
    /// deckCursor, categoryCursor: the highlighted rows of the deck picker and category filter.
    var deckCursor = ListCursor(index: 0)
    var categoryCursor = ListCursor(index: 0)
    /// categoryDraft: the categories ticked while they hold too few words to study (after
    /// "none", say); nil when the learner's setting is what the filter shows.
    var categoryDraft: [String]?
    /// confirmingForget: the "Forget me" confirmation is up.
    var confirmingForget = false
    /// forgetting: Forget me's deletions are running off the input loop; the line Settings shows
    /// meanwhile (nil when none runs). The screen keeps drawing; nothing reads or writes the
    /// learner until they end.
    var forgetting: String?
    /// syncFolderDraft: the Sync folder being typed in Settings; nil while not editing.
    var syncFolderDraft: String?
    /// optimizeProgress: Settings' *Optimize my scheduler*: running, or its last verdict.
    var optimizeProgress = OptimizeProgress.idle
    /// parametersSummary: which scheduler parameters are in use ("Defaults", "Your own,
    /// fitted …"); nil until read (App.settle reads it on Settings).
    var parametersSummary: String?
    /// optimizeJob: the fit running off the input loop.
    @ObservationIgnored let optimizeJob = SchedulerOptimizeJob()
    /// jobs: the work running off the input loop (sync, fit, audio, file watch) and the results
    /// it posts; one mailbox for the whole app.
    @ObservationIgnored let jobs: BackgroundJobs
    /// audio: the app's voice (`a` says the word); nil in tests that do not hear. It posts to
    /// the app's jobs.
    @ObservationIgnored var audio: AppAudio? {
        didSet { audio?.jobs = jobs }
    }
    /// wordPage: the word whose page is open, and where Esc returns.
    var wordPage: WordPageRequest?
    /// wordScroll: the first line of the word page shown.
    var wordScroll = 0
    /// wordColumns: how wide the word page was last drawn (its lines wrap to it; the scene
    /// scrolls over the wrapped lines). Not observed: drawing sets it.
    @ObservationIgnored var wordColumns: Int?
    /// hardestCursor: the highlighted row of Stats' hardest words (nothing until ↑↓).
    var hardestCursor = ListCursor()

    init(route: Route, jobs: BackgroundJobs = BackgroundJobs()) {
        self.route = route
        self.jobs = jobs
    }

    /// go: changes route, closing help and questions (a write only when it changes).
    func go(_ route: Route) {
        if self.route != route { self.route = route }
        if helpVisible { helpVisible = false }
        if confirmingForget { confirmingForget = false }
        if takenProfile != nil { takenProfile = nil }
    }

    /// set: writes a value only when it differs (a write redraws the panes that read it).
    func set<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<AppState, Value>, to value: Value) {
        if self[keyPath: keyPath] != value { self[keyPath: keyPath] = value }
    }

    /// openWord: the page `history`, from the screen `origin` (nil: the deck has no such word).
    func openWord(_ history: WordHistory?, from origin: Route) {
        guard let history else { return }
        set(\.wordPage, to: WordPageRequest(history: history, back: origin))
        set(\.wordScroll, to: 0)
        go(.word)
    }

    /// openRegister: Register for a new learner, Esc returning to `origin` (nil: Esc quits).
    func openRegister(from origin: Route?) {
        registerForm.reset()
        set(\.registerReturn, to: origin)
        go(.register)
    }

    /// visibleTabs: Learn is hidden when learning is disabled, as in Kuchi.
    static func visibleTabs(learningEnabled: Bool) -> [Tab] {
        learningEnabled ? Tab.allCases : Tab.allCases.filter { $0 != .learn }
    }

    /// open: shows a tab; the Challenge tab shows Congratulations when the session is over.
    func open(_ tab: Tab, sessionComplete: Bool) {
        switch tab {
        case .challenge: go(sessionComplete ? .congratulations : .challenge)
        case .learn: go(.learn)
        case .stats: go(.stats)
        case .settings: go(.settings)
        }
    }
}
