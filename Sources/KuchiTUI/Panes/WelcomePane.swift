import KuchiCore

/// WelcomePane: "Hi, <name>" / "Welcome to Kuchi" and the Start button (a click target).
struct WelcomePane: Pane {
    let user: UserManager
    let quiz: ChallengesViewModel
    /// status: "3 due now · 10 new today · next review in 5 min", when progress is kept.
    var status: String?
    /// caughtUp: nothing due and today's new words done: Start offers extra practice.
    var caughtUp = false
    /// deckLine: the deck studied and which categories.
    var deckLine: String?
    let name = "welcome"

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = screen.bounds
        let top = max(0, (area.rows - 7) / 2)
        screen.putCentered("Hi, \(user.name)", row: top, in: area, style: theme.word)
        screen.putCentered("Welcome to Kuchi", row: top + 2, in: area, style: theme.title)
        screen.putCentered(status ?? "Learn Japanese words, three choices at a time.", row: top + 3, in: area,
                           style: status == nil ? theme.dim : theme.accent)
        if let deckLine {
            screen.putCentered(deckLine.truncated(toWidth: area.columns - 2), row: top + 4, in: area, style: theme.dim)
        }
        let label = quiz.isInProgress
            ? "Continue \(quiz.numberOfAnswered)/\(quiz.numberOfQuestions)"
            : (caughtUp ? "Extra practice" : "Start")
        let width = label.displayWidth + 4  // "▸ " + label + " ◂", as `button` draws it focused
        let button = screen.button(label, row: top + 6, column: max(0, (area.columns - width) / 2), focused: true, theme: theme)
        screen.onClick(button, WelcomeScene.Action.start)
    }
}

extension ChallengesViewModel {
    /// isInProgress: answers were given and the session is not over (Start resumes it).
    var isInProgress: Bool {
        !isComplete && (numberOfAnswered > 0 || score.wrong > 0)
    }
}
