import KuchiCore

/// App: the root. It owns the models and the screen state, turns input events into model
/// changes, and after each batch of events redraws only the panes marked dirty.
@MainActor
final class App {
    let state: AppState
    let user: UserManager
    let quiz: ChallengesViewModel
    private let backend: any TerminalBackend
    private let log: RenderLog
    private(set) var hosts: [PaneHost] = []
    private var layoutKey: LayoutKey?
    private var environment: PaneEnvironment?
    private var lastCursor: Position?
    /// redrawEverything: `KUCHI_REDRAW=all`, the naive baseline the benchmark compares with —
    /// every pane redrawn and the whole terminal repainted on every event.
    private let redrawEverything: Bool

    /// LayoutKey: what decides the set of panes and their frames; when it changes, every pane
    /// is rebuilt and drawn once (resize, screen change, help).
    private struct LayoutKey: Equatable {
        var size: TerminalSize
        var route: Route
        var helpVisible: Bool
        var learningEnabled: Bool
        var confirmingForget: Bool
        var notice: String?
    }

    private struct Position: Equatable {
        var row: Int
        var column: Int
    }

    /// seed: fixes the flash cards' order too (`KUCHI_SEED`, tests); nil shuffles freshly.
    private let seed: UInt64?

    init(state: AppState, user: UserManager, quiz: ChallengesViewModel, backend: any TerminalBackend, log: RenderLog,
         redrawEverything: Bool = false, seed: UInt64? = nil) {
        self.redrawEverything = redrawEverything
        self.seed = seed
        self.state = state
        self.user = user
        self.quiz = quiz
        self.backend = backend
        self.log = log
    }

    /// scene: the scene for the current route.
    var scene: any Scene {
        switch state.route {
        case .register: RegisterScene(state: state, user: user)
        case .profiles: ProfilesScene(state: state, user: user)
        case .welcome: WelcomeScene(state: state, user: user, quiz: quiz)
        case .challenge: ChallengeScene(state: state, quiz: quiz)
        case .congratulations: CongratulationsScene(state: state, user: user, quiz: quiz)
        case .learn: LearnScene(state: state, user: user, cards: flashCards)
        case .settings: SettingsScene(state: state, user: user, forgotten: { [unowned self] in self.resetSessions() })
        }
    }

    /// run: the input loop. It blocks in the terminal read while idle (no polling, no timer),
    /// handles the pending burst of events, then draws one frame. Returns the signal that
    /// ended it, if one did.
    func run() -> Int32? {
        render()
        while !state.quitting {
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

    /// handle: one event. Global keys first (help, quit), then the scene's.
    func handle(_ event: InputEvent) {
        switch event {
        case .terminalResized:
            // The one resize path: render() compares the backend's size with the last layout.
            break
        case .interrupted:
            // run() ends the loop on a signal before handling it; nothing to do here.
            break
        case .mouseClicked(let row, let column):
            guard Layout.fits(backend.size), !dismissedNotice() else { return }
            click(row: row, column: column)
        case .keyPressed(let key):
            guard Layout.fits(backend.size), !dismissedNotice() else { return }
            press(key)
        }
    }

    /// dismissedNotice: a notice is closed by the next key or click, which does nothing else —
    /// the learner was reading, not choosing (an Esc there must not quit).
    private func dismissedNotice() -> Bool {
        guard user.problem != nil else { return false }
        user.clearProblem()
        return true
    }

    private func press(_ key: Key) {
        let scene = self.scene
        if state.helpVisible {
            switch key {
            case .character("?"), .escape, .character("q"), .enter, .function(1): state.helpVisible = false
            default: break
            }
            return
        }
        if let tab = state.route.tab, !state.confirmingForget, !scene.capturesText {
            let tabs = AppState.visibleTabs(learningEnabled: user.learningEnabled)
            let index = tabs.firstIndex(of: tab) ?? 0
            switch key {
            case .tab: return open(tabs[(index + 1) % tabs.count])
            case .backTab: return open(tabs[(index + tabs.count - 1) % tabs.count])
            case .character(let letter):
                if let target = tabs.first(where: { $0.shortcut == letter }) { return open(target) }
            default: break
            }
        }
        switch key {
        case .control("c"):
            state.quitting = true
        case .function(1):
            state.helpVisible = true
        case .character("?") where !scene.capturesText:
            state.helpVisible = true
        default:
            scene.handle(key)
        }
    }

    /// resetSessions: a forgotten learner's quiz and flash cards must not pass to the next one.
    func resetSessions() {
        state.startSession(quiz, user: user)
        flashCardsStorage = nil
    }

    /// open: switches tab (from keys or a click on the tab bar).
    func open(_ tab: Tab) {
        state.open(tab, sessionComplete: quiz.isComplete)
    }

    /// flashCards: the Learn tab's deck, made on first use (a large deck costs nothing until then).
    private var flashCards: FlashCardsViewModel {
        if let cards = flashCardsStorage { return cards }
        let cards = seed.map { FlashCardsViewModel(deck: quiz.deck, random: SeededGenerator(seed: $0)) }
            ?? FlashCardsViewModel(deck: quiz.deck, random: SystemRandomNumberGenerator())
        flashCardsStorage = cards
        return cards
    }

    private var flashCardsStorage: FlashCardsViewModel?

    /// flashCardsForTesting: the Learn deck, for tests that need to know which card is up.
    var flashCardsForTesting: FlashCardsViewModel { flashCards }

    private func click(row: Int, column: Int) {
        // The Forget-me question is modal: it is answered with y or n, never by a click beside it.
        guard !state.confirmingForget else { return }
        if state.helpVisible {
            state.helpVisible = false
            return
        }
        for host in hosts.reversed() where host.frame.contains(row: row, column: column) {
            let size = TerminalSize(rows: host.frame.rows, columns: host.frame.columns)
            if host.pane.click(row: row - host.frame.row, column: column - host.frame.column, size: size) { return }
        }
    }

    /// render: rebuilds the panes when the layout key or environment changed, then draws the
    /// dirty panes, stages them, and updates the terminal once. A frame with nothing dirty
    /// writes nothing at all.
    func render() {
        let size = backend.size
        if state.route == .learn, !user.learningEnabled { state.go(.settings) }
        let key = LayoutKey(size: size, route: state.route, helpVisible: state.helpVisible,
                            learningEnabled: user.learningEnabled, confirmingForget: state.confirmingForget,
                            notice: user.problem)
        let environment = PaneEnvironment(
            size: size, sizeClass: Layout.sizeClass(for: size),
            theme: Theme.make(appearance: user.appearance, cardColor: user.cardColor, colors: backend.colors))
        if key != layoutKey || redrawEverything {
            layoutKey = key
            hosts = makeHosts(size: size, sizeClass: environment.sizeClass)  // new hosts start dirty
            backend.beginLayout(hosts, repaint: redrawEverything)
            log.note("layout \(size.rows)x\(size.columns) \(state.route)")
        } else if environment != self.environment {
            hosts.forEach { $0.markDirty() }
        }
        self.environment = environment
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

    private func makeHosts(size: TerminalSize, sizeClass: SizeClass) -> [PaneHost] {
        guard Layout.fits(size) else {
            return [PaneHost(pane: TooSmallPane(size: size), frame: Rect(row: 0, column: 0, rows: size.rows, columns: size.columns))]
        }
        let chrome = Layout.chrome(for: size)
        let scene = self.scene
        var header = HeaderPane(title: scene.title, tab: state.route.tab, user: user)
        header.select = { [unowned self] tab in self.open(tab) }
        var hosts = [PaneHost(pane: header, frame: chrome.header)]
        hosts += scene.panes(in: chrome.body, sizeClass: sizeClass).map { PaneHost(pane: $0.pane, frame: $0.frame) }
        hosts.append(PaneHost(pane: KeyBarPane(hints: { scene.hints }), frame: chrome.keyBar))
        if let problem = user.problem {
            let rows = min(NoticePane.height(for: problem, columns: chrome.body.columns), chrome.body.rows)
            let frame = Rect(row: chrome.body.row + chrome.body.rows - rows, column: chrome.body.column, rows: rows,
                             columns: chrome.body.columns)
            hosts.append(PaneHost(pane: NoticePane(user: user), frame: frame))
        }
        if state.helpVisible {
            let wanted = HelpPane.size(for: scene.help)
            let frame = Layout.centered(rows: wanted.rows, columns: wanted.columns, in: chrome.body)
            hosts.append(PaneHost(pane: HelpPane(title: scene.title, hints: scene.help), frame: frame))
        }
        return hosts
    }
}
