import KuchiCore

/// WelcomePane: "Hi, <name>" / "Welcome to Kuchi" and the Start button.
struct WelcomePane: Pane {
    let user: UserManager
    let quiz: ChallengesViewModel
    let start: @MainActor () -> Void
    let name = "welcome"

    /// buttonRow: the Start button's row for a pane height.
    static func buttonRow(rows: Int) -> Int {
        max(0, (rows - 7) / 2) + 6
    }

    func draw(into screen: inout Screen, environment: PaneEnvironment) {
        let theme = environment.theme
        let area = Rect(row: 0, column: 0, rows: screen.rows, columns: screen.columns)
        let top = max(0, (area.rows - 7) / 2)
        screen.putCentered("Hi, \(user.name)", row: top, in: area, style: theme.word)
        screen.putCentered("Welcome to Kuchi", row: top + 2, in: area, style: theme.title)
        screen.putCentered("Learn Japanese words, three choices at a time.", row: top + 3, in: area, style: theme.dim)
        let label = startLabel
        let width = label.displayWidth + 4  // "[ " + label + " ]", as `button` draws it
        screen.button(label, row: Self.buttonRow(rows: area.rows), column: max(0, (area.columns - width) / 2),
                      focused: true, theme: theme)
    }

    /// startLabel: "Start", or "Continue 2/6" when a session is under way.
    private var startLabel: String {
        quiz.isInProgress ? "Continue \(quiz.numberOfAnswered)/\(quiz.numberOfQuestions)" : "Start"
    }

    func click(row: Int, column: Int, size: TerminalSize) -> Bool {
        let width = startLabel.displayWidth + 4
        let left = max(0, (size.columns - width) / 2)
        guard row == Self.buttonRow(rows: size.rows), column >= left, column < left + width else { return false }
        start()
        return true
    }
}

extension ChallengesViewModel {
    /// isInProgress: answers were given and the session is not over (Start resumes it).
    var isInProgress: Bool {
        !isComplete && (numberOfAnswered > 0 || score.wrong > 0)
    }
}
