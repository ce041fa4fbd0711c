import KuchiCore

/// WelcomePane: "Hi, <name>" / "Welcome to Kuchi" and the Start button (a click target).
struct WelcomePane: Pane {
    /// session: the learner's study; the pane reads the name, the counts and the session under way.
    let session: LearnerSession
    /// deckLine: the deck studied and which categories.
    var deckLine: String?
    let name = "welcome"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let user = session.user
        let quiz = session.quiz
        let figures = session.status
        let status = figures.map { $0.welcomeText(now: session.clock()) }
        let caughtUp = figures?.isCaughtUp ?? false
        let area = screen.bounds
        let top = max(0, (area.rows - 7) / 2)
        screen.putCentered("Hi, \(user.name)", row: top, in: area, style: theme.word)
        screen.putCentered("Welcome to Kuchi", row: top + 2, in: area, style: theme.title)
        screen.putCentered(status ?? "Learn Japanese words, three choices at a time.", row: top + 3, in: area,
                           style: status == nil ? theme.dim : theme.accent)
        if let deckLine {
            screen.putCentered(deckLine.truncated(toWidth: area.columns - 2), row: top + 4, in: area, style: theme.dim)
        }
        let label = session.isInProgress
            ? "Continue \(quiz.numberOfAnswered)/\(quiz.numberOfQuestions)"
            : (caughtUp ? "Extra practice" : "Start")
        let width = label.displayWidth + 4  // "▸ " + label + " ◂", as `button` draws it focused
        let button = screen.button(label, row: top + 6, column: max(0, (area.columns - width) / 2), focused: true, theme: theme)
        screen.onClick(button, WelcomeScene.Action.start)
    }
}
