import Foundation
import KuchiCore
@testable import KuchiTUI
@testable import KuchiDeck
@testable import KuchiData

/// InMemoryTerminal: a TerminalBackend that composes panes into one `Screen` grid, so tests see
/// exactly what a person would, and counts what was drawn per frame.
@MainActor
final class InMemoryTerminal: TerminalBackend {
    var size: TerminalSize
    var colors: Bool
    private(set) var screen: Screen
    private(set) var cursor: (row: Int, column: Int)?
    /// shownThisFrame: pane names staged since the last `finishFrame`.
    private(set) var staged: [String] = []
    private(set) var frames: [[String]] = []
    private var hosts: [PaneHost] = []

    init(rows: Int, columns: Int, colors: Bool = true) {
        size = TerminalSize(rows: rows, columns: columns)
        self.colors = colors
        screen = Screen(rows: rows, columns: columns)
    }

    func beginLayout(_ hosts: [PaneHost], repaint: Bool) {
        self.hosts = hosts
        screen = Screen(rows: size.rows, columns: size.columns)
    }

    func show(_ host: PaneHost) {
        staged.append(host.name)
        screen.blit(host.content, row: host.frame.row, column: host.frame.column)
    }

    func restage(_ host: PaneHost) {
        screen.blit(host.content, row: host.frame.row, column: host.frame.column)
    }

    func finishFrame(cursor: (row: Int, column: Int)?) {
        self.cursor = cursor
        frames.append(staged)
        staged = []
    }

    func nextEvent(wait: Bool) -> InputEvent? { nil }

    var idleMilliseconds: Int32 = -1
}

/// Pilot: drives the real App with keys, clicks and resizes, like Textual's Pilot, and
/// reports which panes each event redrew.
@MainActor
final class Pilot {
    let terminal: InMemoryTerminal
    let app: App
    /// quiz: the app's current quiz (a new learner gets a new one).
    var quiz: ChallengesViewModel { app.quiz }
    let user: UserManager
    let state: AppState
    /// session: the learner's study, as the app has it.
    let session: LearnerSession

    init(rows: Int = 30, columns: Int = 100, deck: Deck = TestDecks.small, route: Route = .challenge,
         name: String? = "さくら", seed: UInt64 = 7, questions: Int = 3, colors: Bool = true, store: ProfileStore? = nil,
         database: LearnerDatabase? = nil, teach: Bool = false, jobs: BackgroundJobs = BackgroundJobs(), source: DeckSource? = nil) {
        terminal = InMemoryTerminal(rows: rows, columns: columns, colors: colors)
        user = UserManager(store: store, clock: { Date(timeIntervalSince1970: 1_000_000) })
        if store != nil { user.loadSavedProfiles() }
        if let name { user.register(name: name, rememberMe: false) }
        user.numberOfQuestions = questions
        // Teaching new words is tested on its own; the other tests ask at once.
        user.teachNewWords = teach
        let clock: @MainActor () -> Date = { Date(timeIntervalSince1970: 1_000_000) }
        // Like `--questions`: a registration made during the test starts from default settings.
        // With a database, quizzes come from the learner's progress, as in the app.
        // `source`: a deck file as `--deck` names it (decoded on first use); else `deck`, in memory.
        let source = source ?? DeckSource(deck)
        session = LearnerSession(user: user, bundled: source, database: database, overrides: StudyOverrides(deck: source, questions: questions),
                                 seed: seed, clock: clock)
        // A test that starts on the Challenge screen starts a session, as Enter on Welcome does.
        if route == .challenge { session.startSession() }
        // Built as main.swift builds it, without what only a real run has (sound, sync, file watch).
        let composition = AppComposition(session: session, route: route, backend: terminal, jobs: jobs, log: RenderLog(path: nil),
                                         services: nil)
        state = composition.state
        app = composition.app
        app.render()
    }

    var screen: Screen { terminal.screen }

    /// send: one event then one frame; returns the panes drawn, sorted.
    @discardableResult
    func send(_ event: InputEvent) -> [String] {
        let before = terminal.frames.count
        app.handle(event)
        app.render()
        return terminal.frames[before...].flatMap { $0 }.sorted()
    }

    @discardableResult
    func press(_ key: Key) -> [String] { send(.keyPressed(key)) }

    @discardableResult
    func press(_ character: Character) -> [String] { send(.keyPressed(.character(character))) }

    /// type: each character as its own key press; returns everything drawn.
    @discardableResult
    func type(_ text: String) -> [String] {
        text.flatMap { press($0) }.sorted()
    }

    @discardableResult
    func resize(rows: Int, columns: Int) -> [String] {
        terminal.size = TerminalSize(rows: rows, columns: columns)
        return send(.terminalResized(terminal.size))
    }

    @discardableResult
    func click(row: Int, column: Int) -> [String] { send(.mouseClicked(row: row, column: column)) }

    /// text: the screen as lines, trailing spaces trimmed (for `contains` checks).
    var lines: [String] {
        screen.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func contains(_ text: String) -> Bool {
        lines.contains { $0.contains(text) }
    }

    /// rightIndex / wrongIndex: positions of the right answer and of a wrong one.
    var rightIndex: Int { quiz.currentTest?.correctIndex ?? 0 }
    var wrongIndex: Int { ((quiz.currentTest?.correctIndex ?? 0) + 1) % 3 }

    /// answerRight / answerWrong: press the digit of the right or a wrong choice.
    @discardableResult
    func answerRight() -> [String] {
        goOnIfConfirming()
        return press(Character("\(rightIndex + 1)"))
    }

    @discardableResult
    func answerWrong() -> [String] {
        goOnIfConfirming()
        return press(Character("\(wrongIndex + 1)"))
    }

    /// goOnIfConfirming: a right answer's verdict waits for a key (issue 29): Enter goes on.
    func goOnIfConfirming() {
        if quiz.confirmation != nil { press(.enter) }
    }
}

/// TestDecks: small decks with Japanese words, built through the real validator.
enum TestDecks {
    static let small: Deck = make([
        ("猫", "ねこ", "neko", "cat", "Animals"), ("犬", "いぬ", "inu", "dog", "Animals"),
        ("鳥", "とり", "tori", "bird", "Animals"), ("魚", "さかな", "sakana", "fish", "Animals"),
        ("ありがとう", nil, "arigatō", "thank you", "Greetings"), ("はい", nil, "hai", "yes", "Greetings"),
    ])

    static func make(_ entries: [(String, String?, String, String, String?)]) -> Deck {
        let challenges = entries.map { entry -> [String: String] in
            var object = ["question": entry.0, "pronunciation": entry.2, "answer": entry.3]
            if let reading = entry.1 { object["reading"] = reading }
            if let category = entry.4 { object["category"] = category }
            return object
        }
        let json: [String: Any] = ["title": "Test deck", "challenges": challenges]
        do {
            let data = try JSONSerialization.data(withJSONObject: json)
            return try Deck.decode(data, source: "test deck")
        } catch {
            fatalError("test deck is invalid: \(error)")
        }
    }
}

/// BlockedStore: a profile store whose folder path is a regular file, so every save fails —
/// the simplest way to make a save problem appear. The file is removed on release.
final class BlockedStore {
    let store: ProfileStore
    private let blocker: URL

    init() throws {
        blocker = FileManager.default.temporaryDirectory.appendingPathComponent("kuchi-blocked-\(UUID().uuidString)")
        try Data("not a folder".utf8).write(to: blocker)
        store = ProfileStore(directory: blocker)
    }

    deinit {
        try? FileManager.default.removeItem(at: blocker)
    }
}
