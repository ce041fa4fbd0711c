import Foundation
import KuchiCore
import KuchiDeck
import KuchiData

/// App: the root. It owns the models and the screen state, turns input events into model
/// changes, and after each batch of events redraws only the panes marked dirty.
@MainActor
final class App {
    let state: AppState
    /// session: the signed-in learner's study — the one owner of the quiz, counts, flash cards,
    /// statistics and notices.
    let session: LearnerSession
    /// user: the learner signed in (the session's).
    var user: UserManager { session.user }
    /// quiz: the learner's quiz (the session's).
    var quiz: ChallengesViewModel { session.quiz }
    /// shownRoute: the route of the last frame (Welcome refreshes its counts when shown).
    private var shownRoute: Route?
    /// sync: the background sync (nil in tests and without a sync folder).
    var sync: AppSync?
    /// settingsArrived: a sync received other settings while a session was under way; they
    /// are taken when it ends, so the word up and the session's queue stay as they were.
    var settingsArrived = false
    /// knownDataVersion: the database's `data_version` last looked at: when a file watch wakes
    /// the loop and it moved, another connection committed (`noticeChanges`).
    var knownDataVersion: Int?
    /// announcedSettings: settings changed elsewhere already said during this session (they
    /// apply when it ends), so each is said once.
    var announcedSettings: Set<ProfileField> = []
    /// changeNotice: what changed elsewhere, one or more sentences, until read.
    var changeNotice: String?
    private let backend: any TerminalBackend
    private let log: RenderLog
    private(set) var hosts: [PaneHost] = []
    private var layoutKey: LayoutKey?
    private var environment: PaneEnvironment?
    private var lastCursor: Position?
    /// keyBar: the hints the key bar shows, refreshed from the bindings before each frame.
    private let keyBar = KeyBar()
    /// redrawEverything: `KUCHI_REDRAW=all`, the naive baseline the benchmark compares with —
    /// every pane redrawn and the whole terminal repainted on every event.
    private let redrawEverything: Bool

    /// LayoutKey: what decides the set of panes and their frames; when it changes, every pane
    /// is rebuilt and drawn once (resize, screen change, help).
    private struct LayoutKey: Equatable {
        var size: TerminalSize
        var route: Route
        var fits: Bool
        var helpVisible: Bool
        var learningEnabled: Bool
        var confirmingForget: Bool
        var takenProfile: UUID?
        var quizGeneration: Int
        var notice: String?
        /// answerKind: typing puts the answer pane where the choices were.
        var answerKind: AnswerKind
        /// teaching: a New word card takes the choices' room too.
        var teaching: Bool
    }

    private struct Position: Equatable {
        var row: Int
        var column: Int
    }

    init(state: AppState, session: LearnerSession, backend: any TerminalBackend, log: RenderLog, redrawEverything: Bool = false) {
        self.redrawEverything = redrawEverything
        self.state = state
        self.session = session
        self.backend = backend
        self.log = log
        knownDataVersion = session.database?.dataVersion()
        settle()
    }

    /// scene: the scene for the current route.
    var scene: any Scene {
        switch state.route {
        case .register: RegisterScene(state: state, user: user)
        case .profiles: ProfilesScene(state: state, user: user)
        case .welcome: WelcomeScene(state: state, session: session, deckLine: deckLine)
        case .challenge: ChallengeScene(state: state, session: session)
        case .congratulations: CongratulationsScene(state: state, session: session)
        case .learn: LearnScene(state: state, user: user, cards: session.flashCards)
        case .settings:
            SettingsScene(state: state, session: session, deckTitle: session.studiedOutline.heading, categorySummary: categorySummary)
        case .stats:
            StatsScene(state: state, stats: session.statsModel, clock: session.clock,
                       history: { [session] in session.wordHistory(question: $0.question, reading: $0.reading) })
        case .decks: DecksScene(state: state, user: user, decks: deckChoices)
        case .categories: CategoriesScene(state: state, user: user, deck: session.wholeDeck)
        case .word: WordScene(state: state, session: session)
        }
    }

    /// run: the input loop. It blocks in the terminal read while idle (no polling, no timer),
    /// handles the pending burst of events, then draws one frame. Returns the signal that
    /// ended it, if one did.
    func run() -> Int32? {
        render()
        StartupTrace.finish("first draw")
        while !state.quitting {
            backend.idleMilliseconds = idleMilliseconds
            guard var event = backend.nextEvent(wait: true) else { continue }
            while true {
                if case .interrupted(let signal) = event { return signal }
                handle(event)
                if state.quitting { break }
                guard let next = backend.nextEvent(wait: false) else { break }
                event = next
            }
            render()
        }
        return nil
    }

    /// idleMilliseconds: how long the input loop may sleep: while Welcome is up, until the next
    /// minute (its counts refresh each minute and at the day's rollover); while the Challenge
    /// screen has nothing to study, until the next minute or the next card's due time;
    /// otherwise forever.
    private var idleMilliseconds: Int32 {
        let waiting = state.route == .challenge && quiz.nothingToStudy
        guard state.route == .welcome && session.status != nil || waiting else { return -1 }
        let now = session.clock()
        let rollover = session.selection.day.end(of: now).timeIntervalSince(now)
        // Waiting with nothing to study: also wake when the next card falls due.
        let due = waiting ? quiz.nextDue.map { $0.timeIntervalSince(now) + 0.5 } ?? 60 : 60
        let wait = min(60, max(1, min(rollover + 0.5, due)))
        return Int32(wait * 1000)
    }

    /// settle: after each event, state catches up with it — never while drawing: Learn hidden
    /// in Settings sends the route there, the session makes a new quiz when the learner or their
    /// words changed, and Welcome's counts are fresh when it is shown.
    func settle() {
        // A session that ran out of words ends where it stands, whatever key ended it (an
        // answer, `k`, a leech put away): its summary, then its sync (below, on the new route).
        if state.route == .challenge, session.isStarted, quiz.isComplete, quiz.leech == nil, !quiz.isOfferingOwnAnswer {
            state.set(\.congratulationsButton, to: .playAgain)
            state.go(.congratulations)
        }
        let synced = takeJobResults()
        sync?.update(route: state.route)
        if settingsArrived, !session.isInProgress { takeArrivedSettings() }
        settleOptimize()
        if state.route == .learn, !user.learningEnabled { state.go(.settings) }
        if state.route != .decks { deckChoicesCache = nil }
        let generation = session.quizGeneration
        session.settle()
        if session.quizGeneration != generation {
            state.set(\.choiceCursor, to: ListCursor())
            // A quiz not started yet (other words, new queue settings) is begun from Welcome.
            if !session.isStarted, state.route == .challenge || state.route == .congratulations { state.go(.welcome) }
        }
        // Welcome and the summary say what comes next.
        if state.route == .welcome || state.route == .congratulations {
            session.refreshStatus(force: shownRoute != state.route || synced != nil)
        }
        // "Nothing to study now" waits for the next card: any event (a key, the wake-up below)
        // looks at the queue again, and a card now due is asked.
        if state.route == .challenge, quiz.nothingToStudy { quiz.lookAgain() }
        shownRoute = state.route
        if let audio = state.audio {
            let listening = state.route == .challenge && quiz.currentTest?.direction == .listening
            if listening, case .failure(let problem) = audio.availability { audio.cannotListen(problem) }
            audio.sayAutomatically(shownWord, mode: state.route == .challenge ? ChallengeScene.automaticMode(quiz, setting: user.audio) : user.audio)
        }
    }

    /// handle: one event. A notice closes on any key or click, which then does its normal job
    /// (a name's first letter is typed, not swallowed) — except Esc, which only closes it.
    func handle(_ event: InputEvent) {
        defer { settle() }
        switch event {
        case .idle:
            // The wait ended with no input: Welcome's counts move on with the clock.
            break
        case .backgroundFinished:
            // A job has results (a sync, a fit, a word said, the file watch): settle() takes them.
            break
        case .terminalResized:
            // The one resize path: render() compares the backend's size with the last layout.
            break
        case .interrupted:
            // run() ends the loop on a signal before handling it; nothing to do here.
            break
        case .mouseClicked(let row, let column):
            guard contentFits, state.forgetting == nil else { return }
            clearNotice()
            click(row: row, column: column)
        case .keyPressed(let key):
            guard contentFits else { return }
            if notice != nil {
                clearNotice()
                if key == .escape { return }
            }
            press(key)
        }
    }

    /// contentFits: the screen's content fits the terminal (else the too-small screen is up and
    /// keys wait for a larger window).
    private var contentFits: Bool {
        let size = backend.size
        guard Layout.fits(size) else { return false }
        return scene.fits(in: Layout.chrome(for: size).body, sizeClass: Layout.sizeClass(for: size))
    }

    /// appBindings: the app's table under the current screen.
    private func appBindings(for scene: any Scene) -> [Binding<AppAction>] {
        AppBindings.table(route: state.route, capturesText: scene.capturesText, learningEnabled: user.learningEnabled,
                          forgetting: state.forgetting != nil)
    }

    /// press: the first enabled binding naming the key runs — the help overlay's while it is up,
    /// else the screen's, then the app's. A capital letter that matches nothing is tried in
    /// lower case (Caps Lock), and what is left is typed into the focused field.
    private func press(_ key: Key) {
        if state.helpVisible {
            if let action = AppBindings.help.lazy.compactMap({ $0.action(for: key) }).first { perform(action) }
            return
        }
        let scene = self.scene
        if dispatch(key, to: scene) { return }
        if case .character(let letter) = key, letter.isUppercase, !scene.capturesText,
           dispatch(.character(Character(letter.lowercased())), to: scene) { return }
        _ = scene.type(key)
    }

    private func dispatch(_ key: Key, to scene: any Scene) -> Bool {
        if scene.respond(to: key) { return true }
        guard let action = appBindings(for: scene).lazy.compactMap({ $0.action(for: key) }).first else { return false }
        perform(action)
        return true
    }

    /// perform: an app action, from a key or a click.
    func perform(_ action: AppAction) {
        let tabs = AppState.visibleTabs(learningEnabled: user.learningEnabled)
        let index = state.route.tab.flatMap { tabs.firstIndex(of: $0) } ?? 0
        switch action {
        case .showHelp: state.set(\.helpVisible, to: true)
        case .closeHelp: state.set(\.helpVisible, to: false)
        case .nextTab: open(tabs[(index + 1) % tabs.count])
        case .previousTab: open(tabs[(index + tabs.count - 1) % tabs.count])
        case .open(let tab): open(tab)
        case .quit: state.quitting = true
        }
    }

    /// keyBarHints: the key bar — the screen's hints, the app's, then the screen's essential
    /// ones (the way back) last, where a learner looks for them.
    func keyBarHints(for scene: any Scene) -> [KeyHint] {
        let own = scene.barHints
        let app = appBindings(for: scene).compactMap(\.barHint)
        return own.filter { $0.priority != .essential } + app + own.filter { $0.priority == .essential }
    }

    /// helpLines: the overlay — the screen's bindings, then the app's.
    func helpLines(for scene: any Scene) -> [KeyHint] {
        scene.helpLines + appBindings(for: scene).filter(\.isEnabled).map(\.helpLine)
    }

    /// deckChoicesCache: what the deck picker lists, loaded once when it opens (decks are
    /// files; `scene` is asked for on every key).
    var deckChoicesCache: [(name: String, title: String, count: Int)]?

    /// open: switches tab (from keys or a click on the tab bar).
    func open(_ tab: Tab) {
        // The figures are computed when the tab opens (the answers since were written to the
        // database); only the charts whose figures changed redraw.
        if tab == .stats, state.route != .stats { session.openStats() }
        // The Challenge tab shows the session under way (or its end); with none, Welcome,
        // where Start builds the queue.
        if tab == .challenge, !session.isStarted {
            state.go(.welcome)
            return
        }
        state.open(tab, sessionComplete: quiz.isComplete)
    }

    /// flashCardsForTesting: the Learn deck, for tests that need to know which card is up.
    var flashCardsForTesting: FlashCardsViewModel { session.flashCards }

    /// click: the topmost click target under the pointer performs its action, exactly as the
    /// key bound to it would. While a modal pane is up only its own targets count; a click
    /// anywhere closes the help overlay.
    private func click(row: Int, column: Int) {
        if state.helpVisible {
            perform(.closeHelp)
            return
        }
        let candidates = hosts.lastIndex(where: { $0.pane.isModal }).map { [hosts[$0]] } ?? hosts
        for host in candidates.reversed() {
            guard let action = host.target(row: row, column: column) else { continue }
            if let action = action as? AppAction {
                perform(action)
            } else {
                _ = scene.perform(clicked: action)
            }
            return
        }
    }

    /// render: rebuilds the panes when the layout key or environment changed, then draws the
    /// dirty panes, stages them, and updates the terminal once. A frame with nothing dirty
    /// writes nothing at all.
    func render() {
        let size = backend.size
        let key = LayoutKey(size: size, route: state.route, fits: contentFits, helpVisible: state.helpVisible,
                            learningEnabled: user.learningEnabled, confirmingForget: state.confirmingForget,
                            takenProfile: state.takenProfile?.id, quizGeneration: session.quizGeneration, notice: notice,
                            answerKind: quiz.answerKind, teaching: state.route == .challenge && quiz.teaching && quiz.currentTest != nil)
        let environment = PaneEnvironment(
            size: size, sizeClass: Layout.sizeClass(for: size),
            theme: Theme.make(appearance: user.appearance, cardColor: user.cardColor, colors: backend.colors))
        if key != layoutKey || redrawEverything {
            layoutKey = key
            hosts = makeHosts(size: size, sizeClass: environment.sizeClass, fits: key.fits)  // new hosts start dirty
            backend.beginLayout(hosts, repaint: redrawEverything)
            log.note("layout \(size.rows)x\(size.columns) \(state.route)")
        } else if environment != self.environment {
            hosts.forEach { $0.markDirty() }
        }
        self.environment = environment
        keyBar.update(keyBarHints(for: scene))
        var drawn: [Rect] = []
        for host in hosts {
            if host.renderIfDirty(environment: environment) {
                log.record(host)
                backend.show(host)
                drawn.append(host.frame)
            } else if drawn.contains(where: { $0.intersection(host.frame).isEmpty == false }) {
                // An overlay (help, a notice) above a pane that just redrew: stage it again so
                // it stays on top, without redrawing it.
                backend.restage(host)
            }
        }
        let drew = !drawn.isEmpty
        let cursor = hosts.lastIndex(where: { $0.cursor != nil }).flatMap { index -> Position? in
            let host = hosts[index]
            guard let local = host.cursor else { return nil }
            let position = Position(row: host.frame.row + local.row, column: host.frame.column + local.column)
            // A pane staged later (the help overlay) covers the field: no cursor blinking on top of it.
            let covered = hosts[(index + 1)...].contains { $0.frame.contains(row: position.row, column: position.column) }
            return covered ? nil : position
        }
        guard drew || cursor != lastCursor else { return }
        lastCursor = cursor
        backend.finishFrame(cursor: cursor.map { ($0.row, $0.column) })
    }

    private func makeHosts(size: TerminalSize, sizeClass: SizeClass, fits: Bool) -> [PaneHost] {
        let whole = Rect(row: 0, column: 0, rows: size.rows, columns: size.columns)
        guard Layout.fits(size) else { return [PaneHost(pane: TooSmallPane(size: size), frame: whole)] }
        guard fits else { return [PaneHost(pane: TooSmallPane(size: size, reason: .content), frame: whole)] }
        let chrome = Layout.chrome(for: size)
        let scene = self.scene
        var hosts = [PaneHost(pane: HeaderPane(title: scene.title, tab: state.route.tab, user: user), frame: chrome.header)]
        hosts += scene.panes(in: chrome.body, sizeClass: sizeClass).map { PaneHost(pane: $0.pane, frame: $0.frame) }
        hosts.append(PaneHost(pane: KeyBarPane(bar: keyBar), frame: chrome.keyBar))
        if let problem = notice {
            let rows = min(NoticePane.height(for: problem, columns: chrome.body.columns), chrome.body.rows)
            let frame = Rect(row: chrome.body.row + chrome.body.rows - rows, column: chrome.body.column, rows: rows,
                             columns: chrome.body.columns)
            hosts.append(PaneHost(pane: NoticePane(message: problem), frame: frame))
        }
        if state.helpVisible {
            let lines = helpLines(for: scene)
            let wanted = HelpPane.size(for: lines, within: TerminalSize(rows: chrome.body.rows, columns: chrome.body.columns))
            let frame = Layout.centered(rows: wanted.rows, columns: wanted.columns, in: chrome.body)
            hosts.append(PaneHost(pane: HelpPane(title: scene.title, hints: lines), frame: frame))
        }
        return hosts
    }
}
